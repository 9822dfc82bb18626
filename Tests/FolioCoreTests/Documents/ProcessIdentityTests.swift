import FolioTestSupport
import Testing

@testable import FolioCore

#if canImport(Glibc)
  import Glibc
#endif

/// A recovery journal names the process that wrote it by pid and start time, so a process
/// that got the pid later is not taken for the writer, and a live writer is never taken for
/// an ended one.
@Suite struct ProcessIdentityTests {
  @Test("this process is alive under its identity, not under another's; no identity is judged by the pid")
  func identity() throws {
    let current = try #require(ProcessIdentity.current)
    #expect(current.split(separator: "/").count == 2)
    #expect(ProcessIdentity.identity(of: getpid()) == current)
    #expect(ProcessIdentity.isAlive(pid: getpid(), identity: current))
    // The same pid with another start time is another process: the writer ended.
    #expect(!ProcessIdentity.isAlive(pid: getpid(), identity: current + "0"))
    #expect(ProcessIdentity.isAlive(pid: getpid(), identity: nil))
    #expect(!ProcessIdentity.isAlive(pid: 0, identity: nil))
    #expect(!ProcessIdentity.isAlive(pid: -1, identity: nil))
  }

  @Test("a journal's header names its writer, read without its content; it is this process")
  func writerOfJournal() throws {
    let folder = try TemporaryFolder("folio-process-identity")
    let journal = RecoveryJournal(stateDirectory: folder.url.path)
    let entry = JournalEntry(
      file: journal.folder + "/0000000000000001.journal", path: "/x/notes.txt", title: "notes", format: .text,
      pid: getpid(), host: DocumentLock.hostName, time: 1_700_000_000, baseHash: 1, content: [],
      process: ProcessIdentity.current)
    _ = try journal.write(entry, content: SaveContent(Array("hello\n".utf8)))
    let writer = try #require(JournalEntry.writer(ofFile: entry.file))
    #expect(writer == entry.writer)
    #expect(writer.isThisProcess && writer.isAlive)
    #expect(journal.entry(at: entry.file)?.process == ProcessIdentity.current)

    // Another process's journal is not removed as this one's own.
    var other = entry
    other.pid = getppid()
    other.process = ProcessIdentity.identity(of: getppid())
    _ = try journal.write(other, content: SaveContent(Array("theirs\n".utf8)))
    journal.removeOwn(entry.file)
    #expect(journal.entry(at: entry.file)?.content == Array("theirs\n".utf8))
    #expect(JournalEntry.writer(ofFile: entry.file)?.isThisProcess == false)
    #expect(JournalEntry.writer(ofFile: folder.path("missing.journal")) == nil)
  }
}

extension ProcessIdentityTests {
  @Test(
    "a session of this process that ended keeping its journals leaves them to the next, in the same process")
  func ownEndedSessionIsRecoverable() throws {
    let folder = try TemporaryFolder("folio-process-identity")
    try folder.write("notes.txt", "one\n")
    let state = folder.path("state")
    let first = Workspace(store: nil, currentDirectory: folder.url.path, home: nil, stateDirectory: state)
    let document = try first.open("notes.txt").document
    try first.appendLine("two", to: document)
    first.journalChanges()
    first.endSessionKeepingJournals()

    let second = Workspace(store: nil, currentDirectory: folder.url.path, home: nil, stateDirectory: state)
    let journals = second.recoverableJournals()
    #expect(journals.map(\.title) == ["notes"])
    #expect(journals.first.map { String(decoding: $0.content, as: UTF8.self) } == "one\ntwo\n")
  }
}
