import NFCCore
/// A tag's password protection, as far as it can be read without the password.
public struct ProtectionState: Hashable, Sendable {
    /// The first page that needs PWD_AUTH (AUTH0), or nil when protection is off.
    public var firstProtectedPage: Int?
    /// True when reads need the password too (PROT); nil when the configuration pages are
    /// unreadable.
    public var protectsReads: Bool?
    /// AUTHLIM (0: unlimited attempts, n: 2^n failed attempts disable PWD_AUTH for good); nil
    /// when the configuration pages are unreadable, and on Ultralight AES, whose 10-bit count
    /// ``UltralightAESConfiguration`` decodes.
    public var attemptLimit: UInt8?

    /// Creates a state.
    public init(firstProtectedPage: Int?, protectsReads: Bool?, attemptLimit: UInt8?) {
        self.firstProtectedPage = firstProtectedPage
        self.protectsReads = protectsReads
        self.attemptLimit = attemptLimit
    }

    /// True when a wrong password can use up AUTHLIM, or AUTHLIM is unknown.
    public var wrongGuessCounts: Bool { firstProtectedPage != nil && attemptLimit != 0 }

    /// The failed attempts AUTHLIM allows in all, when limited and known.
    public var allowedFailures: Int? {
        guard let attemptLimit, attemptLimit != 0 else { return nil }
        return AttemptLimit.attempts(authenticationLimit: attemptLimit)
    }
}

extension Type2Tag {
    /// The tag's protection: AUTH0, PROT and AUTHLIM from the configuration pages, or, when
    /// reads of them need the password, AUTH0 found as the first page a one-page read is
    /// refused at (the tag is selected again after each refusal).
    public func readProtection() throws(Type2Error) -> ProtectionState {
        guard let configuration = product.configurationPage else {
            return ProtectionState(firstProtectedPage: nil, protectsReads: false, attemptLimit: 0)
        }
        if let pages = try readableOrNil(configuration..<configuration + 2) {
            let auth0 = Int(pages[3])
            return ProtectionState(
                firstProtectedPage: auth0 < product.pageCount ? auth0 : nil,
                protectsReads: pages[4] & 0x80 != 0, attemptLimit: product.hasPasswordAuthentication ? pages[4] & 0x07 : nil)
        }
        var readable = -1
        var refused = configuration
        while refused - readable > 1 {
            let middle = (readable + refused) / 2
            if try readableOrNil(middle..<middle + 1) == nil { refused = middle } else { readable = middle }
        }
        return ProtectionState(firstProtectedPage: refused, protectsReads: true, attemptLimit: nil)
    }

    /// The bytes of `pages`, or nil when the tag refuses the read (it is then selected again).
    private func readableOrNil(_ pages: Range<Int>) throws(Type2Error) -> [UInt8]? {
        do throws(Type2Error) { return try read(pages: pages) } catch {
            guard case .exchange(.negativeAcknowledgement, _) = error else { throw error }
            do throws(TagExchangeError) { try exchange.reselect() } catch { throw .exchange(error, step: "select again") }
            return nil
        }
    }

    /// `error` restated as `.passwordProtected` when the tag's protection explains it: a
    /// refused command, or NDEF data that looks invalid because a READ crossing AUTH0 rolled
    /// over to page 0; otherwise `error` itself. Costs a few reads, only after a failure.
    public func explainingProtection(_ error: Type2Error) -> Type2Error {
        guard product.configurationPage != nil else { return error }
        let step: String
        switch error {
        case let .exchange(.negativeAcknowledgement, failed): step = failed
        case .invalidNDEF: step = "reading the NDEF data"
        default: return error
        }
        guard (try? exchange.reselect()) != nil, let state = try? readProtection(), let first = state.firstProtectedPage else { return error }
        if case .invalidNDEF = error, state.protectsReads != true || first >= product.userMemoryEnd { return error }
        return .passwordProtected(firstProtectedPage: first, step: step)
    }
}
