// Linux calls that Swift cannot reach directly (variadic syscall) or that need a fallback.
#ifndef FOLIO_SYSTEM_H
#define FOLIO_SYSTEM_H

/// Renames `from` to `to` unless `to` exists, atomically: renameat2 with RENAME_NOREPLACE,
/// or, where the file system lacks it, link(2) then unlink(2) (link refuses an existing
/// target). Returns 0, or -1 with errno set (EEXIST when `to` exists).
int folio_rename_noreplace(const char *from, const char *to);

#endif
