// swift-tools-version: 6.0
import PackageDescription

// Release builds of the plugin host, the session and the front ends check exclusive access
// statically only: the run-time checks on class properties cost about a tenth of a plugin
// command's call (docs/performance.md, "Exclusivity checks and the
// caches kept for micro rows"). FolioCore, which holds the documents, their
// undo history and the recovery journal, keeps them in every build; debug builds, which the
// tests run, keep them everywhere, so a violation still stops the tests.
let releaseSettings: [SwiftSetting] = [
  .unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))
]

let package = Package(
  name: "Folio",
  products: [
    .library(name: "FolioCore", targets: ["FolioCore"]),
    .library(name: "FolioLua", targets: ["FolioLua"]),
    .library(name: "FolioSession", targets: ["FolioSession"]),
    .library(name: "FolioPresentation", targets: ["FolioPresentation"]),
    .library(name: "FolioShell", targets: ["FolioShell"]),
    .library(name: "FolioEmbed", targets: ["FolioEmbed"]),
    .library(name: "FolioBrowse", targets: ["FolioBrowse"]),
    .executable(name: "folio", targets: ["folio"]),
  ],
  targets: [
    .systemLibrary(
      name: "CLua",
      pkgConfig: "lua5.4",
      providers: [.apt(["liblua5.4-dev"])]
    ),
    .target(name: "CLuaHost", dependencies: ["CLua"]),
    .systemLibrary(
      name: "CEdit",
      pkgConfig: "libedit",
      providers: [.apt(["libedit-dev"])]
    ),
    .systemLibrary(
      name: "CSQLite",
      pkgConfig: "sqlite3",
      providers: [.apt(["libsqlite3-dev"])]
    ),
    // cairo's and Pango's headers (libcairo2-dev, libpango1.0-dev); the libraries are opened
    // with dlopen on the first print. Pango's headers are only read by folio_pango.c.
    .target(
      name: "CCairo",
      cSettings: [
        .unsafeFlags([
          "-I/usr/include/pango-1.0", "-I/usr/include/glib-2.0", "-I/usr/include/harfbuzz",
          "-I/usr/include/cairo",
          "-I/usr/lib/x86_64-linux-gnu/glib-2.0/include", "-I/usr/lib/aarch64-linux-gnu/glib-2.0/include",
        ])
      ]),
    // msgpack-c, which the tests check the embedding protocol's MessagePack reader and writer
    // against (Folio reads and writes MessagePack itself).
    .systemLibrary(
      name: "CMsgPack",
      pkgConfig: "msgpack",
      providers: [.apt(["libmsgpack-dev"])]
    ),
    // ncursesw (libncurses-dev), which the full-screen browser draws with.
    .systemLibrary(
      name: "CNcurses",
      pkgConfig: "ncursesw",
      providers: [.apt(["libncurses-dev"])]
    ),
    .target(name: "CFolioSystem"),
    // The version and commit `folio --version` prints (scripts/version writes them).
    .target(name: "CFolioVersion"),
    .target(name: "FolioCore", dependencies: ["CSQLite", "CCairo", "CFolioSystem"]),
    .target(
      name: "FolioLua", dependencies: ["FolioCore", "CLua", "CLuaHost", "CFolioVersion"],
      swiftSettings: releaseSettings),
    .target(name: "FolioSession", dependencies: ["FolioCore", "FolioLua"], swiftSettings: releaseSettings),
    // What every front end shows the same way: results as JSON, errors and reports phrased,
    // the command language's lexer, the palette's data.
    .target(
      name: "FolioPresentation", dependencies: ["FolioCore", "FolioSession", "CFolioVersion"],
      swiftSettings: releaseSettings),
    .target(
      name: "FolioShell",
      dependencies: ["FolioCore", "FolioLua", "FolioSession", "FolioPresentation", "CEdit", "CFolioVersion"],
      swiftSettings: releaseSettings),
    // The JSON-RPC front end (`folio --embed`): a second front end over the session.
    .target(
      name: "FolioEmbed", dependencies: ["FolioCore", "FolioSession", "FolioPresentation"],
      swiftSettings: releaseSettings),
    // The full-screen front end (`folio browse`, the REPL's `browse`): a third front end over
    // the session, which borrows the shell's phrasing through closures the executable hands it.
    .target(
      name: "FolioBrowse", dependencies: ["FolioCore", "FolioSession", "CNcurses"],
      swiftSettings: releaseSettings),
    .executableTarget(
      name: "folio",
      dependencies: ["FolioShell", "FolioEmbed", "FolioBrowse", "FolioPresentation", "FolioSession"]),
    .executableTarget(
      name: "folio-bench",
      dependencies: ["CLua", "FolioCore", "FolioSession", "FolioPresentation", "FolioShell"]),
    .target(name: "FolioTestSupport", dependencies: ["FolioCore"], path: "Tests/FolioTestSupport"),
    .testTarget(name: "FolioCoreTests", dependencies: ["FolioCore", "FolioTestSupport"]),
    .testTarget(name: "FolioLuaTests", dependencies: ["FolioLua", "CLua"]),
    .testTarget(name: "FolioSessionTests", dependencies: ["FolioSession", "FolioTestSupport"]),
    .testTarget(name: "FolioShellTests", dependencies: ["FolioShell", "FolioPresentation", "FolioSession"]),
    .testTarget(
      name: "FolioEmbedTests",
      dependencies: [
        "FolioEmbed", "FolioPresentation", "FolioSession", "FolioLua", "FolioTestSupport", "CMsgPack",
      ]),
    .testTarget(name: "FolioBrowseTests", dependencies: ["FolioBrowse", "FolioSession", "FolioTestSupport"]),
    .testTarget(
      name: "FolioEndToEndTests",
      dependencies: ["folio"],
      exclude: ["Scripts", "Embed"]
    ),
  ],
  swiftLanguageModes: [.v6]
)
