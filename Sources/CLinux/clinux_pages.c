#define _GNU_SOURCE
#include "clinux_pages.h"

#include <errno.h>
#include <link.h>
#include <stdint.h>
#include <sys/mman.h>
#include <unistd.h>

struct release_result {
    long released;
    int error;
    int objects;
};

/// Whether the object's dynamic section asks for text relocations (its read-only segments
/// were then written by the dynamic loader, and their pages are no longer the file's).
static int has_text_relocations(const struct dl_phdr_info *info) {
    for (ElfW(Half) index = 0; index < info->dlpi_phnum; index++) {
        const ElfW(Phdr) *segment = &info->dlpi_phdr[index];
        if (segment->p_type != PT_DYNAMIC) continue;
        const ElfW(Dyn) *entry = (const ElfW(Dyn) *)(info->dlpi_addr + segment->p_vaddr);
        for (; entry->d_tag != DT_NULL; entry++) {
            if (entry->d_tag == DT_TEXTREL) return 1;
            if (entry->d_tag == DT_FLAGS && (entry->d_un.d_val & DF_TEXTREL)) return 1;
        }
    }
    return 0;
}

/// Called for the program first (dl_iterate_phdr's order), then each shared library; the
/// kernel's own objects (the vDSO, named without a path) are left alone. Returns 1 to stop.
static int release_object(struct dl_phdr_info *info, size_t size, void *context) {
    (void)size;
    struct release_result *result = context;
    int program = result->objects++ == 0;
    if (!program && (info->dlpi_name == NULL || info->dlpi_name[0] != '/')) return 0;
    if (has_text_relocations(info)) return 0;
    uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
    for (ElfW(Half) index = 0; index < info->dlpi_phnum; index++) {
        const ElfW(Phdr) *segment = &info->dlpi_phdr[index];
        if (segment->p_type != PT_LOAD || (segment->p_flags & PF_W)) continue;
        uintptr_t begin = info->dlpi_addr + segment->p_vaddr;
        uintptr_t end = begin + segment->p_memsz;
        // Only pages wholly inside the segment.
        begin = (begin + page - 1) & ~(page - 1);
        end &= ~(page - 1);
        if (end <= begin) continue;
        if (madvise((void *)begin, end - begin, MADV_DONTNEED) != 0) {
            result->error = errno;
            return 1;
        }
        result->released += (long)(end - begin);
    }
    return 0;
}

long clinux_release_program_pages(void) {
    struct release_result result = {0, 0, 0};
    dl_iterate_phdr(release_object, &result);
    if (result.error != 0) {
        errno = result.error;
        return -1;
    }
    return result.released;
}
