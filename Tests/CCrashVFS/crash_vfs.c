// The crash VFS: SQLite's calls go through to the default VFS, and each modelled file's
// writes, truncations and syncs also feed the disk model (disk_model.c), which writes crash
// images at sampled crash points. See include/CCrashVFS.h.

#define _POSIX_C_SOURCE 200809L  // strdup, mkdir

#include <errno.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "CCrashVFS.h"
#include "disk_model.h"

struct roster_crash_vfs {
  sqlite3_vfs base;
  sqlite3_vfs *root;
  char *name;
  CrashFile *files;
  CrashRandom random;
  roster_crash_counts counts;
  char *folder;
  uint32_t one_in;
  unsigned modes;
  unsigned char *image_modes;
  uint64_t image_capacity;
};

/// An open file: the default VFS's file right after this struct, and the name SQLite keeps
/// valid until xClose (NULL for temporary files, which are not modelled).
typedef struct {
  sqlite3_file base;
  roster_crash_vfs *vfs;
  const char *name;
  int modelled;
  sqlite3_file *real;
} CrashHandle;

static roster_crash_vfs *state_of(sqlite3_vfs *vfs) { return (roster_crash_vfs *)vfs->pAppData; }

static CrashFile *find_file(roster_crash_vfs *vfs, const char *path) {
  for (CrashFile *file = vfs->files; file != NULL; file = file->next) {
    if (strcmp(file->path, path) == 0) return file;
  }
  return NULL;
}

static CrashFile *modelled_file(CrashHandle *handle) {
  return handle->modelled ? find_file(handle->vfs, handle->name) : NULL;
}

// MARK: Crash images

static int draw_mode(roster_crash_vfs *vfs) {
  int choices[4];
  int count = 0;
  for (int bit = 0; bit < 4; bit++) {
    if (vfs->modes & (1u << bit)) choices[count++] = 1 << bit;
  }
  return count == 0 ? ROSTER_CRASH_DROP : choices[crash_random_below(&vfs->random, (uint64_t)count)];
}

/// Writes every modelled file's crash image into `<folder>/<n>`; returns the mode, or 0.
static int write_images(roster_crash_vfs *vfs, uint64_t index) {
  char folder[4096];
  if (snprintf(folder, sizeof folder, "%s/%llu", vfs->folder, (unsigned long long)index) >=
          (int)sizeof folder ||
      (mkdir(folder, 0700) != 0 && errno != EEXIST)) {
    return 0;
  }
  int mode = draw_mode(vfs);
  for (CrashFile *file = vfs->files; file != NULL; file = file->next) {
    const char *slash = strrchr(file->path, '/');
    char path[4096];
    if (snprintf(path, sizeof path, "%s/%s", folder, slash ? slash + 1 : file->path) >=
            (int)sizeof path ||
        crash_file_write_image(file, path, mode, &vfs->random) != 0) {
      return 0;
    }
    vfs->counts.pending_at_images += file->pending;
  }
  return mode;
}

/// Called just before each write, truncation, sync or delete of a modelled file.
static void crash_point(roster_crash_vfs *vfs) {
  if (vfs->folder == NULL || vfs->one_in == 0) return;
  if (crash_random_below(&vfs->random, vfs->one_in) != 0) return;
  uint64_t index = vfs->counts.images;
  if (index == vfs->image_capacity) {
    uint64_t capacity = vfs->image_capacity > 0 ? vfs->image_capacity * 2 : 1024;
    unsigned char *modes = realloc(vfs->image_modes, capacity);
    if (modes == NULL) return;
    vfs->image_modes = modes;
    vfs->image_capacity = capacity;
  }
  vfs->image_modes[index] = (unsigned char)write_images(vfs, index);
  vfs->counts.images += 1;
}

// MARK: File methods

static int crash_close(sqlite3_file *file) {
  CrashHandle *handle = (CrashHandle *)file;
  return handle->real->pMethods->xClose(handle->real);
}

static int crash_read(sqlite3_file *file, void *buffer, int amount, sqlite3_int64 offset) {
  CrashHandle *handle = (CrashHandle *)file;
  return handle->real->pMethods->xRead(handle->real, buffer, amount, offset);
}

