import FolioTestSupport
import Foundation
import Testing

@testable import FolioCore

/// A save looks at its file once more just before it replaces it: another program that
/// appends to the file (or makes the file `save --as` names) while the new version is being
/// written makes the save refuse, leaving both the file and the document as they were.
@Suite struct SaveLateCheckTests {
  /// A CSV of about 3 MB, so that the save writes it in several chunks and reports progress
  /// between them.
  private static let csv: [UInt8] = {
    var text = "name,count\n"
    for row in 0..<150_000 { text += "row \(row),\(row)\n" }
    return Array(text.utf8)
  }()

  /// The names in `folder` that are temporary files of a save.
  private static func temporaryFiles(in folder: TemporaryFolder) throws -> [String] {
    try folder.contents().filter { $0.contains(DocumentFile.temporaryMarker) }
  }

  /// Appends `text` to the file at `path`, as another program would.
  private static func append(_ text: String, to path: String) throws {
    let handle = try #require(FileHandle(forWritingAtPath: path))
    try handle.seekToEnd()
    try handle.write(contentsOf: Data(text.utf8))
    try handle.close()
  }

  @Test("an append made while the new version is written is refused as a change on disk, and kept")
  func appendDuringSave() throws {
    let folder = try TemporaryFolder("folio-save-late")
    try folder.write("t.csv", Self.csv)
    let workspace = Workspace(store: nil, currentDirectory: folder.url.path, home: nil)
    let document = try workspace.open("t.csv").document
    try workspace.setCell(position: 1, columnNamed: "count", to: "edited", in: document)
    var appended = false
    workspace.progress = { progress in
      guard progress.task == .save, !appended else { return }
      appended = true
      try? Self.append("appended,1\n", to: folder.path("t.csv"))
    }
    #expect {
      try workspace.save(document)
    } throws: { error in
      let error = error as? FolioError
      return error?.code == .conflict && error?.message == "t.csv changed on disk since it was read"
        && error?.values["path"] == document.path
    }
    #expect(appended)
    #expect(try folder.bytes("t.csv") == Self.csv + Array("appended,1\n".utf8))
    #expect(document.isDirty)
    #expect(try Self.temporaryFiles(in: folder).isEmpty)

    // Told, the user may still overwrite it on purpose.
    workspace.progress = nil
    try workspace.save(document, force: true)
    #expect(!document.isDirty)
    #expect(try folder.bytes("t.csv").starts(with: Array("name,count\nrow 0,edited\n".utf8)))
  }

  @Test("a file made at the path of save --as while it is written is refused as existing, and kept")
  func fileMadeDuringSaveAs() throws {
    let folder = try TemporaryFolder("folio-save-late")
    try folder.write("t.csv", Self.csv)
    let workspace = Workspace(store: nil, currentDirectory: folder.url.path, home: nil)
    let document = try workspace.open("t.csv").document
    try workspace.setCell(position: 1, columnNamed: "count", to: "edited", in: document)
    workspace.progress = { progress in
      guard progress.task == .save, !FileManager.default.fileExists(atPath: folder.path("u.csv")) else {
        return
      }
      try? folder.write("u.csv", "theirs\n")
    }
    #expect {
      try workspace.save(document, as: "u.csv")
    } throws: { error in
      let error = error as? FolioError
      return error?.code == .conflict && error?.message == "'u.csv' already exists"
    }
    #expect(try folder.read("u.csv") == "theirs\n")
    #expect(try folder.bytes("t.csv") == Self.csv)
    #expect(document.title == "t")
    #expect(document.isDirty)
    #expect(try Self.temporaryFiles(in: folder).isEmpty)
  }
}
