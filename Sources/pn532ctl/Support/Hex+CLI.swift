import Basics
import NFCCore

extension Hex {
    /// Hex from the command line or a file: either case, white space and `:` between bytes
    /// ignored.
    ///
    /// - Throws: a data error naming the first character that is not a hex digit, or saying
    ///   that the digits are odd in number.
    static func decode(_ text: String) throws(CLIError) -> [UInt8] {
        do throws(HexTextError) { return try bytes(text, skipping: commonSeparators) } catch {
            throw .data("hex input: \(error)")
        }
    }
}
