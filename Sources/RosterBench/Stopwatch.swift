import Foundation

/// Times code and reports medians, so one slow sample on a shared machine does not decide.
enum Stopwatch {
  /// Nanoseconds on a monotonic clock.
  static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

  /// Runs `body` `samples` times, each a batch of `batch` calls, and returns the median
  /// nanoseconds per call.
  static func median(samples: Int = 15, batch: Int, _ body: (Int) -> Void) -> Double {
    var times: [Double] = []
    var call = 0
    for _ in 0..<samples {
      let start = now()
      for _ in 0..<batch {
        body(call)
        call += 1
      }
      times.append(Double(now() - start) / Double(batch))
    }
    times.sort()
    return times[times.count / 2]
  }

  /// Wall time of one run of `body`, in seconds.
  static func seconds(_ body: () throws -> Void) rethrows -> Double {
    let start = now()
    try body()
    return Double(now() - start) / 1e9
  }

  /// Formats nanoseconds as ns, µs or ms.
  static func format(ns: Double) -> String {
    if ns < 1_000 { return String(format: "%.0f ns", ns) }
    if ns < 1_000_000 { return String(format: "%.2f µs", ns / 1_000) }
    return String(format: "%.2f ms", ns / 1_000_000)
  }
}
