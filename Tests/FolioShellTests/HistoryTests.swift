import Foundation
import Testing

@testable import FolioShell

@Suite struct HistoryTests {
  @Test("entries are appended to a 0600 file in a folder created when missing")
  func append() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let history = History(path: directory.path("state/folio/history"))
    try history.append("echo one")
    try history.append("echo two")
    #expect(try String(contentsOfFile: history.path, encoding: .utf8) == "echo one\necho two\n")
    let attributes = try FileManager.default.attributesOfItem(atPath: history.path)
    #expect((attributes[.posixPermissions] as? Int) == 0o600)
    #expect(History(path: history.path).load() == ["echo one", "echo two"])
  }

  @Test("the file is cut back to the newest entries once it passes twice the limit")
  func bounded() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let history = History(path: directory.path("history"), limit: 10)
    for number in 1...21 { try history.append("echo \(number)") }
    let lines = try String(contentsOfFile: history.path, encoding: .utf8).split(separator: "\n")
    #expect(lines == (12...21).map { "echo \($0)"[...] })
    let attributes = try FileManager.default.attributesOfItem(atPath: history.path)
    #expect((attributes[.posixPermissions] as? Int) == 0o600)
  }
}