static int crash_write(sqlite3_file *file, const void *buffer, int amount, sqlite3_int64 offset) {
  CrashHandle *handle = (CrashHandle *)file;
  CrashFile *modelled = modelled_file(handle);
  if (modelled != NULL) crash_point(handle->vfs);
  int status = handle->real->pMethods->xWrite(handle->real, buffer, amount, offset);
  if (status == SQLITE_OK && modelled != NULL) {
    handle->vfs->counts.writes += 1;
    if (crash_file_write(modelled, buffer, amount, offset) != 0) return SQLITE_IOERR_NOMEM;
  }
  return status;
}

static int crash_truncate(sqlite3_file *file, sqlite3_int64 size) {
  CrashHandle *handle = (CrashHandle *)file;
  CrashFile *modelled = modelled_file(handle);
  if (modelled != NULL) crash_point(handle->vfs);
  int status = handle->real->pMethods->xTruncate(handle->real, size);
  if (status == SQLITE_OK && modelled != NULL) {
    handle->vfs->counts.truncates += 1;
    if (crash_file_truncate(modelled, size) != 0) return SQLITE_IOERR_NOMEM;
  }
  return status;
}

/// The model is the disk: a sync makes the file's pending operations durable in it. The live
/// file is not flushed, since no real power cut is coming.
static int crash_sync(sqlite3_file *file, int flags) {
  (void)flags;
  CrashHandle *handle = (CrashHandle *)file;
  CrashFile *modelled = modelled_file(handle);
  if (modelled == NULL) return SQLITE_OK;
  crash_point(handle->vfs);
  handle->vfs->counts.syncs += 1;
  if (modelled->is_wal) handle->vfs->counts.wal_syncs += 1;
  return crash_file_sync(modelled) == 0 ? SQLITE_OK : SQLITE_IOERR_NOMEM;
}

static int crash_file_size(sqlite3_file *file, sqlite3_int64 *size) {
  CrashHandle *handle = (CrashHandle *)file;
  return handle->real->pMethods->xFileSize(handle->real, size);
}

static int crash_lock(sqlite3_file *file, int level) {
  CrashHandle *handle = (CrashHandle *)file;
  return handle->real->pMethods->xLock(handle->real, level);
}

static int crash_unlock(sqlite3_file *file, int level) {
  CrashHandle *handle = (CrashHandle *)file;
  return handle->real->pMethods->xUnlock(handle->real, level);
}

static int crash_check_reserved_lock(sqlite3_file *file, int *reserved) {
  CrashHandle *handle = (CrashHandle *)file;
  return handle->real->pMethods->xCheckReservedLock(handle->real, reserved);
}

static int crash_file_control(sqlite3_file *file, int operation, void *argument) {
  CrashHandle *handle = (CrashHandle *)file;
  return handle->real->pMethods->xFileControl(handle->real, operation, argument);
}

static int crash_sector_size(sqlite3_file *file) {
  CrashHandle *handle = (CrashHandle *)file;
  return handle->real->pMethods->xSectorSize(handle->real);
}

/// The default VFS's own promises (powersafe overwrite, no atomic or sequential writes): the
/// crash modes stay within them.
static int crash_device_characteristics(sqlite3_file *file) {
  CrashHandle *handle = (CrashHandle *)file;
  return handle->real->pMethods->xDeviceCharacteristics(handle->real);
}

// The WAL index in shared memory goes straight through: it is not modelled, since nothing of
// it survives a power cut.
static int crash_shm_map(sqlite3_file *file, int page, int size, int extend, void volatile **p) {
  CrashHandle *handle = (CrashHandle *)file;
  return handle->real->pMethods->xShmMap(handle->real, page, size, extend, p);
}

static int crash_shm_lock(sqlite3_file *file, int offset, int count, int flags) {
  CrashHandle *handle = (CrashHandle *)file;
  return handle->real->pMethods->xShmLock(handle->real, offset, count, flags);
}

static void crash_shm_barrier(sqlite3_file *file) {
  CrashHandle *handle = (CrashHandle *)file;
  handle->real->pMethods->xShmBarrier(handle->real);
}

static int crash_shm_unmap(sqlite3_file *file, int delete_flag) {
  CrashHandle *handle = (CrashHandle *)file;
  return handle->real->pMethods->xShmUnmap(handle->real, delete_flag);
}

