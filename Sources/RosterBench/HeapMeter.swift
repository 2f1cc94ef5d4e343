import CMalloc

/// Bytes the C heap has handed out and not taken back, from glibc's `mallinfo2`.
enum HeapMeter {
  static func bytesInUse() -> Int { Int(roster_heap_bytes_in_use()) }
}
