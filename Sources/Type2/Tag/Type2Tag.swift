import NDEF
import NFCCore

/// An NFC Forum Type 2 tag (NTAG21x, MIFARE Ultralight) seen as pages, over a `TagExchange`.
///
/// Reads use FAST_READ in the largest chunks a normal PN532 frame carries, and only the pages
/// that hold what is asked for; plain Ultralight reads 4 pages per READ.
public final class Type2Tag {
    /// How tag commands reach the tag.
    public let exchange: any TagExchange
    /// The product, from GET_VERSION.
    public let product: Type2Product
    /// The GET_VERSION answer; nil for plain Ultralight.
    public let version: [UInt8]?

    /// The most pages one FAST_READ asks for: as many whole pages as one answer of the
    /// transport carries (63 pages, 252 bytes, over a PN532's normal frame), at least 4.
    public var fastReadPageLimit: Int {
        max(4, exchange.maximumAnswerLength / 4)
    }

    /// One more than the highest page a command can address (the address is one byte).
    static let pageAddressLimit = 256

    /// A tag whose product is already known.
    public init(exchange: any TagExchange, product: Type2Product, version: [UInt8]?) {
        self.exchange = exchange
        self.product = product
        self.version = version
    }

    /// Identifies the tag by GET_VERSION; a tag that does not answer is re-selected and taken
    /// as a plain MIFARE Ultralight (16 pages).
    public static func identify(_ exchange: any TagExchange) throws(Type2Error) -> Type2Tag {
        let version: [UInt8]
        do throws(TagExchangeError) {
            version = try exchange.exchange([0x60])
        } catch .noAnswer, .negativeAcknowledgement {
            do throws(TagExchangeError) { try exchange.reselect() } catch {
                throw .exchange(error, step: "select again after GET_VERSION")
            }
            return Type2Tag(exchange: exchange, product: .ultralight, version: nil)
        } catch {
            throw .exchange(error, step: "GET_VERSION")
        }
        guard let product = Type2Product(version: version) else { throw .unknownProduct(version: version) }
        return Type2Tag(exchange: exchange, product: product, version: version)
    }

    /// The bytes of `pages`, in as few commands as the product allows.
    public func read(pages: Range<Int>) throws(Type2Error) -> [UInt8] {
        guard pages.lowerBound >= 0, pages.upperBound <= Self.pageAddressLimit else {
            throw .unsupported(.pageRange(pages))
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(pages.count * 4)
        var page = pages.lowerBound
        while page < pages.upperBound {
            if product.hasExtendedCommands {
                let last = min(pages.upperBound, page + fastReadPageLimit) - 1
                bytes += try send([0x3A, UInt8(page), UInt8(last)], step: "FAST_READ pages \(page)-\(last)", expecting: (last - page + 1) * 4)
                page = last + 1
            } else {
                let answer = try send([0x30, UInt8(page)], step: "READ page \(page)", expecting: 16)
                bytes += answer.prefix((pages.upperBound - page) * 4)
                page += 4
            }
        }
        return bytes
    }

    /// Sends a command the tag answers with a frame (or `answer`) and checks the answer's length.
    func send(_ command: [UInt8], step: String, expecting count: Int? = nil, answer kind: TagAnswer = .frame) throws(Type2Error) -> [UInt8] {
        let answer: [UInt8]
        do throws(TagExchangeError) { answer = try exchange.exchange(command, answer: kind) } catch { throw .exchange(error, step: step) }
        if let count, answer.count != count {
            throw .exchange(.transport(TransportFailure(.malformedAnswer, "answer of \(answer.count) bytes, \(count) expected")), step: step)
        }
        return answer
    }
}
