#define _POSIX_C_SOURCE 200809L  // strdup

#include "disk_model.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "CCrashVFS.h"

uint64_t crash_random_next(CrashRandom *random) {
  random->state += 0x9E3779B97F4A7C15ull;
  uint64_t z = random->state;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

uint64_t crash_random_below(CrashRandom *random, uint64_t bound) {
  return crash_random_next(random) % bound;
}

// MARK: Buffers

/// Makes room for `size` bytes; new bytes up to `size` are zero (a hole reads as zeros).
static int buffer_resize(CrashBuffer *buffer, int64_t size) {
  if (size > buffer->capacity) {
    int64_t capacity = buffer->capacity > 0 ? buffer->capacity : 4096;
    while (capacity < size) capacity *= 2;
    unsigned char *bytes = realloc(buffer->bytes, (size_t)capacity);
    if (bytes == NULL) return -1;
    buffer->bytes = bytes;
    buffer->capacity = capacity;
  }
  if (size > buffer->size) memset(buffer->bytes + buffer->size, 0, (size_t)(size - buffer->size));
  buffer->size = size;
  return 0;
}

/// Applies one operation, or its first `length` bytes for a torn write.
static int buffer_apply(CrashBuffer *buffer, const CrashOperation *operation, int64_t length) {
  if (operation->data == NULL) return buffer_resize(buffer, operation->offset);
  int64_t end = operation->offset + length;
  if (end > buffer->size && buffer_resize(buffer, end) != 0) return -1;
  memcpy(buffer->bytes + operation->offset, operation->data, (size_t)length);
  return 0;
}

// MARK: Files

CrashFile *crash_file_new(const char *path, int is_wal, const void *bytes, int64_t size) {
  CrashFile *file = calloc(1, sizeof(CrashFile));
  if (file == NULL) return NULL;
  file->path = strdup(path);
  file->is_wal = is_wal;
  if (file->path == NULL || buffer_resize(&file->durable, size) != 0) {
    crash_file_free(file);
    return NULL;
  }
  if (size > 0) memcpy(file->durable.bytes, bytes, (size_t)size);
  return file;
}

static void drop_pending(CrashFile *file) {
  CrashOperation *operation = file->first;
  while (operation != NULL) {
    CrashOperation *next = operation->next;
    free(operation->data);
    free(operation);
    operation = next;
  }
  file->first = file->last = NULL;
  file->pending = 0;
}

void crash_file_free(CrashFile *file) {
  if (file == NULL) return;
  drop_pending(file);
  free(file->durable.bytes);
  free(file->path);
  free(file);
}

static int append(CrashFile *file, const void *bytes, int64_t length, int64_t offset) {
  CrashOperation *operation = calloc(1, sizeof(CrashOperation));
  if (operation == NULL) return -1;
  operation->offset = offset;
  operation->length = length;
  if (bytes != NULL) {
    operation->data = malloc(length > 0 ? (size_t)length : 1);
    if (operation->data == NULL) {
      free(operation);
      return -1;
    }
    memcpy(operation->data, bytes, (size_t)length);
  }
  if (file->last != NULL) {
    file->last->next = operation;
  } else {
    file->first = operation;
  }
  file->last = operation;
  file->pending += 1;
  return 0;
}

int crash_file_write(CrashFile *file, const void *bytes, int64_t length, int64_t offset) {
  return append(file, bytes, length, offset);
}

int crash_file_truncate(CrashFile *file, int64_t size) { return append(file, NULL, 0, size); }

int crash_file_sync(CrashFile *file) {
  for (CrashOperation *operation = file->first; operation != NULL; operation = operation->next) {
    if (buffer_apply(&file->durable, operation, operation->length) != 0) return -1;
  }
  drop_pending(file);
  return 0;
}

// MARK: Crash images

/// How much of a landing write reaches the disk in `mode`: all of it, or for a torn write a
/// prefix ending at a sector boundary or inside a sector.
static int64_t landed_length(const CrashOperation *operation, int mode, CrashRandom *random) {
  if (mode != ROSTER_CRASH_TORN || operation->data == NULL || operation->length == 0) {
    return operation->length;
  }
  if (crash_random_below(random, 3) != 0) return operation->length;
  int64_t cut = (int64_t)crash_random_below(random, (uint64_t)operation->length);
  if (crash_random_below(random, 2) == 0) cut -= cut % 512;
  return cut;
}

int crash_file_write_image(const CrashFile *file, const char *path, int mode, CrashRandom *random) {
  CrashBuffer image = {0};
  int status = buffer_resize(&image, file->durable.size);
  if (status == 0 && image.size > 0) memcpy(image.bytes, file->durable.bytes, (size_t)image.size);

  // The operations that land, in the order they reach the disk.
  const CrashOperation **landing = NULL;
  uint64_t count = 0;
  if (status == 0 && mode != ROSTER_CRASH_DROP && file->pending > 0) {
    landing = malloc(sizeof(CrashOperation *) * file->pending);
    if (landing == NULL) status = -1;
    for (const CrashOperation *operation = file->first; status == 0 && operation != NULL;
         operation = operation->next) {
      if (crash_random_below(random, 2) == 0) landing[count++] = operation;
    }
    if (mode == ROSTER_CRASH_REORDER) {
      for (uint64_t index = count; index > 1; index--) {
        uint64_t other = crash_random_below(random, index);
        const CrashOperation *swap = landing[index - 1];
        landing[index - 1] = landing[other];
        landing[other] = swap;
      }
    }
  }
  for (uint64_t index = 0; status == 0 && index < count; index++) {
    status = buffer_apply(&image, landing[index], landed_length(landing[index], mode, random));
  }
  free(landing);

  if (status == 0) {
    FILE *out = fopen(path, "wb");
    if (out == NULL) {
      status = -1;
    } else {
      if (image.size > 0 && fwrite(image.bytes, 1, (size_t)image.size, out) != (size_t)image.size) {
        status = -1;
      }
      if (fclose(out) != 0) status = -1;
    }
  }
  free(image.bytes);
  return status;
}
