/// PWD_AUTH and the AUTHLIM attempt limit.
extension SimulatedTag {
    /// PWD_AUTH `1B p0 p1 p2 p3`: the 2-byte PACK when the password matches PWD.
    ///
    /// A wrong password is refused with NAK 0 and, when AUTHLIM is not 0, counted. Once
    /// 2^AUTHLIM failures are counted every PWD_AUTH is refused with NAK 4, even with the
    /// right password. A successful one resets the count.
    mutating func authenticate(_ arguments: [UInt8]) -> TagResponse {
        guard arguments.count == 4,
            let passwordPage = product.passwordPage,
            let acknowledgePage = product.passwordAcknowledgePage
        else { return .nak(TagResponse.NAK.invalidArgument) }
        if let limit = authenticationLimit, failedPasswordAttempts >= limit {
            return .nak(TagResponse.NAK.authenticationLimitReached)
        }
        guard arguments == page(passwordPage) else {
            if authenticationLimit != nil { failedPasswordAttempts += 1 }
            return .nak(TagResponse.NAK.invalidArgument)
        }
        failedPasswordAttempts = 0
        isAuthenticated = true
        return .data(Array(page(acknowledgePage).prefix(2)))
    }

    /// How many failed PWD_AUTH attempts AUTHLIM allows (2^AUTHLIM), or `nil` for no limit.
    var authenticationLimit: Int? {
        let exponent = Int(accessByte & AccessBit.authenticationLimitMask)
        return exponent == 0 ? nil : 1 << exponent
    }
}
