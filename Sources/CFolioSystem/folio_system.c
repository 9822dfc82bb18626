#define _GNU_SOURCE
#include "folio_system.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/syscall.h>
#include <unistd.h>

#ifndef RENAME_NOREPLACE
#define RENAME_NOREPLACE (1 << 0)
#endif

int folio_rename_noreplace(const char *from, const char *to) {
#ifdef SYS_renameat2
  if (syscall(SYS_renameat2, AT_FDCWD, from, AT_FDCWD, to, RENAME_NOREPLACE) == 0) return 0;
  if (errno != ENOSYS && errno != EINVAL) return -1;
#endif
  // No renameat2 here: a hard link cannot replace an existing name either.
  if (link(from, to) != 0) return -1;
  if (unlink(from) != 0) {
    int saved = errno;
    unlink(to);
    errno = saved;
    return -1;
  }
  return 0;
}
