// Linux calls that Swift cannot reach directly (variadic syscall) or that need a fallback.
#ifndef FOLIO_SYSTEM_H
#define FOLIO_SYSTEM_H

/// Renames `from` to `to` unless `to` exists, atomically: renameat2 with RENAME_NOREPLACE,
/// or, where the file system lacks it, link(2) then unlink(2) (link refuses an existing
/// target). Returns 0, or -1 with errno set (EEXIST when `to` exists).
int folio_rename_noreplace(const char *from, const char *to);

#include <stddef.h>

/// Runs the program `argv[0]` (searched in PATH) with the arguments `argv` (NULL-terminated)
/// in the folder `directory`, standard input from /dev/null, standard output and error into
/// one pipe. Keeps the first `capacity` bytes it printed in `output` (the rest is read and
/// dropped) and their count in `length`. Returns its exit status, 128 + the signal that ended
/// it, or -1 with errno set when it could not be started (ENOENT: no such program).
int folio_run_capture(const char *const argv[], const char *directory, char *output, size_t capacity,
                      size_t *length);

#include <sys/types.h>

/// Starts `/bin/sh -c command` with its standard input the read end of a new pipe, SIGPIPE
/// and SIGINT at their defaults and no signal blocked; `input` gets the pipe's write end
/// (close-on-exec). Returns the child's process id, or -1 with errno set when it could not be
/// started.
pid_t folio_spawn_shell_reading_pipe(const char *command, int *input);

/// Waits for the child `child` to end, retrying interrupted waits. Returns its exit status,
/// 128 + the signal that ended it, or -1 with errno set.
int folio_wait_for_exit(pid_t child);

/// The number of bytes equal to `byte` among the `count` bytes at `bytes`, counting no further
/// than needed to tell that there are more than `limit` of them: past that it returns some
/// number over `limit`. SSE2, 16 bytes a step, where the compiler targets it.
size_t folio_count_byte(const unsigned char *bytes, size_t count, unsigned char byte, size_t limit);

/// The offset of the first occurrence of the `needle_count` bytes at `needle` among the
/// `count` bytes at `bytes`, or -1 when there is none (`memmem`, which Swift's Glibc module
/// does not show).
ptrdiff_t folio_find_bytes(const void *bytes, size_t count, const void *needle, size_t needle_count);

#include <semaphore.h>

/// Waits up to `milliseconds` on `semaphore` by the monotonic clock (`sem_clockwait`, which
/// Swift's Glibc module does not show), retrying interrupted waits. Returns 0 when it was
/// posted, or -1 with errno set (ETIMEDOUT when the time ran out).
int folio_semaphore_wait(sem_t *semaphore, int milliseconds);

#endif
