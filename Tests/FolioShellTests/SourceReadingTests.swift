import FolioCore
import Foundation
import Testing

@testable import FolioShell

#if canImport(Glibc)
  import Glibc
#endif

/// `source` and `folio run` read only regular files, and only up to a limit.
@Suite struct SourceReadingTests {
  @Test("a FIFO is refused at once, without waiting for a writer", .timeLimit(.minutes(1)))
  func fifo() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    #expect(mkfifo(folder.path("pipe"), 0o600) == 0)
    let shell = CapturedShell()
    let result = shell.run("source \(folder.path("pipe"))")
    #expect(
      result.errors
        == "<command-line>:1: error: \(folder.path("pipe")): cannot read: a FIFO, not a regular file\n")
    #expect(result.status == 1)
    #expect(!shell.shell.runScriptFile(folder.path("pipe")))
  }

  @Test("a device such as /dev/zero is refused without reading it", .timeLimit(.minutes(1)))
  func device() {
    let result = CapturedShell().run("source /dev/zero")
    #expect(
      result.errors == "<command-line>:1: error: /dev/zero: cannot read: a device, not a regular file\n")
    #expect(result.status == 1)
  }

  @Test("a file over the limit is refused naming its size and the limit; one at the limit is read")
  func limit() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    try folder.write("ten.folio", "echo 1234\n")
    #expect(try FileIO.readAll(folder.path("ten.folio"), limit: 10).count == 10)
    #expect(
      throws: FolioError.io(
        folder.path("ten.folio"), "cannot read: 10 bytes or more, over the limit of 9 bytes")
    ) { try FileIO.readAll(folder.path("ten.folio"), limit: 9) }
  }
}
