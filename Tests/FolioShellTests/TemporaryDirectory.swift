import Foundation

/// A folder for one test, deleted when the test is done with it.
struct TemporaryDirectory {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "folio-shell-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  /// The path of a file inside the folder.
  func path(_ name: String) -> String { url.appendingPathComponent(name).path }

  /// Writes a text file inside the folder.
  func write(_ name: String, _ text: String) throws {
    let fileURL = url.appendingPathComponent(name)
    try FileManager.default.createDirectory(
      at: fileURL.deletingLastPathComponent(), withIntermediateDirectories: true)
    try text.write(to: fileURL, atomically: true, encoding: .utf8)
  }

  func remove() { try? FileManager.default.removeItem(at: url) }
}
