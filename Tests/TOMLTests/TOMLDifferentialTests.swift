import Foundation
import TOML
import TestSupport
import Testing

/// The TOML parser against Python's `tomllib` (the reference reader shipped with Python 3.11)
/// on seeded random valid documents: both must read the same values.
@Suite("TOML parser against Python's tomllib")
struct TOMLDifferentialTests {
    static let documentCount = 2000

    @Test("every generated document reads the same in both parsers")
    func sameValuesAsTomllib() throws {
        let directory = try TemporaryDirectory()
        var generator = TOMLDocumentGenerator(seed: 0x70_4D_4C)
        var documents: [String] = []
        for index in 0..<Self.documentCount {
            let document = generator.document()
            documents.append(document)
            _ = try directory.write("\(index).toml", Array(document.utf8), mode: 0o600)
        }
        let reference = try Self.tomllibDumps(directory: directory.path, count: Self.documentCount)
        try #require(reference.count == Self.documentCount)
        var disagreements = 0
        for (index, document) in documents.enumerated() {
            let ours: String
            do {
                ours = TOMLCanonicalDump.dump(try TOML.parse(document))
            } catch {
                ours = "error: \(error)"
            }
            if ours != reference[index] {
                disagreements += 1
                if disagreements <= 5 {
                    Issue.record("document \(index) disagrees:\n\(document)\n--- ours:\n\(ours)\n--- tomllib:\n\(reference[index])")
                }
            }
        }
        #expect(disagreements == 0)
    }

    /// One canonical dump (or `error: …`) per document, from `python3`.
    static func tomllibDumps(directory: String, count: Int) throws -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", TOMLCanonicalDump.python, directory, String(count)]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "python3 with tomllib failed")
        return String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }
}

/// The same one-line dump of a TOML table on both sides: keys sorted by code point; strings
/// with every scalar outside printable ASCII (and `"`, `\`) as `\u{X}`; floats as their bit
/// pattern (any NaN as `nan`); dates `d:YYYY-MM-DD`; times `t:HH:MM:SS.micro` (tomllib keeps
/// microseconds).
enum TOMLCanonicalDump {
    static func dump(_ table: TOMLTable) -> String {
        let keys = table.keys.sorted { Array($0.unicodeScalars.map(\.value)).lexicographicallyPrecedes($1.unicodeScalars.map(\.value)) }
        return "{" + keys.map { key in string(key) + ":" + (table[key].map(dump) ?? "missing") }.joined(separator: ",") + "}"
    }

    static func dump(_ value: TOMLValue) -> String {
        switch value.kind {
        case .string(let text): string(text)
        case .integer(let integer): "i:" + String(integer)
        case .float(let float): float.isNaN ? "nan" : "f:" + String(float.bitPattern, radix: 16)
        case .boolean(let bool): bool ? "true" : "false"
        case .date(let date): "d:" + pad(date.year, 4) + "-" + pad(date.month, 2) + "-" + pad(date.day, 2)
        case .time(let time):
            "t:" + pad(time.hour, 2) + ":" + pad(time.minute, 2) + ":" + pad(time.second, 2) + "." + pad(time.nanosecond / 1000, 6)
        case .array(let elements): "[" + elements.map(dump).joined(separator: ",") + "]"
        case .table(let table): dump(table)
        }
    }

    static func string(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            if (0x20..<0x7F).contains(scalar.value), scalar != "\"", scalar != "\\" {
                out.unicodeScalars.append(scalar)
            } else {
                out += "\\u{" + String(scalar.value, radix: 16) + "}"
            }
        }
        return out + "\""
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }

    /// The same dump in Python, of `DIRECTORY/N.toml` for N below COUNT, one line each.
    static let python = #"""
import datetime, math, struct, sys, tomllib

def string(text):
    out = '"'
    for ch in text:
        c = ord(ch)
        if 0x20 <= c < 0x7F and ch not in '"\\':
            out += ch
        else:
            out += '\\u{%x}' % c
    return out + '"'

def pad(value, width):
    return str(value).rjust(width, '0')

def dump(value):
    if isinstance(value, bool):
        return 'true' if value else 'false'
    if isinstance(value, str):
        return string(value)
    if isinstance(value, int):
        return 'i:' + str(value)
    if isinstance(value, float):
        if math.isnan(value):
            return 'nan'
        return 'f:' + format(struct.unpack('<Q', struct.pack('<d', value))[0], 'x')
    if isinstance(value, datetime.datetime):
        return 'datetime:' + value.isoformat()
    if isinstance(value, datetime.date):
        return 'd:' + pad(value.year, 4) + '-' + pad(value.month, 2) + '-' + pad(value.day, 2)
    if isinstance(value, datetime.time):
        return 't:' + pad(value.hour, 2) + ':' + pad(value.minute, 2) + ':' + pad(value.second, 2) + '.' + pad(value.microsecond, 6)
    if isinstance(value, list):
        return '[' + ','.join(dump(v) for v in value) + ']'
    if isinstance(value, dict):
        return '{' + ','.join(string(k) + ':' + dump(value[k]) for k in sorted(value)) + '}'
    return 'unknown:' + repr(value)

directory, count = sys.argv[1], int(sys.argv[2])
for index in range(count):
    with open('%s/%d.toml' % (directory, index), 'rb') as f:
        try:
            print(dump(tomllib.load(f)))
        except Exception as error:
            print('error: ' + str(error).replace('\n', ' '))
"""#
}
