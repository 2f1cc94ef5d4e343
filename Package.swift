// swift-tools-version: 6.0
// Roster: a list editor. Arrows point one way: front ends → storage → core.

import PackageDescription

let strictSettings: [SwiftSetting] = [
  .enableUpcomingFeature("ExistentialAny"),
  .enableUpcomingFeature("InternalImportsByDefault"),
  .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
  name: "Roster",
  products: [
    .library(name: "RosterKit", targets: ["RosterKit"]),
    .library(name: "RosterBackend", targets: ["RosterBackend"]),
    .library(name: "RosterStore", targets: ["RosterStore"]),
    .executable(name: "roster", targets: ["roster"]),
    .executable(name: "roster-app", targets: ["RosterApp"]),
    .executable(name: "roster-bench", targets: ["RosterBench"]),
  ],
  targets: [
    // Core: the list model, the rules, undo. Foundation and Observation only: no C, no I/O.
    .target(name: "RosterKit"),

    // The storage protocol, its error and the in-memory reference backend: no engine, no C.
    .target(name: "RosterBackend", dependencies: ["RosterKit"]),

    // Storage: SQLite through Debian's libsqlite3-dev.
    .systemLibrary(
      name: "CSQLite",
      pkgConfig: "sqlite3",
      providers: [.apt(["libsqlite3-dev"])]
    ),
    .target(name: "RosterStore", dependencies: ["RosterKit", "RosterBackend", "CSQLite"]),

    // Front ends.
    .executableTarget(
      name: "roster", dependencies: ["RosterKit", "RosterBackend", "RosterStore"]),
    .systemLibrary(name: "CGtk", pkgConfig: "gtk4", providers: [.apt(["libgtk-4-dev"])]),
    .systemLibrary(
      name: "CAdw",
      pkgConfig: "libadwaita-1",
      providers: [.apt(["libadwaita-1-dev"])]
    ),
    .target(name: "CGtkShim", dependencies: ["CGtk", "CAdw"]),
    // The app's display-free controllers: validation feedback, row editing, undo toasts, sync.
    .target(name: "RosterAppCore", dependencies: ["RosterKit", "RosterBackend"]),
    .executableTarget(
      name: "RosterApp",
      dependencies: [
        "RosterKit", "RosterBackend", "RosterStore", "RosterAppCore", "CGtk", "CAdw", "CGtkShim",
      ]
    ),

    // Benchmarks: `swift run -c release roster-bench`.
    .target(name: "CMalloc"),
    .executableTarget(
      name: "RosterBench", dependencies: ["RosterKit", "RosterBackend", "RosterStore", "CMalloc"]),

    .testTarget(name: "RosterKitTests", dependencies: ["RosterKit"]),
    .testTarget(
      name: "RosterStoreTests", dependencies: ["RosterKit", "RosterBackend", "RosterStore"]),
    // One behaviour suite over the RosterStorage protocol, run against every backend.
    .testTarget(
      name: "StorageContractTests", dependencies: ["RosterKit", "RosterBackend", "RosterStore"]),
    .testTarget(
      name: "RosterCLITests", dependencies: ["roster", "RosterBackend", "RosterStore"],
      exclude: ["Golden"]),
    .testTarget(
      name: "RosterAppTests",
      dependencies: ["RosterKit", "RosterBackend", "RosterStore", "RosterAppCore"]),
    // Hostile input, kills and concurrent writers: Tests/Reliability's scripts and regressions.
    .testTarget(
      name: "ReliabilityTests",
      dependencies: ["roster", "RosterKit", "RosterBackend", "RosterStore"]),
  ]
)

for target in package.targets where target.type != .system {
  target.swiftSettings = (target.swiftSettings ?? []) + strictSettings
}
