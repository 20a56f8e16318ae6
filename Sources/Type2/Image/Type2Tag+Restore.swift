extension Type2Tag {
    /// The plan for writing `image` onto this tag: every page is read first and compared
    /// (``RestorePlan``). Nothing is written.
    ///
    /// - Throws: `.unsupported` for an image of another product, `.oneTimeProgrammable` for
    ///   one the CC or lock bits cannot reach, or the read's failure.
    public func restorePlan(_ image: Type2Image, scope: RestorePlan.Scope) throws(Type2Error) -> RestorePlan {
        guard image.product == product else { throw .unsupported(.pageRange(0..<image.bytes.count / 4)) }
        return try RestorePlan(image: image, current: read(pages: 0..<product.pageCount), scope: scope)
    }

    /// Carries out `plan`, in its order, then reads every page back and compares the written
    /// ones. A plan without writes sends nothing.
    ///
    /// - Throws: the first failed write (its page named in the step), or
    ///   `.verificationFailed` for a page that reads back otherwise.
    @discardableResult
    public func restore(_ plan: RestorePlan) throws(Type2Error) -> WriteResult {
        guard !plan.writes.isEmpty else { return WriteResult(pagesWritten: 0, pagesVerified: 0) }
        for write in plan.writes {
            try self.write(page: write.page, write.bytes, step: "WRITE page \(write.page) (\(write.what))")
        }
        let back = try read(pages: 0..<product.pageCount)
        for write in plan.writes where Array(back[write.page * 4..<write.page * 4 + 4]) != write.bytes {
            throw .verificationFailed(page: write.page)
        }
        return WriteResult(pagesWritten: plan.writes.count, pagesVerified: plan.writes.count)
    }
}
