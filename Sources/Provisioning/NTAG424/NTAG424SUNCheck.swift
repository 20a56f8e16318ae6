import Basics
import Credentials
import NDEF

/// Provisioning's check of one SUN read back from a card it keyed: the URL the card mirrored,
/// verified by the shared SUN verifier (``SUNVerifier``, what `pn532ctl sun verify` runs) with
/// the site's PICCData key and key 1 diversified as ``NTAG424Keys`` diversifies it; the UID it
/// names must be the card's and `{enc}` must decrypt to the file data.
public enum NTAG424SUNCheck {
    /// What a SUN read back does not show.
    public struct Failure: Error, Equatable, CustomStringConvertible {
        /// What is wrong.
        public let description: String
    }

    /// Checks the mirrored `image` (the file from offset 0, as an unauthenticated read returns
    /// it) of the card with `uid`, keyed with `keys`, against `template`; the SDMReadCtr it
    /// carries.
    public static func verify(_ image: [UInt8], template: NTAG424SUNTemplate, uid: [UInt8], keys: NTAG424Keys) throws(Failure) -> Int {
        guard image.count >= 2 else { throw Failure(description: "the card's NDEF file is \(image.count) bytes: no NLEN") }
        let length = Int(image[0]) << 8 | Int(image[1])
        guard length <= image.count - 2 else { throw Failure(description: "NLEN \(length) runs past the \(image.count - 2) bytes read") }
        let message: NDEFMessage
        do throws(NDEFError) { message = try NDEFMessage(decoding: Array(image[2..<2 + length])) } catch {
            throw Failure(description: "the card's NDEF file does not decode: \(error)")
        }
        guard message.records.count == 1, let record = message.records.first, record.type == URIPayload.recordType,
              let url = try? URIPayload(decoding: record.payload).uri
        else {
            throw Failure(description: "the card's NDEF file does not hold one URI record")
        }
        let verifier = SUNVerifier(
            piccKey: keys.piccKey, macKey: .diversified(master: keys.master, applicationID: [], systemIdentifier: [NTAG424Keys.sdmFileRead] + keys.systemIdentifier),
            layout: template.layout)
        let sun: SUNMessage
        do throws(SUNError) { sun = try verifier.verify(url: url) } catch {
            throw Failure(description: "the SUN does not verify: \(error)")
        }
        guard sun.uid == uid else {
            throw Failure(description: "the SUN names UID \(Hex.encode(sun.uid)), not the card's \(Hex.encode(uid))")
        }
        if let data = template.fileData, sun.fileData != data {
            throw Failure(description: "the encrypted file data does not decrypt to --file-data")
        }
        return Int(sun.counter)
    }
}
