// swift-tools-version: 6.0
// Roster: a list editor. Arrows point one way: front ends → storage → core (docs/architecture.md).

import PackageDescription

let strictSettings: [SwiftSetting] = [
  .enableUpcomingFeature("ExistentialAny"),
  .enableUpcomingFeature("InternalImportsByDefault"),
  .enableUpcomingFeature("MemberImportVisibility"),
]

// `roster` links the Swift runtime and Foundation statically in release builds: a dynamic
// `roster` spends most of a one-row command resolving symbols across twenty shared libraries
// before `main` runs. The libraries are the ones `swift build --static-swift-stdlib` links, in
// one group because Foundation's parts refer to each other; lld, because gold warns at every
// link about a `mktemp` deep in static Foundation that `roster` never calls. It stays
// position-independent, so its addresses are randomized like every other Debian binary's.
let staticRuntime =
  ["-static-stdlib", "-use-ld=lld", "-Xlinker", "--start-group"]
  + [
    "Foundation", "FoundationEssentials", "FoundationInternationalization", "CoreFoundation",
    "_FoundationICU", "_FoundationCShims", "_FoundationCollections", "swiftSynchronization",
    "swiftObservation", "swiftDispatch", "dispatch", "BlocksRuntime", "swiftCore",
  ].map { "-l" + $0 } + ["-Xlinker", "--end-group"]

// GTK 4's and libadwaita's headers, where Debian puts them (`pkg-config --cflags gtk4
// libadwaita-1`): given as include paths, because `pkgConfig:` on CGtk and CAdw makes every build
// warn that SwiftPM drops the flags it does not allow (-pthread, and -mfpmath=sse -msse -msse2 for
// 32-bit x86), none of which a 64-bit build needs. Their libraries are in the module maps.
#if arch(arm64)
  let multiarch = "aarch64-linux-gnu"
#else
  let multiarch = "x86_64-linux-gnu"
#endif
let gtkIncludes =
  [
    "/usr/include/gtk-4.0", "/usr/include/libadwaita-1", "/usr/include/pango-1.0",
    "/usr/include/glib-2.0", "/usr/lib/\(multiarch)/glib-2.0/include", "/usr/include/harfbuzz",
    "/usr/include/freetype2", "/usr/include/libpng16", "/usr/include/libmount",
    "/usr/include/blkid", "/usr/include/fribidi", "/usr/include/cairo", "/usr/include/pixman-1",
    "/usr/include/gdk-pixbuf-2.0", "/usr/include/graphene-1.0",
    "/usr/lib/\(multiarch)/graphene-1.0/include",
  ].map { "-I" + $0 }
// For RosterGtk, the Swift target that imports CGtk and CAdw (clang reads their headers).
let gtkSwiftSettings: [SwiftSetting] = [.unsafeFlags(gtkIncludes.flatMap { ["-Xcc", $0] })]

