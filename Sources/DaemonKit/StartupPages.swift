import CLinux
import SystemPackage

#if canImport(Glibc)
import Glibc
#endif

/// The read-only pages of the program and its shared libraries (code, read-only data, symbol
/// and relocation tables), given back once start-up is over. Start-up touches code the loop never runs again (argument
/// parsing, the configuration's decoder, the preflight), and the kernel maps 64 KiB around each
/// page touched: without this, a daemon keeps all of it resident for its whole life. After it,
/// only what the loop runs comes back, each page from the page cache (a minor fault, no
/// read). Writable pages are never touched: nothing the program holds changes.
public enum StartupPages {
    /// Releases the pages; returns the bytes given back, or the error madvise(2) gave.
    @discardableResult
    public static func release() -> Result<Int, Errno> {
        let released = clinux_release_program_pages()
        guard released >= 0 else { return .failure(Errno(rawValue: errno)) }
        return .success(released)
    }
}
