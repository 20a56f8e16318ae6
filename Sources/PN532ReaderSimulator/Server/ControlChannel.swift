import Basics
import NFCCore
import PN532
import PN532Simulator
import POSIXIO
import SystemPackage

#if canImport(Glibc)
import Glibc
#endif

/// Commands to a running simulator, one per line on standard input or a FIFO:
/// `present SPEC`, `remove [UID]`, `return [UID]`, `list`, `save UID FILE`, `rate BPS`,
/// `stall`, `reset`, `status`, `help`. Each command's answer goes to `reply`. Commands take
/// effect in the order they come, each before the next is read: `list` right behind a
/// `present` lists the tag.
final class ControlChannel {
    /// The descriptor to poll; -1 once standard input has ended.
    private(set) var descriptor: Int32
    private var pending: [UInt8] = []
    private let reply: (String) -> Void

    /// What the channel understands, for `help` and the command line's help.
    static let help = "commands: present SPEC | remove [UID] | return [UID] | list | save UID FILE | rate BPS | stall | reset | status | help"

    /// Reads commands from `path` (a FIFO, opened read-write so that it never reaches end of
    /// file), or from standard input when nil; answers through `reply`.
    init(path: String?, reply: @escaping (String) -> Void) throws(SimulatorServerError) {
        self.reply = reply
        if let path {
            do throws(Errno) {
                descriptor = try FileDescriptor.opening(path, .readWrite, options: .nonBlocking).rawValue
            } catch {
                throw .control(path: path, error)
            }
        } else {
            descriptor = STDIN_FILENO
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        }
    }

    /// Reads what is there and carries out every complete line against `chip`.
    func service(_ chip: SimulatedPN532) {
        let bytes: [UInt8]
        do throws(Errno) {
            bytes = try FileDescriptor(rawValue: descriptor).readSome(upTo: 4096)
        } catch Errno.wouldBlock {
            return
        } catch {
            bytes = []
        }
        guard !bytes.isEmpty else {
            descriptor = -1
            return
        }
        pending += bytes
        while let newline = pending.firstIndex(of: 0x0A) {
            let line = String(decoding: pending[..<newline], as: UTF8.self)
            pending.removeSubrange(...newline)
            answer(execute(line.split(separator: " ").map(String.init), on: chip))
        }
        if pending.count > Self.lineLimit {
            pending.removeAll()
            answer("error: a command line longer than \(Self.lineLimit) bytes")
        }
    }

    /// The longest command line kept while waiting for its line feed.
    static let lineLimit = 4096

    private func execute(_ words: [String], on chip: SimulatedPN532) -> String {
        switch (words.first, words.count) {
        case (nil, _):
            return ""
        case ("present", 2):
            do {
                let tag = try TagSpec.parse(words[1]).makeTag()
                chip.change(.present(tag), at: .monotonicNow())
                return "present \(Hex.encode(tag.uid)) \(tag.product.name)"
            } catch {
                return "error: \(error)"
            }
        case ("remove", 1):
            chip.change(.remove(uid: nil), at: .monotonicNow())
            return "removed all"
        case ("remove", 2):
            guard let uid = try? Hex.bytes(words[1], skipping: Hex.commonSeparators), chip.field.contains(where: { $0.uid == uid }) else {
                return "error: no tag with UID \(words[1]) in the field (list shows them)"
            }
            chip.change(.remove(uid: uid), at: .monotonicNow())
            return "removed \(Hex.encode(uid))"
        case ("return", 1), ("return", 2):
            let uid = words.count == 2 ? try? Hex.bytes(words[1], skipping: Hex.commonSeparators) : nil
            guard let tag = chip.departedTags.last(where: { words.count == 1 || $0.uid == uid }) else {
                return "error: no tag" + (words.count == 2 ? " with UID \(words[1])" : "") + " has left the field"
            }
            chip.change(.present(tag), at: .monotonicNow())
            return "returned \(Hex.encode(tag.uid)) \(tag.product.name)"
        case ("list", 1):
            return chip.field.isEmpty ? "field empty" : chip.field.map { "\(Hex.encode($0.uid)) \($0.product.name)" }.joined(separator: "\n")
        case ("save", 3):
            guard let uid = try? Hex.bytes(words[1], skipping: Hex.commonSeparators), let tag = chip.field.first(where: { $0.uid == uid }) else {
                return "error: no tag with UID \(words[1]) in the field (list shows them)"
            }
            do throws(Errno) {
                try FileDescriptor.write(tag.mfdImage, toPath: words[2])
            } catch {
                return "error: cannot write \(words[2]): \(error)"
            }
            return "saved \(Hex.encode(uid)) \(tag.mfdImage.count) bytes"
        case ("stall", 1):
            chip.stall()
            return "stalled (reset brings it back)"
        case ("reset", 1):
            chip.reset(at: .monotonicNow())
            return "reset"
        case ("rate", 2):
            guard let bps = ASCIINumber.parse(words[1], as: Int.self), let rate = BaudRate(bitsPerSecond: bps) else {
                return "error: \(words[1]) is not a PN532 rate"
            }
            chip.leaveAtRate(rate)
            return "rate \(bps)"
        case ("status", 1):
            return chip.statusLine
        case ("help", 1):
            return Self.help
        default:
            return "error: '\(words.joined(separator: " "))' — \(Self.help)"
        }
    }

    private func answer(_ text: String) {
        guard !text.isEmpty else { return }
        reply(text)
    }
}