let package = Package(
  name: "Roster",
  // Observation's @Observable needs these on Apple platforms, where a SwiftUI front end binds to
  // RosterKit directly; Linux takes no minimum.
  platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
  products: [
    .library(name: "RosterKit", targets: ["RosterKit"]),
    .library(name: "RosterBackend", targets: ["RosterBackend"]),
    .library(name: "RosterStore", targets: ["RosterStore"]),
    .library(name: "RosterPostgres", targets: ["RosterPostgres"]),
    .library(name: "RosterTransfer", targets: ["RosterTransfer"]),
    .library(name: "RosterPrint", targets: ["RosterPrint"]),
    .library(name: "RosterCollation", targets: ["RosterCollation"]),
    .library(name: "RosterCLI", targets: ["RosterCLI"]),
    .executable(name: "roster", targets: ["roster"]),
    .executable(name: "roster-app", targets: ["RosterApp"]),
    .executable(name: "roster-bench", targets: ["RosterBench"]),
    .executable(name: "roster-docs", targets: ["RosterDocs"]),
  ],
  targets: [
    // Core: the list model, the rules, undo. Foundation and Observation only: no C, no I/O.
    .target(name: "RosterKit"),

    // The storage protocol, its error and the in-memory reference backend: no engine, no C.
    .target(name: "RosterBackend", dependencies: ["RosterKit"]),

    // SQLite storage through Debian's libsqlite3-dev.
    .systemLibrary(
      name: "CSQLite",
      pkgConfig: "sqlite3",
      providers: [.apt(["libsqlite3-dev"])]
    ),
    .target(name: "RosterStore", dependencies: ["RosterKit", "RosterBackend", "CSQLite"]),

    // Locale-aware collation through Debian's ICU (libicu-dev). CICUShim includes ICU's headers
    // in C (Foundation's own ICU declares the same C types, so Swift cannot import them) and
    // loads the library on first use with dlopen, so that only a command that sorts loads it;
    // RosterCollation is its only importer. RosterKit takes sort keys as input, free of C.
    .target(name: "CICUShim"),
    .target(name: "RosterCollation", dependencies: ["RosterKit", "CICUShim"]),
    // PostgreSQL storage, shared by a team, through Debian's libpq5.
    // libpq is loaded on first use (CLibPQ's dlopen loader), so that `roster` on a SQLite file
    // starts without it and the twenty libraries under it.
    .target(name: "CLibPQ"),
    .target(name: "RosterPostgres", dependencies: ["RosterKit", "RosterBackend", "CLibPQ"]),
    // Opens the engine a `DatabaseLocation` names, for every front end.
    .target(
      name: "RosterEngines",
      dependencies: ["RosterBackend", "RosterStore", "RosterPostgres", "RosterSync"]),

    // File formats: CSV and JSON reading and writing, and the import plan, for every front end.
    .target(name: "RosterTransfer", dependencies: ["RosterKit", "RosterBackend"]),
    // Printed pages and PDF through Debian's Pango and Cairo, for the CLI and the app's print
    // dialog alike: RosterPrint is the only target that calls them. CPangoCairo loads them on
    // first use (dlopen), so that `roster` starts without them for every other command.
    .target(name: "CPangoCairo"),
    .target(
      name: "RosterPrint",
      dependencies: ["RosterKit", "RosterTransfer", "RosterLocalization", "CPangoCairo"]),

    // gettext, from glibc, and the front ends' words: translated messages (`localized`) and
    // refusals put into words (`RefusalWording`); `make pot` extracts, po/ translates.
    .systemLibrary(name: "CGettext"),
    .target(
      name: "RosterLocalization",
      dependencies: ["RosterKit", "RosterBackend", "RosterTransfer", "CGettext"]),

    // Front ends. The command line is a library (its command table, dispatch and help) under a
    // few lines of executable.
    .target(
      name: "RosterCLI",
      dependencies: [
        "RosterKit", "RosterBackend", "RosterStore", "RosterEngines", "RosterSync",
        "RosterTransfer", "RosterPrint", "RosterLocalization", "RosterCollation",
      ]),
    // Release builds link the runtime statically (`staticRuntime`, above).
    .executableTarget(
      name: "roster", dependencies: ["RosterCLI"],
      linkerSettings: [.unsafeFlags(staticRuntime, .when(configuration: .release))]),
    // `make man`: the man pages and shell completions, generated from the command table.
    .executableTarget(name: "RosterDocs", dependencies: ["RosterCLI"]),
    // GTK 4 and libadwaita (libgtk-4-dev, libadwaita-1-dev): headers through `gtkIncludes`.
    .systemLibrary(name: "CGtk"),
    .systemLibrary(name: "CAdw"),
    .target(
      name: "CGtkShim", dependencies: ["CGtk", "CAdw"], cSettings: [.unsafeFlags(gtkIncludes)]),
    // Swift wrappers over GTK and libadwaita: the only target that imports them. It knows
    // nothing of Roster; raw pointers stay inside it.
    .target(
      name: "RosterGtk", dependencies: ["CGtk", "CAdw", "CGtkShim"],
      swiftSettings: gtkSwiftSettings),
    // Storage as a window uses it, engine-neutral: a local database written behind the window
    // by a thread of its own, and a shared server through an outbox sent by another.
    .target(
      name: "RosterSync", dependencies: ["RosterKit", "RosterBackend", "RosterLocalization"]),
    // The app's display-free controllers and view state: validation feedback, row editing,
    // undo toasts, sync, what the window and the list show, the paste and import previews.
    .target(
      name: "RosterAppCore",
      dependencies: [
        "RosterKit", "RosterBackend", "RosterTransfer", "RosterLocalization", "RosterCollation",
      ]),
    // How the app and the benchmark start: on 2 MB pages where the kernel hands them out only
    // when asked (glibc's malloc tunable, read at start-up).
    .target(name: "RosterLaunch"),
    .executableTarget(
      name: "RosterApp",
      dependencies: [
        "RosterGtk", "RosterAppCore", "RosterKit", "RosterBackend", "RosterSync",
        "RosterTransfer", "RosterLocalization", "RosterPrint", "RosterEngines", "RosterLaunch",
      ]
    ),

    // Benchmarks: `swift run -c release roster-bench`.
    .target(name: "CMalloc"),
    .executableTarget(
      name: "RosterBench",
      dependencies: [
        "RosterKit", "RosterBackend", "RosterStore", "RosterEngines", "RosterCollation", "CMalloc",
        "RosterSync", "RosterLaunch",
      ]),

    // What several test targets need: the built `roster`, temporary homes and databases.
    // Children started with posix_spawn, every other descriptor closed (glibc's _np actions).
    .target(name: "CSpawn", path: "Tests/CSpawn"),
    .target(name: "RosterTestSupport", dependencies: ["CSpawn"], path: "Tests/RosterTestSupport"),
    .testTarget(name: "RosterKitTests", dependencies: ["RosterKit", "RosterTestSupport"]),
    .testTarget(
      name: "RosterCollationTests",
      dependencies: ["RosterCollation", "RosterKit", "RosterTestSupport"]),
    // A test-only SQLite VFS that simulates power cuts, over the default one.
    .target(
      name: "CCrashVFS", dependencies: ["CSQLite"], path: "Tests/CCrashVFS",
      linkerSettings: [.linkedLibrary("sqlite3")]),
    .testTarget(
      name: "RosterBackendTests",
      dependencies: ["RosterKit", "RosterBackend", "RosterTestSupport"]),
    .testTarget(
      name: "RosterStoreTests",
      dependencies: ["RosterKit", "RosterBackend", "RosterStore", "RosterTestSupport"]),
    // One behaviour suite over the RosterStorage protocol, run against every backend.
    .testTarget(
      name: "StorageContractTests",
      dependencies: [
        "RosterKit", "RosterBackend", "RosterStore", "RosterPostgres", "RosterTestSupport",
      ]),
    // PostgresStore against a real throwaway server: teams, row-level security, retries.
    .testTarget(
      name: "RosterPostgresTests",
      dependencies: [
        "roster", "RosterKit", "RosterBackend", "RosterPostgres", "RosterTestSupport",
      ]),
    .testTarget(
      name: "RosterTransferTests",
      dependencies: ["RosterKit", "RosterStore", "RosterTransfer", "RosterTestSupport"]),
    .testTarget(
      name: "RosterPrintTests",
      dependencies: ["RosterKit", "RosterPrint", "RosterTestSupport"]),
    .testTarget(
      name: "RosterCLITests",
      dependencies: [
        "roster", "RosterCLI", "RosterKit", "RosterBackend", "RosterStore", "RosterTestSupport",
      ],
      exclude: ["Golden"]),
    .testTarget(
      name: "RosterLocalizationTests",
      dependencies: [
        "RosterKit", "RosterBackend", "RosterTransfer", "RosterLocalization", "RosterTestSupport",
      ]),
    // The window's storage: writing behind it, and the outbox against a real server.
    .testTarget(
      name: "RosterSyncTests",
      dependencies: [
        "RosterKit", "RosterBackend", "RosterStore", "RosterSync", "RosterEngines",
        "RosterPostgres", "RosterAppCore", "RosterTestSupport",
      ]),
    .testTarget(
      name: "RosterAppTests",
      dependencies: [
        "RosterKit", "RosterBackend", "RosterStore", "RosterTransfer", "RosterAppCore",
        "RosterCollation", "RosterEngines", "RosterPostgres", "RosterLaunch", "RosterSync",
        "RosterLocalization", "RosterTestSupport",
      ]),
    // Power cuts: every acknowledged action survives, through the crash VFS.
    .testTarget(
      name: "DurabilityTests",
      dependencies: ["RosterKit", "RosterBackend", "RosterStore", "RosterTestSupport", "CCrashVFS"]),
    // Hostile input, kills and concurrent writers: Tests/Reliability's scripts and regressions.
    .testTarget(
      name: "ReliabilityTests",
      dependencies: [
        "roster", "RosterKit", "RosterBackend", "RosterStore", "RosterTransfer",
        "RosterTestSupport",
      ]),
  ]
)

for target in package.targets where target.type != .system {
  target.swiftSettings = (target.swiftSettings ?? []) + strictSettings
}
