import Foundation

/// A folder of its own under the system's temporary folder for one test, removed with its
/// contents when released.
public final class TemporaryFolder {
  public let url: URL

  /// Creates the folder, named `prefix` and a unique suffix.
  public init(_ prefix: String = "folio-tests") throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "\(prefix)-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
  }

  deinit { try? FileManager.default.removeItem(at: url) }

  /// The path of a file in the folder.
  public func path(_ name: String) -> String { url.appendingPathComponent(name).path }

  /// The names of the files in the folder, sorted.
  public func contents() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
  }

  /// The sorted names in the subfolder `folder`; none when it cannot be read.
  public func names(in folder: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: path(folder))) ?? []).sorted()
  }

  /// Writes `text` as UTF-8 to `name`.
  public func write(_ name: String, _ text: String) throws { try write(name, Array(text.utf8)) }

  /// Writes `bytes` to `name`.
  public func write(_ name: String, _ bytes: [UInt8]) throws {
    try Data(bytes).write(to: URL(fileURLWithPath: path(name)))
  }

  /// The text of `name`, invalid UTF-8 repaired.
  public func read(_ name: String) throws -> String { String(decoding: try bytes(name), as: UTF8.self) }

  /// The bytes of `name`.
  public func bytes(_ name: String) throws -> [UInt8] {
    Array(try Data(contentsOf: URL(fileURLWithPath: path(name))))
  }
}
