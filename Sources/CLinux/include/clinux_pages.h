#ifndef CLINUX_PAGES_H
#define CLINUX_PAGES_H

/// madvise(MADV_DONTNEED) over the whole pages of every loadable segment of the program and
/// of its shared libraries (not the kernel's vDSO) that is mapped without write permission:
/// code, read-only data, symbol and relocation tables. Such pages are never written, so the
/// mapping keeps showing the file's bytes: the next touch maps the page again from the page
/// cache (a minor fault). Writable segments (data, bss, and the relocated read-only-after-
/// relocation part) are never touched, nor is an object with text relocations. Returns the
/// bytes given back, or -1 with errno set.
long clinux_release_program_pages(void);

#endif
