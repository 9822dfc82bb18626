import Foundation
import Testing

/// `open -` reads a document from standard input where the process lends it, `save --as -`
/// writes one to standard output with nothing else mixed in (issue 36 §6).
@Suite struct StandardStreamsProcessTests {
  private static let places = "name,city\r\n\"Café Central\",Vienna\r\nOhori,Fukuoka\r\nTate,London\r\n"

  @Test("folio -q -c 'open - --as csv; save --as -' writes the piped bytes back, and only them")
  func inlineRoundTrip() throws {
    let result = try FolioProcess.run(
      ["-q", "-c", "open - --as csv; save --as -"], input: Data(Self.places.utf8))
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.errors == "")
    #expect(result.output == Self.places)
  }

  @Test("folio run FILE lends standard input: a sort, then the table sorted on standard output")
  func scriptFile() throws {
    let folder = try FolioProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    try "open - --as csv\nsort city\nsave --as -\n".write(
      to: folder.appendingPathComponent("s.folio"), atomically: true, encoding: .utf8)
    let result = try FolioProcess.run(["run", "-q", "s.folio"], input: Data(Self.places.utf8), in: folder)
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.output == "name,city\r\nOhori,Fukuoka\r\nTate,London\r\n\"Café Central\",Vienna\r\n")
  }

  @Test("JSON from a pipe opens without --as; a second open - says it was read already")
  func jsonAndSecondRead() throws {
    let result = try FolioProcess.run(
      ["--keep-going", "-c", "open -; info; open - --as text"], input: Data(#"[{"a": 1}, {"a": 2}]"#.utf8))
    #expect(result.output.hasPrefix("Opened Untitled (table, 2 rows × 1 column)."))
    #expect(
      result.errors.contains("error: standard input was read to its end already, by an earlier open"),
      "\(result.errors)")
  }

  @Test("an open - that fails keeps what it read: the next one with --as opens it")
  func failedOpenLosesNothing() throws {
    let result = try FolioProcess.run(
      ["--keep-going", "-c", "open -; open - --as csv; save --as -"], input: Data("a,b\n1,2\n".utf8))
    #expect(result.errors.contains("the format of standard input is not known"), "\(result.errors)")
    #expect(result.output.hasSuffix("a,b\n1,2\n"))
  }

  @Test("a script read from standard input cannot open it")
  func scriptOnStandardInput() throws {
    let result = try FolioProcess.run([], input: Data("open - --as csv\n".utf8))
    #expect(result.status == 1)
    #expect(
      result.errors == "-:1: error: standard input cannot be read: it holds the commands being run\n")
  }

  @Test("--embed refuses document.open of - : standard input carries the protocol")
  func embedRefuses() throws {
    let lines = [
      #"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"1.3","notifications":[]}}"#,
      #"{"jsonrpc":"2.0","id":1,"method":"commands.run","params":{"command":"document.open","arguments":{"path":"-","as":"csv"}}}"#,
      #"{"jsonrpc":"2.0","id":2,"method":"shutdown"}"#,
      #"{"jsonrpc":"2.0","method":"exit"}"#,
    ]
    let result = try FolioProcess.run(
      ["--embed", "--no-plugins"], input: Data((lines.joined(separator: "\n") + "\n").utf8))
    let response = result.output.split(separator: "\n").compactMap {
      try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
    }.first { ($0["id"] as? Int) == 1 }
    let error = response?["error"] as? [String: Any]
    #expect(
      (error?["message"] as? String)?.contains(
        "standard input cannot be read here: standard input and output carry the protocol's messages in --embed"
      )
        == true, "\(result.output)")
  }
}
