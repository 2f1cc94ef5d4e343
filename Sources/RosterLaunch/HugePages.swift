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
/// Nothing happens when the kernel already gives every process huge pages (`always`) or none
/// (`never`), when `GLIBC_TUNABLES` already names the tunable (set it to
/// `glibc.malloc.hugetlb=0` to keep 4 KB pages), or off Linux.
public enum HugePages {
  /// The glibc tunable that makes `malloc` ask for transparent huge pages.
  public static let tunable = "glibc.malloc.hugetlb"

  /// Where Linux says when it hands out transparent huge pages.
  static let modeFile = "/sys/kernel/mm/transparent_hugepage/enabled"

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

  /// Whether the kernel's mode, the contents of ``modeFile`` such as
  /// `always [madvise] never`, gives huge pages only to memory that asks for them.
  public static func onlyWhenAsked(mode: String) -> Bool { mode.contains("[madvise]") }

  /// One line on the pages this process's heap gets, for a benchmark's report.
  public static var summary: String {
    guard let mode = try? String(contentsOfFile: modeFile, encoding: .utf8) else {
      return "Heap pages: as the system gives them (no transparent huge pages)."
    }
    if !onlyWhenAsked(mode: mode) {
      let setting = mode.split(separator: "[").dropFirst().first?.prefix { $0 != "]" } ?? "?"
      return "Heap pages: the kernel's transparent huge pages setting is \(setting)."
    }
    let current = ProcessInfo.processInfo.environment["GLIBC_TUNABLES"] ?? ""
    return current.split(separator: ":").contains { $0 == "\(tunable)=1" }
      ? "Heap pages: 2 MB where glibc can (\(tunable)=1, as the app starts)."
      : "Heap pages: 4 KB (GLIBC_TUNABLES=\(current))."
  }

  /// Starts this program again with glibc asking for huge pages, when that changes anything;
  /// otherwise, or if starting again fails, returns and the program goes on as it is.
  ///
  /// Call it first thing in `main`, before any thread starts. The process keeps its id, its
  /// arguments and its open files; the second start finds the tunable set and returns.
  public static func relaunchIfWanted() {
    #if os(Linux)
      let environment = ProcessInfo.processInfo.environment
      guard let mode = try? String(contentsOfFile: modeFile, encoding: .utf8),
        onlyWhenAsked(mode: mode),
        let value = tunables(adding: environment["GLIBC_TUNABLES"])
      else { return }
      setenv("GLIBC_TUNABLES", value, 1)
      var arguments = CommandLine.arguments.map { strdup($0) } + [nil]
      execv("/proc/self/exe", &arguments)
      // Only reached when the exec failed: go on with the environment as it was.
      for argument in arguments { free(argument) }
      if let old = environment["GLIBC_TUNABLES"] {
        setenv("GLIBC_TUNABLES", old, 1)
      } else {
        unsetenv("GLIBC_TUNABLES")
      }
    #endif
  }
}
