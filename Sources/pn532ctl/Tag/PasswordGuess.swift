import ArgumentParser
import Type2

/// What a PWD_AUTH can cost: NTAG21x and Ultralight EV1 count failed attempts against
/// AUTHLIM and never say how many are used, so a wrong password may be the last one allowed,
/// after which PWD_AUTH is disabled for good. Every command asks for `--yes` before such a
/// guess (``TagSession/authenticate(_:confirmed:quiet:)``, `unprotect`).
enum PasswordGuess {
    /// The help of the `--yes` that confirms such a guess.
    static let confirmationHelp = ArgumentHelp(
        "Confirm trying the password when a wrong one can use up the tag's attempt limit (AUTHLIM set, or unreadable).")

    /// Refuses a guess on a tag in `state` that can use up its attempt limit unless
    /// `confirmed`: a usage error (64) naming `--yes`.
    static func confirm(_ state: ProtectionState, confirmed: Bool) throws(CLIError) {
        guard state.wrongGuessCounts, !confirmed else { return }
        throw .needsConfirmation(limitWarning(state))
    }

    /// What a wrong password can cost on a tag in `state`.
    static func limitWarning(_ state: ProtectionState) -> String {
        guard let allowed = state.allowedFailures else {
            return "the tag's attempt limit (AUTHLIM) cannot be read without the password: a wrong password may use up the last attempt and disable PWD_AUTH for good"
        }
        return "the tag allows \(allowed) failed password attempts in all (AUTHLIM \(state.attemptLimit ?? 0)) and does not say how many are used: "
            + "a wrong password may use up the last one and disable PWD_AUTH for good"
    }

    /// The error for a PWD_AUTH the tag in `state` refused.
    static func wrongPassword(_ state: ProtectionState) -> CLIError {
        .refused("wrong password: the tag refused PWD_AUTH; " + afterFailure(state))
    }

    /// What a refused PWD_AUTH means for a tag in `state`.
    static func afterFailure(_ state: ProtectionState) -> String {
        guard state.wrongGuessCounts else { return "the tag has no attempt limit (AUTHLIM 0): try again with the right password" }
        return "this attempt was counted against AUTHLIM"
            + (state.allowedFailures.map { " (\($0) failed attempts in all; once they are used PWD_AUTH is disabled for good)" } ?? "")
            + "; a right password resets the count"
    }

    /// The AUTHLIM of `--attempt-limit N` (N failed attempts; 0: no limit): a usage error
    /// naming the option and the values the tag can store for any other N.
    static func authenticationLimit(attempts: Int) throws(ValidationError) -> UInt8 {
        guard let limit = AttemptLimit.authenticationLimit(attempts: attempts) else {
            let counts = AttemptLimit.attemptCounts.map(String.init).joined(separator: ", ")
            throw ValidationError("--attempt-limit must be 0 (no limit) or \(counts) failed attempts (the tag stores powers of two), not \(attempts)")
        }
        return limit
    }

    /// The help of `--attempt-limit`.
    static let attemptLimitHelp = ArgumentHelp(attemptLimitText, valueName: "N")

    /// What `--attempt-limit N` means, in words.
    static let attemptLimitText =
        "Failed password attempts allowed before PWD_AUTH is disabled for good: 2, 4, 8, 16, 32, 64 or 128 (the tag stores powers of two); 0: no limit."
}
