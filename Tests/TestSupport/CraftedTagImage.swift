import Foundation

/// The crafted tag images of `Tests/Fixtures/crafted` (libnfc `.mfd` page dumps that crashed
/// or stalled earlier versions; the folder's README says what each holds).
public enum CraftedTagImage: String, CaseIterable, Sendable, CustomStringConvertible {
    case crashA = "crash-a"
    case crashB = "crash-b"
    case crashC = "crash-c"
    case stall216
    case ccE2 = "cc-e2"

    /// The images that crashed the TLV walk.
    public static let crashes: [CraftedTagImage] = [.crashA, .crashB, .crashC]

    /// The folder of the images, found from this source file (tests run from the checkout).
    public static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/crafted")

    /// The image's path.
    public var path: String { Self.folder.appendingPathComponent(rawValue + ".mfd").path }

    /// The image's bytes.
    public func bytes() throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// The simulator's product name for the image's tag (`ntag213`, `ntag216`).
    public var productName: String { self == .stall216 ? "ntag216" : "ntag213" }

    /// The UID the image holds.
    public var uid: [UInt8] {
        self == .stall216 ? [0x04, 0xC0, 0xFF, 0xEE, 0x00, 0x02, 0x16] : [0x04, 0xC0, 0xFF, 0xEE, 0x00, 0x00, 0x01]
    }

    public var description: String { rawValue }
}
