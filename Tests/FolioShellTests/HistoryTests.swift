import FolioCore
import Foundation
import Testing

@testable import FolioShell

@Suite struct HistoryTests {
  @Test("entries are appended to a 0600 file in a folder created when missing")
  func append() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path("state/folio/history")
    let history = History(path: path)
    try history.append("echo one")
    try history.append("echo two")
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "echo one\necho two\n")
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    #expect((attributes[.posixPermissions] as? Int) == 0o600)
    #expect(History(path: path).load() == ["echo one", "echo two"])
  }

  @Test("the file is cut back to the newest entries once it passes twice the limit")
  func bounded() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path("history")
    let history = History(path: path, limit: 10)
    for number in 1...21 { try history.append("echo \(number)") }
    let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
    #expect(lines == (12...21).map { "echo \($0)"[...] })
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    #expect((attributes[.posixPermissions] as? Int) == 0o600)
  }

  @Test("FOLIO_HISTORY names the file, or turns history off; else it is in the state folder")
  func location() throws {
    #expect(History.path(environment: [:], stateDirectory: "/s") == "/s/history")
    #expect(History.path(environment: ["FOLIO_HISTORY": ""], stateDirectory: "/s") == "/s/history")
    #expect(History.path(environment: ["FOLIO_HISTORY": "off"], stateDirectory: "/s") == nil)
    #expect(
      History.path(environment: ["FOLIO_HISTORY": "~/h", "HOME": "/home/me"], stateDirectory: "/s")
        == "/home/me/h")
    let off = History(path: nil)
    try off.append("echo one")
    #expect(off.load().isEmpty)
  }

  @Test("an unset or empty HOME is the password database's home, never the current folder or /")
  func home() {
    #expect(Paths.withHome(["HOME": "/home/me"])["HOME"] == "/home/me")
    for environment in [[:], ["HOME": ""]] {
      let home = Paths.withHome(environment)["HOME"]
      #expect(home == Paths.passwordDatabaseHome())
      #expect(home != "/" && home != "." && home != Paths.currentDirectory)
    }
  }

  @Test("a FIFO as the history file is refused at once, read or not, and stays a FIFO")
  func fifoRefused() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path("history")
    #expect(mkfifo(path, 0o600) == 0)
    let history = History(path: path)
    #expect(history.load() == [])
    func isRefusal(_ error: any Error) -> Bool {
      (error as? FolioError)?.code == .io
        && (error as? FolioError)?.message
          == "\(path): cannot write history: it is a FIFO, not a regular file"
    }
    // With a reader the write cannot block, so a history that wrote into the FIFO fails here
    // rather than hanging the next case.
    let reader = open(path, O_RDONLY | O_NONBLOCK)
    try #require(reader >= 0)
    var refused = false
    #expect {
      try history.append("echo one")
    } throws: {
      refused = isRefusal($0)
      return refused
    }
    var buffer = [UInt8](repeating: 0, count: 16)
    #expect(read(reader, &buffer, buffer.count) <= 0)
    close(reader)
    try #require(refused)
    #expect {
      try history.append("echo two")
    } throws: {
      isRefusal($0)
    }
    var info = stat()
    #expect(lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
  }
}
