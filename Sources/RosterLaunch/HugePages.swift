import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Transparent huge pages for Roster's long-running processes: the app, when its database is
/// big, and the benchmark.
///
/// At a million entries every single-entry operation reaches a few cold leaves and a cold slot
/// of the id index, anywhere in some 300 MB of heap. With 4 KB pages each of those first needs
/// a page walk, which on a virtual machine is a walk of the host's tables as well; with 2 MB
/// pages far fewer do. The price is memory: the app's window with an empty list took 262 MB
/// instead of 206 MB, since glibc then backs the libraries' sparse heaps with whole 2 MB pages.
///
/// Most distributions set the kernel's huge pages to `madvise`: only memory that asks gets them.
/// glibc's allocator asks for its heap when the `glibc.malloc.hugetlb=1` tunable is set, and
/// tunables are read once, when a program starts. So ``relaunchIfWanted()`` starts the program
/// again, in the same process, with the tunable added to `GLIBC_TUNABLES`.
///
/// The second start puts `GLIBC_TUNABLES` back as it was, so that the processes it starts do
/// not inherit the tunable. Nothing happens when the kernel already gives every process huge
/// pages (`always`) or none (`never`), when `GLIBC_TUNABLES` already names the tunable (set it
/// to `glibc.malloc.hugetlb=0` to keep 4 KB pages), or off Linux.
public enum HugePages {
  /// The glibc tunable that makes `malloc` ask for transparent huge pages.
  public static let tunable = "glibc.malloc.hugetlb"

  /// Where Linux says when it hands out transparent huge pages.
  static let modeFile = "/sys/kernel/mm/transparent_hugepage/enabled"

  /// Carries `GLIBC_TUNABLES` as the program found it across the exec, so that the second start
  /// can put it back: the processes it starts in turn (the `roster` CLI, `sqlite3`, the app
  /// from the benchmark) then decide for themselves, as they would have without it.
  static let carried = "ROSTER_GLIBC_TUNABLES_BEFORE_RELAUNCH"

  /// The `GLIBC_TUNABLES` value that turns the tunable on, given the current value; `nil` when
  /// the current value already names the tunable, on or off.
  ///
  /// ```swift
  /// HugePages.tunables(adding: nil)                          // "glibc.malloc.hugetlb=1"
  /// HugePages.tunables(adding: "glibc.malloc.check=3")       // "glibc.malloc.check=3:glibc.malloc.hugetlb=1"
  /// HugePages.tunables(adding: "glibc.malloc.hugetlb=0")     // nil
  /// ```
  public static func tunables(adding current: String?) -> String? {
    guard let current, !current.isEmpty else { return "\(tunable)=1" }
    let names = current.split(separator: ":").map { $0.prefix { $0 != "=" } }
    return names.contains { $0 == tunable } ? nil : "\(current):\(tunable)=1"
  }

  /// `GLIBC_TUNABLES` as ``carried`` holds it: `set:VALUE`, or `unset`.
  public static func carrying(_ value: String?) -> String { value.map { "set:\($0)" } ?? "unset" }

  /// The `GLIBC_TUNABLES` value that ``carrying(_:)`` made `carried` from; `nil` for unset.
  public static func uncarried(_ carried: String) -> String? {
    carried.hasPrefix("set:") ? String(carried.dropFirst(4)) : nil
  }

  /// Whether the kernel's mode, the contents of ``modeFile`` such as
  /// `always [madvise] never`, gives huge pages only to memory that asks for them.
  public static func onlyWhenAsked(mode: String) -> Bool { mode.contains("[madvise]") }

  /// The contents of ``modeFile``, or `nil` where the kernel has no transparent huge pages.
  private static var kernelMode: String? { try? String(contentsOfFile: modeFile, encoding: .utf8) }

  /// One line on the pages this process's heap gets, for a benchmark's report.
  ///
  /// It reads `GLIBC_TUNABLES` from `/proc/self/environ`, the environment the process was
  /// started with and glibc read, since ``relaunchIfWanted()`` puts the variable back afterwards.
  public static var summary: String {
    guard let mode = kernelMode else {
      return "Heap pages: as the system gives them (no transparent huge pages)."
    }
    if !onlyWhenAsked(mode: mode) {
      let setting = mode.split(separator: "[").dropFirst().first?.prefix { $0 != "]" } ?? "?"
      return "Heap pages: the kernel's transparent huge pages setting is \(setting)."
    }
    let started = (try? Data(contentsOf: URL(fileURLWithPath: "/proc/self/environ"))) ?? Data()
    let prefix = Array("GLIBC_TUNABLES=".utf8)
    let read =
      started.split(separator: 0).first { $0.starts(with: prefix) }
      .map { String(decoding: $0.dropFirst(prefix.count), as: UTF8.self) } ?? ""
    return read.split(separator: ":").contains { $0 == "\(tunable)=1" }
      ? "Heap pages: 2 MB where glibc can (\(tunable)=1, as the app starts)."
      : "Heap pages: 4 KB (GLIBC_TUNABLES=\(read))."
  }

  /// Starts this program again with glibc asking for huge pages, when that changes anything;
  /// otherwise, or if starting again fails, returns and the program goes on as it is.
  ///
  /// Call it first thing in `main`, before any thread starts. The process keeps its id, its
  /// arguments and its open files. The second start finds ``carried`` set, puts
  /// `GLIBC_TUNABLES` back as it was and returns.
  public static func relaunchIfWanted() {
    #if os(Linux)
      let environment = ProcessInfo.processInfo.environment
      if let before = environment[carried] {
        unsetenv(carried)
        restore(uncarried(before))
        return
      }
      guard let mode = kernelMode, onlyWhenAsked(mode: mode),
        let value = tunables(adding: environment["GLIBC_TUNABLES"])
      else { return }
      setenv(carried, carrying(environment["GLIBC_TUNABLES"]), 1)
      setenv("GLIBC_TUNABLES", value, 1)
      var arguments = CommandLine.arguments.map { strdup($0) } + [nil]
      execv("/proc/self/exe", &arguments)
      // Only reached when the exec failed: go on with the environment as it was.
      for argument in arguments { free(argument) }
      unsetenv(carried)
      restore(environment["GLIBC_TUNABLES"])
    #endif
  }

  #if os(Linux)
    /// Sets `GLIBC_TUNABLES` to `value`, or unsets it for `nil`.
    private static func restore(_ value: String?) {
      if let value { setenv("GLIBC_TUNABLES", value, 1) } else { unsetenv("GLIBC_TUNABLES") }
    }
  #endif
}
