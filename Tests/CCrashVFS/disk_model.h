#ifndef ROSTER_CRASH_DISK_MODEL_H
#define ROSTER_CRASH_DISK_MODEL_H
// The disk model behind the crash VFS: one file's durable bytes and its unsynced operations,
// and the image a power cut leaves of it.

#include <stdint.h>

/// A growable run of bytes.
typedef struct {
  unsigned char *bytes;
  int64_t size;
  int64_t capacity;
} CrashBuffer;

/// One unsynced operation: a write of `length` bytes at `offset`, or, when `data` is NULL, a
/// truncation (or extension) to `offset` bytes.
typedef struct CrashOperation {
  struct CrashOperation *next;
  int64_t offset;
  int64_t length;
  unsigned char *data;
} CrashOperation;

/// A modelled file: what its last sync made durable, and what was issued since.
typedef struct CrashFile {
  struct CrashFile *next;
  char *path;
  int is_wal;
  CrashBuffer durable;
  CrashOperation *first;
  CrashOperation *last;
  uint64_t pending;
} CrashFile;

/// SplitMix64, so a seed repeats every choice.
typedef struct {
  uint64_t state;
} CrashRandom;

uint64_t crash_random_next(CrashRandom *random);
/// A number in 0..<bound (bound > 0).
uint64_t crash_random_below(CrashRandom *random, uint64_t bound);

/// A file of `size` durable bytes (copied from `bytes`); NULL when memory runs out.
CrashFile *crash_file_new(const char *path, int is_wal, const void *bytes, int64_t size);
void crash_file_free(CrashFile *file);
/// Records an unsynced write or truncation. Returns 0, or -1 when memory runs out.
int crash_file_write(CrashFile *file, const void *bytes, int64_t length, int64_t offset);
int crash_file_truncate(CrashFile *file, int64_t size);
/// Makes every pending operation durable, in order. Returns 0, or -1 when memory runs out.
int crash_file_sync(CrashFile *file);
/// Writes to `path` what the disk holds of `file` after a power cut in `mode` (a
/// roster_crash_mode). Returns 0, or -1 when the image cannot be built or written.
int crash_file_write_image(const CrashFile *file, const char *path, int mode, CrashRandom *random);

#endif
