/* An LD_PRELOAD shim for `roster-bench --only app`: every fsync and fdatasync waits
 * ROSTER_SLOW_FSYNC_MS milliseconds (default 100) before it syncs, as a slow or busy disk
 * would, so that the benchmark can show whether a window's frame waits for the disk.
 * Built by the benchmark with the system C compiler; never linked into Roster. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdlib.h>
#include <time.h>

static void pause_for_disk(void) {
  const char *setting = getenv("ROSTER_SLOW_FSYNC_MS");
  long milliseconds = setting ? atol(setting) : 100;
  struct timespec delay = {milliseconds / 1000, (milliseconds % 1000) * 1000000L};
  while (nanosleep(&delay, &delay) != 0) {
  }
}

int fsync(int fd) {
  static int (*real)(int);
  if (!real) real = (int (*)(int))dlsym(RTLD_NEXT, "fsync");
  pause_for_disk();
  return real(fd);
}

int fdatasync(int fd) {
  static int (*real)(int);
  if (!real) real = (int (*)(int))dlsym(RTLD_NEXT, "fdatasync");
  pause_for_disk();
  return real(fd);
}
