import TestSupport
import Glibc
import PN532ReaderSimulator
import PN532Simulator
import Testing

struct TagSpecTests {
    @Test func factoryTag() throws {
        let tag = try TagSpec(product: .ntag215).makeTag(readFile: { _ in [] })
        #expect(tag == SimulatedTag(product: .ntag215))
    }

    @Test func uidAndSignatureAreApplied() throws {
        let signature = [UInt8](repeating: 0x5A, count: 32)
        let spec = TagSpec(product: .ntag213, uid: hex("04112233445566"), signature: signature)
        let tag = try spec.makeTag(readFile: { _ in [] })
        #expect(tag.uid == hex("04112233445566"))
        #expect(tag.signature == signature)
    }

    @Test func blankTag() throws {
        let tag = try TagSpec.parse("blank").makeTag(readFile: { _ in [] })
        #expect(tag == SimulatedTag.blank())
    }

    @Test func imageIsLoadedThroughTheReader() throws {
        var image = SimulatedTag(product: .ultralight, uid: hex("04010203040506")).mfdImage
        image[16] = 0x42
        var requested: [String] = []
        let tag = try TagSpec.parse("ultralight:image=tag.mfd").makeTag { path in
            requested.append(path)
            return image
        }
        #expect(requested == ["tag.mfd"])
        #expect(tag.memory == image)
        #expect(tag.uid == hex("04010203040506"))
    }

    @Test func imageOfTheWrongSizeIsRefused() {
        #expect(throws: TagImageError.wrongSize(product: .ntag213, expected: 180, actual: 64)) {
            try TagSpec.parse("ntag213:image=tag.mfd").makeTag { _ in [UInt8](repeating: 0, count: 64) }
        }
    }

    @Test func readerErrorsPassThrough() {
        struct Missing: Error, Equatable {}
        #expect(throws: Missing()) {
            try TagSpec.parse("ntag213:image=tag.mfd").makeTag { _ in throw Missing() }
        }
    }

    @Test func imageFileIsReadFromDisk() throws {
        let image = SimulatedTag(product: .ntag210).mfdImage
        let path = try #require(writeTemporaryFile(image))
        defer { unlink(path) }
        let tag = try TagSpec.parse("ntag210:image=\(path)").makeTag()
        #expect(tag.memory == image)
    }

    @Test func missingImageFileIsReported() {
        #expect(throws: TagImageError.unreadable(path: "/nonexistent/tag.mfd", reason: "No such file or directory")) {
            try TagSpec.parse("ntag215:image=/nonexistent/tag.mfd").makeTag()
        }
    }

    @Test func oversizedFileIsRefused() throws {
        let path = try #require(writeTemporaryFile([UInt8](repeating: 0, count: 5000)))
        defer { unlink(path) }
        #expect(throws: TagImageError.fileTooLarge(path: path, limit: 4096)) {
            try TagSpec.parse("ntag215:image=\(path)").makeTag()
        }
    }

    /// Writes `bytes` to a new temporary file and returns its path.
    private func writeTemporaryFile(_ bytes: [UInt8]) -> String? {
        var template = Array("/tmp/pn532-tag-XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.map { mkstemp($0) } ?? -1
        }
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        guard written == bytes.count else { return nil }
        return String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
