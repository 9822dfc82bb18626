import FolioCore
import FolioTestSupport
import Foundation
import Testing

@Suite struct FoldersTests {
  /// The permission bits of the folder at `path`.
  private static func mode(_ path: String) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    return try #require(attributes[.posixPermissions] as? Int)
  }

  @Test("make creates the folder and its missing parents, and leaves one that exists as it is")
  func makesParents() throws {
    let folder = try TemporaryFolder()
    let deep = folder.path("a/b/c")
    try Folders.make(deep, mode: 0o700, exactMode: true)
    #expect(Folders.isFolder(folder.path("a")) && Folders.isFolder(deep))
    #expect(try Self.mode(folder.path("a/b")) == 0o700)
    try folder.write("a/b/c/file", "kept")
    try Folders.make(deep, mode: 0o755)
    #expect(folder.names(in: "a/b/c") == ["file"])
    #expect(try Self.mode(deep) == 0o700)
  }

  @Test("a file in the path is named; a folder that cannot be made says why")
  func errors() throws {
    let folder = try TemporaryFolder()
    try folder.write("plain", "x")
    #expect(
      throws: FolioError(
        .io,
        "plugins: cannot create the folder \(folder.path("plain/sub")): \(folder.path("plain")) is not a folder"
      )
    ) {
      try Folders.make(folder.path("plain/sub"), mode: 0o755, subject: "plugins")
    }
    #expect(!Folders.isFolder(folder.path("plain")))
  }
}
