// swift-tools-version: 6.0
import PackageDescription

// The libFuzzer targets. A package of its own, so that `swift build` and `swift test` of Folio
// never see them; `make fuzz` builds it with `-sanitize=fuzzer,address`, which instruments
// Folio's modules too (see docs/reliability.md, "Fuzzing").
let folio: [Target.Dependency] = [.product(name: "FolioCore", package: "Folio"), "FuzzSupport"]

let package = Package(
  name: "FolioFuzz",
  dependencies: [.package(name: "Folio", path: "..")],
  targets: [
    .systemLibrary(name: "CLibFuzzer"),
    .target(name: "FuzzSupport", dependencies: ["CLibFuzzer"]),
    .executableTarget(
      name: "fuzz-lexer",
      dependencies: folio + [
        .product(name: "FolioSession", package: "Folio"), .product(name: "FolioShell", package: "Folio"),
        .product(name: "FolioPresentation", package: "Folio"),
      ]),
    .executableTarget(name: "fuzz-delimited", dependencies: folio),
    .executableTarget(name: "fuzz-json", dependencies: folio),
    .executableTarget(name: "fuzz-text", dependencies: folio),
    .executableTarget(
      name: "fuzz-embed",
      dependencies: folio + [
        .product(name: "FolioSession", package: "Folio"), .product(name: "FolioEmbed", package: "Folio"),
      ]),
    .executableTarget(
      name: "fuzz-commands",
      dependencies: folio + [
        .product(name: "FolioSession", package: "Folio"), .product(name: "FolioShell", package: "Folio"),
        .product(name: "FolioPresentation", package: "Folio"),
      ]),
  ],
  swiftLanguageModes: [.v6]
)
