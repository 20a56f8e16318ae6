import DoorRecords

extension AuditLog {
    /// Opens the log an `[audit]` section describes.
    public convenience init(_ config: AuditConfig) throws(AuditLogError) {
        try self.init(path: config.path, maxBytes: config.maxBytes, keep: config.keep)
    }
}
