import SystemPackage

extension FileDescriptor {
    /// Writes `bytes` as the whole content of the file at `path` (created rw-r--r-- when
    /// missing, truncated when not); `-` writes them to standard output instead.
    public static func write(_ bytes: [UInt8], toPath path: String) throws(Errno) {
        if path == "-" {
            try FileDescriptor.standardOutput.writeEverything(bytes)
            return
        }
        let descriptor = try FileDescriptor.opening(
            path, .writeOnly, options: [.create, .truncate], permissions: [.ownerReadWrite, .groupRead, .otherRead])
        defer { descriptor.closeQuietly() }
        try descriptor.writeEverything(bytes)
    }
}
