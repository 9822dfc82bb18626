import Foundation
import Testing

/// Keeps the repository standing alone for the people who clone or install it: the README,
/// docs/, code comments and tests cite no file outside it, and every relative link in the
/// README and docs/ leads to a file that is there.
@Suite struct StandaloneRepositoryTests {
  private static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// The folders and files whose text the people who clone Folio read.
  private static let roots = [
    "README.md", "CHANGELOG.md", "Makefile", "Package.swift", "docs", "Sources", "Tests", "plugins",
    "examples", "benchmarks", "scripts", "Fuzz/Sources", "Fuzz/Package.swift",
  ]

  /// Text that points outside the repository: the team's shared folder and its contract.
  /// Assembled from parts so this file does not match itself.
  private static let outsideReferences = [
    "SPEC" + ".md", "SPEC" + " §", "../" + "shared/", "/work" + "/shared",
  ]

  private static let textExtensions: Set<String> = [
    "md", "swift", "lua", "folio", "expected", "c", "h", "py", "sh", "txt", "1", "bash", "zsh", "fish",
  ]

  private static func textFiles() -> [URL] {
    var files: [URL] = []
    for root in roots {
      let url = repository.appendingPathComponent(root)
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else { continue }
      guard isDirectory.boolValue else {
        files.append(url)
        continue
      }
      let walker = FileManager.default.enumerator(at: url, includingPropertiesForKeys: nil)
      while let file = walker?.nextObject() as? URL {
        if textExtensions.contains(file.pathExtension) || file.lastPathComponent == "install-deps" {
          files.append(file)
        }
      }
    }
    return files
  }

  @Test("no file names the team's shared folder or its SPEC")
  func nothingOutside() throws {
    let files = Self.textFiles()
    #expect(files.count > 100, "found only \(files.count) files under \(Self.repository.path)")
    for file in files {
      guard let text = try? String(contentsOf: file, encoding: .utf8) else { continue }
      for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
        for reference in Self.outsideReferences where line.contains(reference) {
          let path = file.path.dropFirst(Self.repository.path.count + 1)
          Issue.record("\(path):\(index + 1) cites \(reference), outside the repository: \(line)")
        }
      }
    }
  }

  @Test("every relative link in the README and docs/ leads to a file in the repository")
  func linksResolve() throws {
    let pages =
      [Self.repository.appendingPathComponent("README.md")]
      + (try FileManager.default.contentsOfDirectory(
        at: Self.repository.appendingPathComponent("docs"), includingPropertiesForKeys: nil
      )
      .filter { $0.pathExtension == "md" })
    let link = /\]\(([^)\s]+)\)/
    for page in pages {
      let text = try String(contentsOf: page, encoding: .utf8)
      for match in text.matches(of: link) {
        let target = String(match.1)
        if target.contains("://") || target.hasPrefix("#") || target.hasPrefix("mailto:") { continue }
        let path = String(target.prefix { $0 != "#" })
        let resolved = page.deletingLastPathComponent().appendingPathComponent(path).standardizedFileURL
        #expect(
          resolved.path.hasPrefix(Self.repository.standardizedFileURL.path + "/")
            && FileManager.default.fileExists(atPath: resolved.path),
          "\(page.lastPathComponent) links to \(target), which is not a file in the repository")
      }
    }
  }
}