static int crash_fetch(sqlite3_file *file, sqlite3_int64 offset, int amount, void **p) {
  CrashHandle *handle = (CrashHandle *)file;
  return handle->real->pMethods->xFetch(handle->real, offset, amount, p);
}

static int crash_unfetch(sqlite3_file *file, sqlite3_int64 offset, void *p) {
  CrashHandle *handle = (CrashHandle *)file;
  return handle->real->pMethods->xUnfetch(handle->real, offset, p);
}

static const sqlite3_io_methods crash_methods = {
    3,
    crash_close,
    crash_read,
    crash_write,
    crash_truncate,
    crash_sync,
    crash_file_size,
    crash_lock,
    crash_unlock,
    crash_check_reserved_lock,
    crash_file_control,
    crash_sector_size,
    crash_device_characteristics,
    crash_shm_map,
    crash_shm_lock,
    crash_shm_barrier,
    crash_shm_unmap,
    crash_fetch,
    crash_unfetch,
};

// MARK: VFS methods

/// Starts modelling a file at its first open: what is on disk then counts as durable (a fresh
/// file, or the image left by an earlier power cut).
static int start_modelling(roster_crash_vfs *vfs, CrashHandle *handle, int is_wal) {
  if (find_file(vfs, handle->name) != NULL) return SQLITE_OK;
  sqlite3_int64 size = 0;
  int status = handle->real->pMethods->xFileSize(handle->real, &size);
  if (status != SQLITE_OK) return status;
  void *bytes = malloc(size > 0 ? (size_t)size : 1);
  if (bytes == NULL) return SQLITE_NOMEM;
  if (size > 0) status = handle->real->pMethods->xRead(handle->real, bytes, (int)size, 0);
  CrashFile *file = status == SQLITE_OK ? crash_file_new(handle->name, is_wal, bytes, size) : NULL;
  free(bytes);
  if (status != SQLITE_OK) return status;
  if (file == NULL) return SQLITE_NOMEM;
  file->next = vfs->files;
  vfs->files = file;
  return SQLITE_OK;
}

static int crash_open(sqlite3_vfs *base, const char *name, sqlite3_file *file, int flags,
                      int *out_flags) {
  roster_crash_vfs *vfs = state_of(base);
  CrashHandle *handle = (CrashHandle *)file;
  memset(handle, 0, sizeof *handle);
  handle->vfs = vfs;
  handle->name = name;
  handle->real = (sqlite3_file *)&handle[1];
  int status = vfs->root->xOpen(vfs->root, name, handle->real, flags, out_flags);
  // SQLite closes a file whose pMethods is set even when the open failed.
  handle->base.pMethods = handle->real->pMethods != NULL ? &crash_methods : NULL;
  int kinds = SQLITE_OPEN_MAIN_DB | SQLITE_OPEN_MAIN_JOURNAL | SQLITE_OPEN_WAL |
              SQLITE_OPEN_SUPER_JOURNAL;
  if (status == SQLITE_OK && name != NULL && (flags & kinds) != 0) {
    handle->modelled = 1;
    status = start_modelling(vfs, handle, (flags & SQLITE_OPEN_WAL) != 0);
  }
  return status;
}

/// A delete is durable at once (SQLite syncs what depends on it first), so the file leaves the
/// model.
static int crash_delete(sqlite3_vfs *base, const char *name, int sync_directory) {
  roster_crash_vfs *vfs = state_of(base);
  CrashFile *file = find_file(vfs, name);
  if (file != NULL) crash_point(vfs);
  int status = vfs->root->xDelete(vfs->root, name, sync_directory);
  if (file != NULL) {
    vfs->counts.deletes += 1;
    for (CrashFile **link = &vfs->files; *link != NULL; link = &(*link)->next) {
      if (*link == file) {
        *link = file->next;
        break;
      }
    }
    crash_file_free(file);
  }
  return status;
}

static int crash_access(sqlite3_vfs *base, const char *name, int flags, int *result) {
  sqlite3_vfs *root = state_of(base)->root;
  return root->xAccess(root, name, flags, result);
}

static int crash_full_pathname(sqlite3_vfs *base, const char *name, int size, char *out) {
  sqlite3_vfs *root = state_of(base)->root;
  return root->xFullPathname(root, name, size, out);
}

static void *crash_dl_open(sqlite3_vfs *base, const char *path) {
  sqlite3_vfs *root = state_of(base)->root;
  return root->xDlOpen(root, path);
}

