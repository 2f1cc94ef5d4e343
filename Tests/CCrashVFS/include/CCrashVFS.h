#ifndef ROSTER_CCRASHVFS_H
#define ROSTER_CCRASHVFS_H
// A test-only SQLite VFS that simulates power cuts. It wraps the default (unix) VFS: every call
// goes through to the real files, so SQLite runs normally, while the VFS keeps a model of what a
// disk would hold: for each database, journal and WAL file, its content as of its last xSync
// (durable) and the writes and truncations issued since (unsynced, in order).
//
// A crash image is the disk after a power cut at that moment: the durable content plus what the
// chosen crash mode lets through of the unsynced operations. Images are written to folders of
// their own (the live files are never touched), so one run yields a crash point at every write,
// truncation, sync and delete that is sampled. The shared-memory index (-shm) is not modelled:
// nothing of it survives a power cut, and SQLite rebuilds it from the WAL.
//
// One instance is used from one thread at a time; several instances may run side by side.

#include <stdint.h>

/// What a power cut lets reach the disk of the operations issued since each file's last sync.
typedef enum {
  /// Nothing: every unsynced write and truncation is lost.
  ROSTER_CRASH_DROP = 1,
  /// Each unsynced operation lands whole or not at all, independently, in the order issued.
  ROSTER_CRASH_SUBSET = 2,
  /// As SUBSET, but a landing write may be torn: only a prefix of it reaches the disk (cut at a
  /// 512-byte sector boundary or inside a sector), the rest keeps the old bytes.
  ROSTER_CRASH_TORN = 4,
  /// A random subset lands in a random order, so an earlier write can overwrite a later one.
  ROSTER_CRASH_REORDER = 8,
} roster_crash_mode;

/// Operations seen on modelled files, and crash images written.
typedef struct {
  uint64_t writes;
  uint64_t truncates;
  /// Syncs of every modelled file, and of WAL files alone.
  uint64_t syncs;
  uint64_t wal_syncs;
  uint64_t deletes;
  uint64_t images;
  /// Unsynced operations pending when the images were taken, summed over the images.
  uint64_t pending_at_images;
} roster_crash_counts;

typedef struct roster_crash_vfs roster_crash_vfs;

/// Registers a VFS named `name` (not the default) over the default VFS, its random choices
/// seeded by `seed`. Returns NULL when SQLite has no default VFS or memory runs out.
roster_crash_vfs *roster_crash_vfs_create(const char *name, uint64_t seed);

/// Unregisters the VFS and frees it. Every connection through it must be closed first.
void roster_crash_vfs_destroy(roster_crash_vfs *vfs);

/// From now on, each write, truncation, sync and delete of a modelled file is, with probability
/// 1 / `one_in`, a crash point: just before the operation, the crash image is written to the
/// folder `<folder>/<n>` (n = 0, 1, … in order; file names are those of the live files), in a
/// mode drawn from `modes` (a mask of roster_crash_mode). A NULL `folder` or a `one_in` of 0
/// stops taking images. Returns 0, or -1 when `folder` cannot be copied.
int roster_crash_vfs_take_images(
    roster_crash_vfs *vfs, const char *folder, uint32_t one_in, unsigned modes);

/// The mode of image `index`, or 0 when there is no such image or it could not be written.
int roster_crash_vfs_image_mode(const roster_crash_vfs *vfs, uint64_t index);

/// The counts so far.
roster_crash_counts roster_crash_vfs_counts(const roster_crash_vfs *vfs);

#endif
