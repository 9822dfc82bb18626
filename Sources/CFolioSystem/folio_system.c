#define _GNU_SOURCE
#include "folio_system.h"

#include <errno.h>
#include <time.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

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

// Starts `argv` (its first word searched in PATH unless it holds a `/`) with `actions` and
// `attributes` (NULL for none), which it destroys, and closes the end of the pipe the child
// took, keeping `pipe_ends[kept_end]`; on failure it closes that end too. Returns the child,
// or -1 with errno set.
static pid_t spawn_on_pipe(const char *const argv[], posix_spawn_file_actions_t *actions,
                           posix_spawnattr_t *attributes, int pipe_ends[2], int kept_end) {
  pid_t child = 0;
  int failure = posix_spawnp(&child, argv[0], actions, attributes, (char *const *)argv, environ);
  posix_spawn_file_actions_destroy(actions);
  if (attributes != NULL) posix_spawnattr_destroy(attributes);
  close(pipe_ends[1 - kept_end]);
  if (failure != 0) {
    close(pipe_ends[kept_end]);
    errno = failure;
    return -1;
  }
  return child;
}

int folio_run_capture(const char *const argv[], const char *directory, char *output, size_t capacity,
                      size_t *length) {
  *length = 0;
  int pipe_ends[2];
  if (pipe2(pipe_ends, O_CLOEXEC) != 0) return -1;
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_adddup2(&actions, pipe_ends[1], 1);
  posix_spawn_file_actions_adddup2(&actions, pipe_ends[1], 2);
  if (directory != NULL) posix_spawn_file_actions_addchdir_np(&actions, directory);
  pid_t child = spawn_on_pipe(argv, &actions, NULL, pipe_ends, 0);
  if (child < 0) return -1;
  char chunk[4096];
  for (;;) {
    ssize_t count = read(pipe_ends[0], chunk, sizeof chunk);
    if (count < 0 && errno == EINTR) continue;
    if (count <= 0) break;
    size_t room = capacity - *length;
    size_t kept = (size_t)count < room ? (size_t)count : room;
    memcpy(output + *length, chunk, kept);
    *length += kept;
  }
  close(pipe_ends[0]);
  return folio_wait_for_exit(child);
}

pid_t folio_spawn_shell_reading_pipe(const char *command, int *input) {
  int pipe_ends[2];
  if (pipe2(pipe_ends, O_CLOEXEC) != 0) return -1;
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, pipe_ends[0], 0);
  // Folio ignores SIGPIPE and may block signals; the command starts as from a shell.
  posix_spawnattr_t attributes;
  posix_spawnattr_init(&attributes);
  sigset_t defaults;
  sigemptyset(&defaults);
  sigaddset(&defaults, SIGPIPE);
  sigaddset(&defaults, SIGINT);
  posix_spawnattr_setsigdefault(&attributes, &defaults);
  sigset_t none;
  sigemptyset(&none);
  posix_spawnattr_setsigmask(&attributes, &none);
  posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK);
  const char *argv[] = {"/bin/sh", "-c", command, NULL};
  pid_t child = spawn_on_pipe(argv, &actions, &attributes, pipe_ends, 1);
  if (child < 0) return -1;
  *input = pipe_ends[1];
  return child;
}

int folio_wait_for_exit(pid_t child) {
  int status = 0;
  while (waitpid(child, &status, 0) < 0) {
    if (errno != EINTR) return -1;
  }
  if (WIFEXITED(status)) return WEXITSTATUS(status);
  if (WIFSIGNALED(status)) return 128 + WTERMSIG(status);
  return -1;
}

#ifdef __SSE2__
#include <emmintrin.h>
#endif

size_t folio_count_byte(const unsigned char *bytes, size_t count, unsigned char byte, size_t limit) {
  size_t found = 0;
  size_t index = 0;
#ifdef __SSE2__
  const __m128i wanted = _mm_set1_epi8((char)byte);
  // Blocks of at most 255 steps: each of the 16 byte counters of `tally` (0 - equal, where a
  // match compares as -1) stays under 256; they are added up by psadbw after each block.
  while (count - index >= 16 && found <= limit) {
    size_t steps = (count - index) / 16;
    if (steps > 255) steps = 255;
    __m128i tally = _mm_setzero_si128();
    for (size_t step = 0; step < steps; step++) {
      __m128i chunk = _mm_loadu_si128((const __m128i *)(bytes + index));
      tally = _mm_sub_epi8(tally, _mm_cmpeq_epi8(chunk, wanted));
      index += 16;
    }
    __m128i sums = _mm_sad_epu8(tally, _mm_setzero_si128());
    found += (size_t)_mm_cvtsi128_si32(sums) + (size_t)_mm_cvtsi128_si32(_mm_srli_si128(sums, 8));
  }
#endif
  for (; index < count && found <= limit; index++) {
    found += bytes[index] == byte;
  }
  return found;
}

int folio_semaphore_wait(sem_t *semaphore, int milliseconds) {
  struct timespec deadline;
  clock_gettime(CLOCK_MONOTONIC, &deadline);
  deadline.tv_sec += milliseconds / 1000;
  deadline.tv_nsec += (long)(milliseconds % 1000) * 1000000L;
  if (deadline.tv_nsec >= 1000000000L) {
    deadline.tv_sec += 1;
    deadline.tv_nsec -= 1000000000L;
  }
  int status;
  do {
    status = sem_clockwait(semaphore, CLOCK_MONOTONIC, &deadline);
  } while (status != 0 && errno == EINTR);
  return status;
}

ptrdiff_t folio_find_bytes(const void *bytes, size_t count, const void *needle, size_t needle_count) {
  const char *found = memmem(bytes, count, needle, needle_count);
  return found ? found - (const char *)bytes : -1;
}
