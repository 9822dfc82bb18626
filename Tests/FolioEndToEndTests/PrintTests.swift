import Foundation
import Testing

/// `print` through the built binary, checked with poppler's pdfinfo and pdftotext.
@Suite struct PrintTests {
  private static func poppler(_ tool: String, _ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [tool] + arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = Pipe()
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(
      process.terminationStatus == 0, "\(tool) failed; is poppler-utils installed (make test installs it)?")
    return String(decoding: data, as: UTF8.self)
  }

  @Test("a 150-line document prints as a paginated PDF beside it, never replacing an earlier print")
  func pdfBesideTheDocument() throws {
    let folder = try FolioProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let lines = (1...150).map { "Line \($0): café ★ ✓ │ " + String(repeating: "word ", count: $0 % 30) }
    try (lines.joined(separator: "\n") + "\n").write(
      to: folder.appendingPathComponent("Field Notes.txt"), atomically: true, encoding: .utf8)
    let result = try FolioProcess.run(
      ["-c", "open 'Field Notes.txt'; print; print --page-size letter"], in: folder)
    #expect(result.errors == "")
    #expect(result.status == 0)
    let a4 = folder.appendingPathComponent("Field Notes.pdf").path
    let letter = folder.appendingPathComponent("Field Notes 2.pdf").path
    #expect(result.output.contains("to \(a4)."))
    #expect(result.output.contains("to \(letter)."))

    let info = try Self.poppler("pdfinfo", [a4])
    #expect(info.contains("Title:           Field Notes"))
    #expect(info.contains("(A4)"))
    let pageCount = try #require(
      info.split(separator: "\n").first { $0.hasPrefix("Pages:") }.flatMap {
        Int($0.split(separator: " ").last ?? "")
      })
    #expect(pageCount >= 3)
    let text = try Self.poppler("pdftotext", ["-layout", a4, "-"])
    let pages = text.split(separator: "\u{0C}", omittingEmptySubsequences: true).filter {
      !$0.allSatisfy(\.isWhitespace)
    }
    #expect(pages.count == pageCount)
    for (index, page) in pages.enumerated() {
      #expect(page.contains("Field Notes"), "page \(index + 1) has the title in its header")
      #expect(page.contains("page \(index + 1) of \(pageCount)"))
    }
    #expect(text.contains("Line 150: café ★ ✓ │"))
    #expect(try Self.poppler("pdfinfo", [letter]).contains("612 x 792 pts (letter)"))
  }

  @Test("a table prints its plugins' row decorations (glyph, or the fallback •) and formatted cells")
  func decorations() throws {
    let folder = try FolioProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    try "name,noise,visited\nDock,2,yes\nCanal,10,no\n".write(
      to: folder.appendingPathComponent("spots.csv"), atomically: true, encoding: .utf8)
    let plugin = folder.appendingPathComponent("plugins/marks")
    try FileManager.default.createDirectory(at: plugin, withIntermediateDirectories: true)
    try """
    folio.row_decoration { id = "marks.seal", symbol = "checkmark.seal.fill", column = "visited", when = "yes" }
    folio.row_decoration { id = "marks.loud", symbol = "speaker.wave.3", column = "noise", at_least = 8 }
    folio.cell_format { id = "marks.bar", column = "noise", kind = "bar", min = 0, max = 10 }
    """.write(to: plugin.appendingPathComponent("plugin.lua"), atomically: true, encoding: .utf8)
    let result = try FolioProcess.run(
      ["--plugins", "plugins", "-c", "open spots.csv; print --to spots.pdf"], in: folder)
    #expect(result.errors == "")
    #expect(result.status == 0)
    let text = try Self.poppler(
      "pdftotext", ["-layout", folder.appendingPathComponent("spots.pdf").path, "-"])
    let lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    // The seal has a glyph (✓); the speaker has none, so it prints as the fallback •.
    #expect(lines.contains { $0.hasPrefix("✓") && $0.contains("Dock") && $0.contains("▮▯▯▯▯") }, "\(text)")
    #expect(lines.contains { $0.hasPrefix("•") && $0.contains("Canal") && $0.contains("▮▮▮▮▮") }, "\(text)")
    #expect(!text.contains("speaker.wave.3"))
  }

  @Test("after settings set print.page-size letter a PDF is Letter without --page-size; --page-size a4 wins")
  func pageSizeSetting() throws {
    let folder = try FolioProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    try "one line\n".write(to: folder.appendingPathComponent("memo.txt"), atomically: true, encoding: .utf8)
    let result = try FolioProcess.run(
      [
        "-c",
        "open memo.txt; print --to default.pdf; settings set print.page-size letter; print --to letter.pdf; "
          + "print --to a4.pdf --page-size a4",
      ], in: folder)
    #expect(result.errors == "")
    #expect(result.status == 0)
    // LANG is C.UTF-8 in test runs, so the default is A4 until the setting says Letter.
    let expected = [
      "default.pdf": "595 x 842 pts (A4)", "letter.pdf": "612 x 792 pts (letter)",
      "a4.pdf": "595 x 842 pts (A4)",
    ]
    for (name, size) in expected {
      let info = try Self.poppler("pdfinfo", [folder.appendingPathComponent(name).path])
      #expect(info.contains("Page size:       \(size)"), "\(name): \(info)")
    }
  }

  @Test("the binary links neither cairo nor Pango, which the first print opens, so start-up never binds them")
  func cairoIsNotLinked() throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["ldd", FolioProcess.executable.path]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let libraries = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    #expect(libraries.contains("libsqlite3"), "ldd listed: \(libraries)")
    for library in ["libcairo", "libpango", "libglib", "libharfbuzz", "libfontconfig"] {
      #expect(!libraries.contains(library), "ldd listed: \(libraries)")
    }
  }
}