static void crash_dl_error(sqlite3_vfs *base, int size, char *message) {
  sqlite3_vfs *root = state_of(base)->root;
  root->xDlError(root, size, message);
}

static void (*crash_dl_sym(sqlite3_vfs *base, void *library, const char *symbol))(void) {
  sqlite3_vfs *root = state_of(base)->root;
  return root->xDlSym(root, library, symbol);
}

static void crash_dl_close(sqlite3_vfs *base, void *library) {
  sqlite3_vfs *root = state_of(base)->root;
  root->xDlClose(root, library);
}

static int crash_randomness(sqlite3_vfs *base, int size, char *out) {
  sqlite3_vfs *root = state_of(base)->root;
  return root->xRandomness(root, size, out);
}

static int crash_sleep(sqlite3_vfs *base, int microseconds) {
  sqlite3_vfs *root = state_of(base)->root;
  return root->xSleep(root, microseconds);
}

static int crash_current_time(sqlite3_vfs *base, double *now) {
  sqlite3_vfs *root = state_of(base)->root;
  return root->xCurrentTime(root, now);
}

static int crash_get_last_error(sqlite3_vfs *base, int size, char *message) {
  sqlite3_vfs *root = state_of(base)->root;
  return root->xGetLastError(root, size, message);
}

static int crash_current_time_int64(sqlite3_vfs *base, sqlite3_int64 *now) {
  sqlite3_vfs *root = state_of(base)->root;
  return root->xCurrentTimeInt64(root, now);
}

// MARK: The public interface

roster_crash_vfs *roster_crash_vfs_create(const char *name, uint64_t seed) {
  sqlite3_vfs *root = sqlite3_vfs_find(NULL);
  if (root == NULL || root->iVersion < 2) return NULL;
  roster_crash_vfs *vfs = calloc(1, sizeof(roster_crash_vfs));
  if (vfs == NULL) return NULL;
  vfs->name = strdup(name);
  if (vfs->name == NULL) {
    free(vfs);
    return NULL;
  }
  vfs->root = root;
  vfs->random.state = seed;
  sqlite3_vfs *base = &vfs->base;
  base->iVersion = 2;
  base->szOsFile = (int)sizeof(CrashHandle) + root->szOsFile;
  base->mxPathname = root->mxPathname;
  base->zName = vfs->name;
  base->pAppData = vfs;
  base->xOpen = crash_open;
  base->xDelete = crash_delete;
  base->xAccess = crash_access;
  base->xFullPathname = crash_full_pathname;
  base->xDlOpen = crash_dl_open;
  base->xDlError = crash_dl_error;
  base->xDlSym = crash_dl_sym;
  base->xDlClose = crash_dl_close;
  base->xRandomness = crash_randomness;
  base->xSleep = crash_sleep;
  base->xCurrentTime = crash_current_time;
  base->xGetLastError = crash_get_last_error;
  base->xCurrentTimeInt64 = crash_current_time_int64;
  if (sqlite3_vfs_register(base, 0) != SQLITE_OK) {
    free(vfs->name);
    free(vfs);
    return NULL;
  }
  return vfs;
}

void roster_crash_vfs_destroy(roster_crash_vfs *vfs) {
  if (vfs == NULL) return;
  sqlite3_vfs_unregister(&vfs->base);
  while (vfs->files != NULL) {
    CrashFile *next = vfs->files->next;
    crash_file_free(vfs->files);
    vfs->files = next;
  }
  free(vfs->image_modes);
  free(vfs->folder);
  free(vfs->name);
  free(vfs);
}

int roster_crash_vfs_take_images(roster_crash_vfs *vfs, const char *folder, uint32_t one_in,
                                 unsigned modes) {
  free(vfs->folder);
  vfs->folder = NULL;
  vfs->one_in = one_in;
  vfs->modes = modes;
  if (folder == NULL) return 0;
  vfs->folder = strdup(folder);
  return vfs->folder != NULL ? 0 : -1;
}

int roster_crash_vfs_image_mode(const roster_crash_vfs *vfs, uint64_t index) {
  return index < vfs->counts.images ? vfs->image_modes[index] : 0;
}

roster_crash_counts roster_crash_vfs_counts(const roster_crash_vfs *vfs) { return vfs->counts; }
