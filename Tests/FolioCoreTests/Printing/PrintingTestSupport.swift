import Foundation
import Testing

@testable import FolioCore

/// Runs the poppler command-line tools that read PDFs back.
enum Poppler {
  /// A tool could not be found or failed; the description says which and why.
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// The output of `pdfinfo PATH`.
  static func info(_ path: String) throws -> String {
    try run("pdfinfo", [path])
  }

  /// The text of the PDF as `pdftotext -layout` lays it out; pages end in a form feed.
  static func text(_ path: String) throws -> String {
    try run("pdftotext", ["-layout", "-enc", "UTF-8", path, "-"])
  }

  /// A word `pdftotext -bbox` found, with the top-left corner of its box in points.
  struct Word: Equatable {
    var text: String
    var x: Double
    var y: Double
  }

  /// The words of every page with their positions, in reading order.
  static func words(_ path: String) throws -> [Word] {
    let html = try run("pdftotext", ["-bbox", "-enc", "UTF-8", path, "-"])
    let pattern = #/xMin="(?<x>[0-9.]+)" yMin="(?<y>[0-9.]+)"[^>]*>(?<text>[^<]*)</word>/#
    return html.matches(of: pattern).compactMap { match in
      guard let x = Double(match.x), let y = Double(match.y) else { return nil }
      return Word(text: String(match.text), x: x, y: y)
    }
  }

  /// The first page rendered by `pdftoppm` in grey at 100 dpi: the bytes of a PGM image.
  static func renderFirstPage(_ path: String) throws -> [UInt8] {
    let root = path + ".render"
    _ = try run("pdftoppm", ["-gray", "-r", "100", "-f", "1", "-l", "1", "-singlefile", path, root])
    return Array(try Data(contentsOf: URL(fileURLWithPath: root + ".pgm")))
  }

  /// The output of `pdffonts PATH`.
  static func fonts(_ path: String) throws -> String {
    try run("pdffonts", [path])
  }

  /// The value of one `Key: value` line of `pdfinfo`'s output.
  static func field(_ name: String, in info: String) -> String? {
    for line in info.split(separator: "\n") where line.hasPrefix(name + ":") {
      return line.dropFirst(name.count + 1).trimmingCharacters(in: .whitespaces)
    }
    return nil
  }

  private static func run(_ tool: String, _ arguments: [String]) throws -> String {
    guard let executable = find(tool) else {
      // A missing tool fails the test rather than skipping it: these tests are the only
      // check that the PDFs can be read back.
      throw Failure(
        description: "\(tool) was not found on PATH; install poppler-utils "
          + "(apt-get install poppler-utils) to run the PDF printer tests")
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    let errorData = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw Failure(
        description: "\(tool) \(arguments.joined(separator: " ")) exited with "
          + "\(process.terminationStatus): \(String(decoding: errorData, as: UTF8.self))")
    }
    return String(decoding: data, as: UTF8.self)
  }

  private static func find(_ tool: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for folder in path.split(separator: ":") {
      let candidate = "\(folder)/\(tool)"
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
  }
}

/// Lines of the given count, each naming its number so that order and loss show.
func numberedLines(_ count: Int) -> [String] {
  (0..<count).map { "line \($0 + 1)" }
}
