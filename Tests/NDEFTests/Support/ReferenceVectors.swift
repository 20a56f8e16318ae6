import TestSupport
import Testing
@testable import NDEF

/// A message from ../shared/reference/ndef.md with the records it must decode to.
struct ReferenceVector: CustomTestStringConvertible, Sendable {
    var name: String
    var bytes: [UInt8]
    var records: [NDEFRecord]
    /// True for the record-level vectors that carry no MB/ME flags: they decode only in
    /// lenient mode, and encode through `NDEFRecord.encoded(messageBegin:messageEnd:)`.
    var withoutMessageFlags = false

    var testDescription: String { name }
}

func record(_ format: TypeNameFormat, _ type: String, id: String = "", _ payload: [UInt8]) -> NDEFRecord {
    NDEFRecord(unchecked: format, type: Array(type.utf8), identifier: Array(id.utf8), payload: payload)
}

let referenceVectors: [ReferenceVector] = [
    ReferenceVector(
        name: "URI http://nfcpy.org", bytes: hex("D1010A55036E666370792E6F7267"),
        records: [record(.nfcWellKnown, "U", hex("036E666370792E6F7267"))]),
    ReferenceVector(
        name: "URI https://nfcpy.org", bytes: hex("D1010A55046E666370792E6F7267"),
        records: [record(.nfcWellKnown, "U", hex("046E666370792E6F7267"))]),
    ReferenceVector(
        name: "URI http + https", bytes: hex("91010A55036E666370792E6F7267 51010A55046E666370792E6F7267"),
        records: [record(.nfcWellKnown, "U", hex("036E666370792E6F7267")),
                  record(.nfcWellKnown, "U", hex("046E666370792E6F7267"))]),
    ReferenceVector(
        name: "URI smtp (no prefix)", bytes: hex("D101115500736D74703A2F2F6E666370792E6F7267"),
        records: [record(.nfcWellKnown, "U", [0] + Array("smtp://nfcpy.org".utf8))]),
    ReferenceVector(
        name: "Text TEXT", bytes: hex("D101075402656E54455854"),
        records: [record(.nfcWellKnown, "T", hex("02656E54455854"))]),
    ReferenceVector(
        name: "Text Hello", bytes: hex("D101085402656E48656C6C6F"),
        records: [record(.nfcWellKnown, "T", hex("02656E48656C6C6F"))]),
    ReferenceVector(
        name: "Smart Poster", bytes: hex("D1021A5370 91010A55036E666370792E6F7267 5101085402656E6E66637079"),
        records: [record(.nfcWellKnown, "Sp", hex("91010A55036E666370792E6F7267 5101085402656E6E66637079"))]),
    ReferenceVector(
        name: "three empty records", bytes: hex("900000 100000 500000"),
        records: [.empty, .empty, .empty]),
    ReferenceVector(
        name: "type X, id, payload", bytes: hex("19010702 58 6964 7061796C6F6164"),
        records: [record(.nfcWellKnown, "X", id: "id", Array("payload".utf8))],
        withoutMessageFlags: true),
    ReferenceVector(
        name: "long record", bytes: hex("09010000010002 58 6964") + [UInt8](repeating: 0x70, count: 256),
        records: [record(.nfcWellKnown, "X", id: "id", [UInt8](repeating: 0x70, count: 256))],
        withoutMessageFlags: true),
    ReferenceVector(
        name: "MIME text/plain", bytes: hex("D20A02746578742F706C61696E6869"),
        records: [record(.media, "text/plain", Array("hi".utf8))]),
    ReferenceVector(
        name: "External example.com:door", bytes: hex("D410016578616D706C652E636F6D3A646F6F7201"),
        records: [record(.nfcExternal, "example.com:door", [0x01])]),
    ReferenceVector(
        name: "Text Hello UTF-16 LE with BOM", bytes: hex("D1010F54 82 656E FFFE48006500 6C006C006F00"),
        records: [record(.nfcWellKnown, "T", hex("82656EFFFE480065006C006C006F00"))]),
]
