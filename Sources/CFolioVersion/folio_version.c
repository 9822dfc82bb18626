#define _GNU_SOURCE
#include <elf.h>
#include <link.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "folio_version.h"

// scripts/version writes folio_version_generated.h (ignored by git) from `git describe`
// before each `make` build, rewriting it only when the version changes. Without it —
// `swift build` straight from a fresh clone, or a tarball without git — the version is the
// one this tree was released as.
#if __has_include("folio_version_generated.h")
#include "folio_version_generated.h"
#else
#define FOLIO_VERSION "0.2.0-dev"
#define FOLIO_COMMIT ""
#endif

const char *folio_version(void) { return FOLIO_VERSION; }

const char *folio_commit(void) { return FOLIO_COMMIT; }


static char binary_identity[96];
static pthread_once_t binary_identity_once = PTHREAD_ONCE_INIT;

// Looks for the NT_GNU_BUILD_ID note among the main program's PT_NOTE segments (the first
// object dl_iterate_phdr reports) and writes it as hex; returns 1 to stop the walk.
static int find_build_id(struct dl_phdr_info *info, size_t size, void *data) {
  (void)size;
  (void)data;
  for (int index = 0; index < info->dlpi_phnum; index++) {
    const ElfW(Phdr) *header = &info->dlpi_phdr[index];
    if (header->p_type != PT_NOTE) continue;
    const char *note = (const char *)(info->dlpi_addr + header->p_vaddr);
    const char *end = note + header->p_memsz;
    while (note + sizeof(ElfW(Nhdr)) <= end) {
      const ElfW(Nhdr) *entry = (const ElfW(Nhdr) *)note;
      const char *name = note + sizeof(ElfW(Nhdr));
      const unsigned char *desc = (const unsigned char *)(name + ((entry->n_namesz + 3) & ~3u));
      const char *next = (const char *)desc + ((entry->n_descsz + 3) & ~3u);
      if (next > end) break;
      if (entry->n_type == NT_GNU_BUILD_ID && entry->n_namesz == 4 && memcmp(name, "GNU", 4) == 0 &&
          entry->n_descsz > 0 && entry->n_descsz * 2 < sizeof(binary_identity)) {
        for (unsigned byte = 0; byte < entry->n_descsz; byte++) {
          snprintf(binary_identity + 2 * byte, 3, "%02x", desc[byte]);
        }
        return 1;
      }
      note = next;
    }
  }
  return 1;
}

static void compute_binary_identity(void) {
  binary_identity[0] = '\0';
  dl_iterate_phdr(find_build_id, NULL);
  if (binary_identity[0] != '\0') return;
  struct stat status;
  if (stat("/proc/self/exe", &status) == 0) {
    snprintf(binary_identity, sizeof(binary_identity), "%lld-%lld.%09ld", (long long)status.st_size,
             (long long)status.st_mtim.tv_sec, (long)status.st_mtim.tv_nsec);
  }
}

const char *folio_binary_identity(void) {
  pthread_once(&binary_identity_once, compute_binary_identity);
  return binary_identity;
}
