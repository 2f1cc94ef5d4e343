#ifndef ROSTER_CMALLOC_H
#define ROSTER_CMALLOC_H
#include <stddef.h>

/// Bytes glibc's heap has handed out and not taken back (mallinfo2: uordblks + hblkhd).
size_t roster_heap_bytes_in_use(void);

#endif
