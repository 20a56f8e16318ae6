import SystemPackage

#if canImport(Glibc)
import Glibc
#endif

extension FileDescriptor {
    /// One read(2) into `buffer`, retried on EINTR: how many bytes came, 0 at the end of the
    /// file. A non-blocking descriptor with nothing to read throws `.wouldBlock`.
    public func readSome(into buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> Int {
        try retryingInterrupts { Glibc.read(rawValue, buffer.baseAddress, buffer.count) }
    }

    /// One read(2) of at most `count` bytes, retried on EINTR; empty at the end of the file.
    public func readSome(upTo count: Int) throws(Errno) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: max(0, count))
        let received = try retryingInterrupts { buffer.withUnsafeMutableBytes { Glibc.read(rawValue, $0.baseAddress, $0.count) } }
        buffer.removeSubrange(received...)
        return buffer
    }

    /// Reads exactly `count` bytes from `offset` (pread(2), the file position untouched),
    /// continuing after short reads and EINTR; reaching the end of the file first is EIO.
    public func readExactly(_ count: Int, at offset: Int) throws(Errno) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: max(0, count))
        var filled = 0
        while filled < bytes.count {
            let received: Int
            do {
                received = try bytes.withUnsafeMutableBytes { raw in
                    try read(fromAbsoluteOffset: Int64(offset + filled), into: UnsafeMutableRawBufferPointer(rebasing: raw[filled...]), retryOnInterrupt: true)
                }
            } catch {
                throw Errno(error)
            }
            guard received > 0 else { throw Errno.ioError }
            filled += received
        }
        return bytes
    }

    /// Reads to the end of the file, but never more than `limit` + 1 bytes: a result longer
    /// than `limit` means the file holds more (the caller refuses it). Short reads and EINTR
    /// are handled here.
    public func readToEnd(limit: Int, chunk: Int = 1 << 16) throws(Errno) -> [UInt8] {
        var bytes: [UInt8] = []
        while bytes.count <= limit {
            let room = limit - bytes.count
            let wanted = room >= chunk ? max(1, chunk) : room + 1
            let more = try readSome(upTo: wanted)
            if more.isEmpty { return bytes }
            bytes += more
        }
        return bytes
    }

    /// One write(2) of `bytes`, retried on EINTR: how many were taken (possibly fewer). A
    /// non-blocking descriptor that takes nothing now throws `.wouldBlock`.
    public func writeSome(_ bytes: ArraySlice<UInt8>) throws(Errno) -> Int {
        do {
            return try bytes.withUnsafeBytes { raw in try write(raw, retryOnInterrupt: true) }
        } catch {
            throw Errno(error)
        }
    }

    /// Writes all of `bytes`, continuing after short writes and EINTR. Unlike swift-system's
    /// `writeAll`, a write that takes nothing (a device that stops taking bytes) ends with
    /// EIO instead of being repeated for ever.
    public func writeEverything(_ bytes: [UInt8]) throws(Errno) {
        var offset = 0
        while offset < bytes.count {
            let written = try writeSome(bytes[offset...])
            guard written > 0 else { throw Errno.ioError }
            offset += written
        }
    }

    /// fsync(2), retried on EINTR: the file's data and metadata are on the disk.
    public func sync() throws(Errno) {
        try retryingInterrupts { fsync(rawValue) }
    }

    /// ftruncate(2), retried on EINTR.
    public func truncate(to size: Int) throws(Errno) {
        try retryingInterrupts { ftruncate(rawValue, off_t(size)) }
    }

}
