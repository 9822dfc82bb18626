import Foundation
import Testing

/// A `folio --embed` process and the messages exchanged with it, for the protocol's
/// end-to-end tests.
private final class EmbedClient {
  /// One message of the transcript: sent by the test (`in`) or by folio (`out`).
  struct Entry {
    var direction: String
    var message: [String: Any]
  }

  let process = Process()
  private let input = Pipe()
  private let output = Pipe()
  private let errors = Pipe()
  private var buffer = Data()
  private(set) var transcript: [Entry] = []
  private var nextID = 1

  init(in directory: URL, home: URL, plugins: String? = nil) throws {
    process.executableURL = FolioProcess.executable
    process.arguments = ["--embed"] + (plugins.map { ["--plugins", $0] } ?? ["--no-plugins"])
    process.environment = FolioProcess.environment(home: home)
    process.currentDirectoryURL = directory
    process.standardInput = input
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    killIfHung(process)
  }

  /// Writes raw bytes to folio's standard input.
  func write(_ text: String) {
    input.fileHandleForWriting.write(Data(text.utf8))
  }

  /// Sends a message as one line, keeping it in the transcript.
  func send(_ message: [String: Any]) throws {
    transcript.append(Entry(direction: "in", message: message))
    let data = try JSONSerialization.data(withJSONObject: message)
    input.fileHandleForWriting.write(data + Data("\n".utf8))
  }

  /// Reads the next message folio sends; nil when its output ended.
  func receive() throws -> [String: Any]? {
    while true {
      if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
        let line = buffer[buffer.startIndex..<newline]
        buffer = Data(buffer[buffer.index(after: newline)...])
        let message = try #require(try JSONSerialization.jsonObject(with: line) as? [String: Any])
        transcript.append(Entry(direction: "out", message: message))
        return message
      }
      let chunk = output.fileHandleForReading.availableData
      if chunk.isEmpty { return nil }
      buffer += chunk
    }
  }

  /// Sends a request and reads up to its response.
  ///
  /// - Returns: the notifications that came before the response, and the response.
  @discardableResult
  func request(_ method: String, _ params: [String: Any]? = nil) throws -> (
    notifications: [[String: Any]], response: [String: Any]
  ) {
    let id = nextID
    nextID += 1
    var message: [String: Any] = ["jsonrpc": "2.0", "id": id, "method": method]
    if let params { message["params"] = params }
    try send(message)
    return try readResponse(id: id)
  }

  /// Reads messages until the response with `id`.
  func readResponse(id: Any?) throws -> (notifications: [[String: Any]], response: [String: Any]) {
    var notifications: [[String: Any]] = []
    while let message = try receive() {
      if message["method"] != nil {
        notifications.append(message)
      } else {
        let received = message["id"].map { $0 is NSNull ? "null" : "\($0)" } ?? "none"
        #expect(received == "\(id ?? "null")", "responses come in request order")
        return (notifications, message)
      }
    }
    Issue.record("folio's output ended before the response to \(id ?? "null")")
    return (notifications, [:])
  }

  /// Closes standard input, waits for folio to exit, and returns its status and errors.
  func finish() throws -> (status: Int32, errors: String) {
    try input.fileHandleForWriting.close()
    while try receive() != nil {}
    let errorText = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: errorText, as: UTF8.self))
  }
}

/// `folio --embed` driven as a client would: JSON-RPC over pipes (docs/protocol.md).
@Suite struct EmbedProtocolTests {
  private static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// A folder holding a copy of `examples/places.csv`, and a home beside it.
  private static func makeFolder() throws -> (folder: URL, home: URL) {
    let root = try FolioProcess.temporaryDirectory()
    let folder = root.appendingPathComponent("work")
    let home = root.appendingPathComponent("home")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: repository.appendingPathComponent("examples/places.csv"),
      to: folder.appendingPathComponent("places.csv"))
    return (folder, home)
  }

  private static func methods(_ messages: [[String: Any]]) -> [String] {
    messages.compactMap { $0["method"] as? String }
  }

  private static func result(_ response: [String: Any]) throws -> [String: Any] {
    try #require(response["result"] as? [String: Any], "\(response)")
  }

  private static func errorCode(_ response: [String: Any]) -> Int? {
    (response["error"] as? [String: Any])?["code"] as? Int
  }

  /// Checks every message of a transcript against docs/protocol.schema.json with Debian's
  /// python3-jsonschema: what the client sent against `clientMessage`, what folio sent
  /// against `serverMessage`.
  private static func validate(_ transcript: [EmbedClient.Entry]) throws {
    let file = try FolioProcess.temporaryDirectory().appendingPathComponent("transcript.jsonl")
    defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
    var lines = Data()
    for entry in transcript {
      lines += try JSONSerialization.data(withJSONObject: [
        "direction": entry.direction, "message": entry.message,
      ])
      lines += Data("\n".utf8)
    }
    try lines.write(to: file)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    process.arguments = [
      repository.appendingPathComponent("scripts/check-protocol.py").path,
      repository.appendingPathComponent("docs/protocol.schema.json").path, file.path,
    ]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "\(text)")
  }

  @Test("the Places scenario: open, select, context menu, delete with its dialog, the toolbar at two widths")
  func placesScenario() throws {
    let (folder, home) = try Self.makeFolder()
    defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
    let client = try EmbedClient(in: folder, home: home)

    let initialize = try Self.result(
      try client.request(
        "initialize",
        [
          "protocolVersion": "1.1", "clientName": "tests",
          "environment": ["platform": "mac", "width": 100, "keyboard": true],
        ]
      ).response)
    #expect(initialize["protocolVersion"] as? String == "1.1")

    let open = try client.request("document.open", ["path": "places.csv"])
    #expect(Self.methods(open.notifications) == ["document.opened", "toolbar.changed"])
    #expect(try Self.result(open.response)["rows"] as? Int == 12)

    // The palette's search: short matches, best first, as many as asked for.
    let search = try Self.result(
      try client.request("commands.search", ["query": "sav", "limit": 2]).response)
    let matches = try #require(search["matches"] as? [[String: Any]])
    #expect(matches.compactMap { $0["id"] as? String }.first == "document.save")
    #expect(matches.count == 2)
    #expect(matches.allSatisfy { $0["command"] == nil })

    let rows = try Self.result(
      try client.request("table.rows", ["start": 1, "count": 3, "columns": ["name"]]).response)
    let listed = try #require(rows["rows"] as? [[String: Any]])
    #expect(listed.count == 3)
    #expect(rows["total"] as? Int == 12)
    let chosen = try #require(listed[1]["id"] as? Int)

    let select = try client.request("selection.set", ["ids": [chosen]])
    #expect(Self.methods(select.notifications) == ["selection.changed"])
    #expect((select.notifications.first?["params"] as? [String: Any])?["ids"] as? [Int] == [chosen])

    let menu = try Self.result(try client.request("menu.context").response)
    let items = try #require(menu["items"] as? [[String: Any]])
    #expect(items.compactMap { $0["title"] as? String } == ["Favorite", "Delete", "Actions…"])

    let delete = try client.request("menu.choose", ["path": ["Delete"]])
    #expect(Self.methods(delete.notifications) == ["dialog.presented"])
    let dialog = try #require(
      (delete.notifications.first?["params"] as? [String: Any])?["dialog"] as? [String: Any])
    let buttons = try #require(dialog["buttons"] as? [[String: Any]])
    #expect(buttons.compactMap { $0["role"] as? String } == ["destructive", "cancel"])

    let answer = try client.request("dialog.answer", ["button": try #require(buttons[0]["id"] as? String)])
    #expect(
      Self.methods(answer.notifications) == [
        "dialog.dismissed", "selection.changed", "document.changed", "toolbar.changed",
      ])
    #expect(try Self.result(answer.response)["event"] as? String == "rowsDeleted")
    let after = try Self.result(try client.request("table.rows").response)
    #expect((after["rows"] as? [[String: Any]])?.compactMap { $0["id"] as? Int }.contains(chosen) == false)

    let wide = try Self.result(try client.request("toolbar.layout", ["width": 120]).response)
    let narrow = try Self.result(try client.request("toolbar.layout", ["width": 24]).response)
    #expect((wide["overflow"] as? [Any])?.isEmpty == true)
    #expect((narrow["overflow"] as? [Any])?.isEmpty == false)
    #expect(try #require(narrow["usedWidth"] as? Int) <= 24)

    // The environment's width changes the toolbar: the new layout comes before the response.
    let narrowed = try client.request("environment.set", ["width": 24])
    #expect(Self.methods(narrowed.notifications) == ["toolbar.changed"])

    let execute = try Self.result(try client.request("command.execute", ["line": "undo; selection"]).response)
    #expect((execute["results"] as? [Any])?.count == 2)

    #expect(try client.request("shutdown").response["result"] is NSNull)
    try client.send(["jsonrpc": "2.0", "method": "exit"])
    let end = try client.finish()
    #expect(end.status == 0, "\(end.errors)")
    try Self.validate(client.transcript)
  }

  @Test("the row action sheet: presenting in its dialog; dismissed with the reason when its row is deleted")
  func rowActionSheet() throws {
    let (folder, home) = try Self.makeFolder()
    defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
    try "name,done\nPost the letters,no\nBuy stamps,no\n".write(
      to: folder.appendingPathComponent("errands.csv"), atomically: true, encoding: .utf8)
    // Stands for anything that deletes rows while a dialog waits: done rows go when the selection moves.
    let plugin = folder.appendingPathComponent("plugins/tidy")
    try FileManager.default.createDirectory(at: plugin, withIntermediateDirectories: true)
    try """
    folio.on("selection.changed", function(ctx)
      local done = {}
      for _, row in ipairs(ctx.document:rows()) do if row.done then done[#done + 1] = row.id end end
      if #done > 0 then ctx.document:delete(done) end
    end)
    """.write(to: plugin.appendingPathComponent("plugin.lua"), atomically: true, encoding: .utf8)
    let client = try EmbedClient(in: folder, home: home, plugins: "plugins")
    try client.request("initialize", ["protocolVersion": "1.0", "clientName": "tests"])
    try client.request("document.open", ["path": "errands.csv"])
    try client.request("selection.set", ["ids": [1]])
    let menu = try Self.result(try client.request("menu.context").response)
    #expect((menu["items"] as? [[String: Any]])?.compactMap { $0["title"] as? String }.last == "Actions…")

    let sheet = try client.request("menu.choose", ["path": ["Actions…"]])
    #expect(Self.methods(sheet.notifications) == ["dialog.presented"])
    let dialog = try #require(
      (sheet.notifications.first?["params"] as? [String: Any])?["dialog"] as? [String: Any])
    #expect(dialog["title"] as? String == "What do you want to do with “Post the letters”?")
    #expect(dialog["titleVisibility"] as? String == "visible")
    let presenting = try #require(dialog["presenting"] as? [String: Any])
    #expect(presenting["row"] as? Int == 1 && presenting["title"] as? String == "Post the letters")
    #expect(
      (dialog["buttons"] as? [[String: Any]])?.compactMap { $0["id"] as? String } == [
        "favorite", "delete", "cancel",
      ])
    let favorite = try client.request("dialog.answer", ["button": "favorite"])
    #expect(try Self.result(favorite.response)["event"] as? String == "favoriteMarked")

    // The sheet for a row marked done: selecting it lets the plugin delete it, and the sheet goes.
    try client.request("cell.set", ["row": 2, "column": "done", "value": "yes"])
    let gone = try client.request("command.execute", ["line": "actions 2"])
    let methods = Self.methods(gone.notifications)
    #expect(
      methods.contains("dialog.presented") && methods.contains("dialog.dismissed"),
      "\(methods) \(gone.response)")
    let dismissed = try #require(
      gone.notifications.first { $0["method"] as? String == "dialog.dismissed" }?["params"] as? [String: Any])
    #expect(dismissed["reason"] as? String == "rowDeleted")
    #expect(dismissed["button"] as? String == "cancel")
    #expect((dismissed["presenting"] as? [String: Any])?["row"] as? Int == 2)
    #expect(try client.request("dialog.get").response["result"] is NSNull)

    #expect(try client.request("shutdown").response["result"] is NSNull)
    try client.send(["jsonrpc": "2.0", "method": "exit"])
    let end = try client.finish()
    #expect(end.status == 0, "\(end.errors)")
    try Self.validate(client.transcript)
  }

  @Test(
    "ipad: Edit toggles edit mode (toolbar.changed, Done); the split view's columns and back, schema-checked")
  func editModeAndSplitView() throws {
    let (folder, home) = try Self.makeFolder()
    defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
    let client = try EmbedClient(in: folder, home: home)
    try client.request(
      "initialize",
      [
        "protocolVersion": "1.0", "environment": ["platform": "ipad", "width": 100],
        "notifications": ["toolbar.changed", "selection.changed"],
      ])
    try client.request("document.open", ["path": "places.csv"])

    let edit = try client.request("selection.setEditMode", ["on": true])
    #expect(Self.methods(edit.notifications) == ["toolbar.changed"])
    let toolbar = try #require(
      (edit.notifications.first?["params"] as? [String: Any])?["toolbar"] as? [String: Any])
    let leading = try #require(toolbar["leading"] as? [[String: Any]])
    #expect(leading.compactMap { $0["title"] as? String } == ["Toggle Sidebar", "Done"])
    let selection = try #require(try Self.result(edit.response)["selection"] as? [String: Any])
    #expect(selection["editMode"] as? Bool == true)
    #expect(
      try Self.result(try client.request("table.rows", ["count": 1]).response)["editMode"] as? Bool == true)

    let hidden = try Self.result(try client.request("splitView.set", ["visibility": "detailOnly"]).response)
    #expect(hidden["visibility"] as? String == "detailOnly")
    #expect((hidden["panes"] as? [[String: Any]])?.compactMap { $0["column"] as? String } == ["detail"])
    let toggled = try Self.result(try client.request("splitView.set").response)
    #expect(toggled["visibility"] as? String == "all")
    #expect(Self.errorCode(try client.request("splitView.back").response) == -32000)
    try client.request("environment.set", ["platform": "iphone", "width": 40])
    let back = try Self.result(try client.request("splitView.back").response)
    #expect(back["collapsed"] as? Bool == true)
    #expect((back["panes"] as? [[String: Any]])?.compactMap { $0["column"] as? String } == ["sidebar"])
    let got = try Self.result(try client.request("splitView.get").response)
    #expect(got["visibility"] as? String == "all" && got["collapsed"] as? Bool == true)

    try client.request("shutdown")
    try client.send(["jsonrpc": "2.0", "method": "exit"])
    let end = try client.finish()
    #expect(end.status == 0, "\(end.errors)")
    try Self.validate(client.transcript)
  }

  @Test("$/cancelRequest stops the running sort of 300,000 rows: -32800, the rows unmoved")
  func cancelRunningSort() throws {
    let (folder, home) = try Self.makeFolder()
    defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
    // Rows in descending order of n, so that a finished sort would move every row.
    let rowCount = 300_000
    var csv = "name,n\n"
    for index in 0..<rowCount { csv += "r\(index),\(rowCount - index)\n" }
    try csv.write(to: folder.appendingPathComponent("big.csv"), atomically: true, encoding: .utf8)
    let client = try EmbedClient(in: folder, home: home)
    try client.request("initialize", ["protocolVersion": "1.0", "notifications": [String]()])
    #expect(
      try Self.result(try client.request("document.open", ["path": "big.csv"]).response)["rows"] as? Int
        == rowCount)
    func firstIDs() throws -> [Int] {
      let rows = try Self.result(try client.request("table.rows", ["start": 1, "count": 5]).response)
      return (rows["rows"] as? [[String: Any]])?.compactMap { $0["id"] as? Int } ?? []
    }
    let before = try firstIDs()
    #expect(before.count == 5)

    // The cancel is written right after the request, without waiting. Either the reading
    // thread reads both before the sort starts (it is then answered -32800 without running),
    // or the sort is running when the cancel comes (it stops at its next check, -32800);
    // the sort of 300,000 rows takes far longer than a write to a pipe, so it cannot end
    // first in practice — and if it ever did, its answer would be a success with the rows
    // sorted, which the test checks too. Each way the assertions below hold. The running
    // case alone is tested without timing in EmbedServerTests (the cancel comes from the
    // sort's own progress report).
    try client.send([
      "jsonrpc": "2.0", "id": "sort", "method": "table.sort", "params": ["keys": [["column": "n"]]],
    ])
    try client.send(["jsonrpc": "2.0", "method": "$/cancelRequest", "params": ["id": "sort"]])
    let sort = try client.readResponse(id: "sort").response
    if let code = Self.errorCode(sort) {
      #expect(code == -32800, "\(sort)")
      #expect(try firstIDs() == before, "a cancelled sort leaves the rows as they were")
      // The token was reset: the next sort runs to its end.
      #expect(
        try Self.result(try client.request("table.sort", ["keys": [["column": "n"]]]).response)["rows"]
          as? Int == rowCount)
      #expect(try firstIDs() != before)
    } else {
      #expect(try Self.result(sort)["rows"] as? Int == rowCount)
      #expect(try firstIDs() != before, "the sort ended before the cancel came: the rows moved")
    }
    #expect(try client.request("shutdown").response["result"] is NSNull)
    try client.send(["jsonrpc": "2.0", "method": "exit"])
    let end = try client.finish()
    #expect(end.status == 0, "\(end.errors)")
    try Self.validate(client.transcript)
  }

  /// Runs Debian's python3 with `arguments`, its output and errors together, in the
  /// environment of a folio process with `home`; kills it if it hangs.
  private static func runPython(_ arguments: [String], home: URL) throws -> (status: Int32, text: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    process.arguments = arguments
    process.environment = FolioProcess.environment(home: home)
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    killIfHung(process)
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, text)
  }

  @Test(
    "MessagePack chosen in initialize: open, search, a plugin command and its notification, schema-checked")
  func messagePack() throws {
    let (folder, home) = try Self.makeFolder()
    defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
    let (status, text) = try Self.runPython(
      [
        Self.repository.appendingPathComponent("Tests/FolioEndToEndTests/Embed/msgpack_scenario.py").path,
        FolioProcess.executable.path, Self.repository.appendingPathComponent("plugins").path, folder.path,
        Self.repository.appendingPathComponent("scripts/check-protocol.py").path,
        Self.repository.appendingPathComponent("docs/protocol.schema.json").path,
      ], home: home)
    #expect(status == 0, "\(text)")
    #expect(text.hasSuffix("ok\n"), "\(text)")
  }

  @Test("the Python demo of examples/embed runs against the built folio")
  func pythonDemo() throws {
    let (folder, home) = try Self.makeFolder()
    defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
    let (status, text) = try Self.runPython(
      [
        Self.repository.appendingPathComponent("examples/embed/demo.py").path, "--folio",
        FolioProcess.executable.path, folder.appendingPathComponent("places.csv").path,
      ], home: home)
    #expect(status == 0, "\(text)")
    for line in [
      "opened places: 12 rows × 4 columns",
      "context menu of row 2 (Stadtbibliothek Reading Room): Favorite, Delete",
      "answered delete: Deleted 1 row.", "row 2 is gone: no row has the id 2 (-32602)",
      "toolbar at width 100 (regular", "toolbar at width 30 (compact", "overflow Favorite, Edits",
    ] {
      #expect(text.contains(line), "\(line)\n\(text)")
    }
  }

  @Test("a table opened with a sort order stays sorted: an edit's move is one document.changed run")
  func sortOrder() throws {
    let (folder, home) = try Self.makeFolder()
    defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
    let client = try EmbedClient(in: folder, home: home)
    try client.request("initialize", ["protocolVersion": "1.0", "notifications": ["document.changed"]])

    try client.request("document.open", ["path": "places.csv", "sort": "name"])
    let order = try Self.result(try client.request("table.sort", [:]).response)
    #expect((order["sort"] as? [[String: Any]])?.first?["column"] as? String == "name")
    #expect(order["rows"] is NSNull)

    // Café Central in Vienna (id 1) is second by name; renamed, it moves to eleventh, and
    // the run from its old place to its new one changed.
    let edit = try client.request("cell.set", ["row": 1, "column": "name", "value": "Zoo Café"])
    #expect(Self.methods(edit.notifications) == ["document.changed"])
    let change = try #require(
      (edit.notifications.first?["params"] as? [String: Any])?["change"] as? [String: Any])
    #expect(change["kind"] as? String == "run")
    #expect(change["position"] as? Int == 2)
    #expect(change["removed"] as? Int == 10 && change["inserted"] as? Int == 10)
    #expect((change["ids"] as? [Int])?.last == 1)
    #expect((change["removedIds"] as? [Int]) == [])

    // One undo takes back the edit and its move.
    let undo = try client.request("document.undo")
    let undone = try #require(
      (undo.notifications.first?["params"] as? [String: Any])?["change"] as? [String: Any])
    #expect((undone["ids"] as? [Int])?.first == 1)

    let cleared = try Self.result(try client.request("table.sort", ["keys": []]).response)
    #expect(cleared["sort"] as? [Any] != nil && (cleared["sort"] as? [Any])?.isEmpty == true)
    #expect(cleared["message"] as? String != nil)

    // A 1.0 client's search: every match, as full command objects.
    let older = try Self.result(try client.request("commands.search", ["query": "sav"]).response)
    #expect((older["commands"] as? [[String: Any]])?.first?["parameters"] != nil)
    _ = try client.finish()
    try Self.validate(client.transcript)
  }

  @Test("malformed input: each message gets its error and the session goes on; nothing is lost")
  func malformedInput() throws {
    let (folder, home) = try Self.makeFolder()
    defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
    let client = try EmbedClient(in: folder, home: home)

    #expect(Self.errorCode(try client.request("document.list").response) == -32002)
    let refused = try client.request("initialize", ["protocolVersion": "0.9"]).response
    #expect(Self.errorCode(refused) == -32602)
    #expect(
      ((refused["error"] as? [String: Any])?["data"] as? [String: Any])?["supported"] as? [String] == [
        "1.5", "1.4", "1.3", "1.2", "1.1", "1.0",
      ])
    try client.request("initialize", ["protocolVersion": "1.0", "notifications": ["document.changed"]])

    client.write("{\"jsonrpc\": \"2.0\", \"id\": \n")
    #expect(Self.errorCode(try client.readResponse(id: nil).response) == -32700)
    client.write("[{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"document.list\"}]\n")
    #expect(Self.errorCode(try client.readResponse(id: nil).response) == -32600)
    client.write("{\"id\":7,\"method\":\"document.list\"}\n")
    #expect(Self.errorCode(try client.readResponse(id: 7).response) == -32600)
    client.write("\u{FF}\n")
    #expect(Self.errorCode(try client.readResponse(id: nil).response) == -32700)

    #expect(Self.errorCode(try client.request("no.such.method").response) == -32601)
    let unknownField = try client.request("document.open", ["path": "places.csv", "bogus": true]).response
    #expect(Self.errorCode(unknownField) == -32602)
    #expect("\(unknownField)".contains("bogus"))
    #expect(Self.errorCode(try client.request("table.rows", ["start": "one"]).response) == -32602)
    #expect(Self.errorCode(try client.request("toolbar.layout", ["width": 100_000]).response) == -32602)
    #expect(Self.errorCode(try client.request("selection.set", ["ids": [1], "extra": 1]).response) == -32602)
    let failed = try client.request("document.open", ["path": "missing.csv"]).response
    #expect(Self.errorCode(failed) == -32000)
    #expect(((failed["error"] as? [String: Any])?["data"] as? [String: Any])?["code"] as? String == "io")

    // A line over the limit is skipped to its newline; the next one is read as usual.
    client.write(String(repeating: " ", count: 16 << 20) + "{}\n")
    #expect(Self.errorCode(try client.readResponse(id: nil).response) == -32600)

    // A message written in pieces waits for its end.
    client.write("{\"jsonrpc\":\"2.0\",\"id\":\"half\",")
    client.write("\"method\":\"document.open\",\"params\":{\"path\":\"places.csv\"}}\n")
    #expect(try Self.result(try client.readResponse(id: "half").response)["rows"] as? Int == 12)

    // A request cancelled before it started (the cancel written with it, in one write that
    // folio reads whole) is answered so, and runs not.
    let late =
      #"{"jsonrpc":"2.0","id":"late","method":"cell.set","params":{"row":1,"column":"name","value":"X"}}"#
    client.write(late + "\n" + #"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":"late"}}"# + "\n")
    #expect(Self.errorCode(try client.readResponse(id: "late").response) == -32800)
    // A cancel for a request not sent yet names none: the request sent after it runs.
    try client.send(["jsonrpc": "2.0", "method": "$/cancelRequest", "params": ["id": "early"]])
    try client.send(["jsonrpc": "2.0", "id": "early", "method": "document.info"])
    #expect(Self.errorCode(try client.readResponse(id: "early").response) == nil)

    // Only the notifications asked for are sent.
    let edit = try client.request("cell.set", ["row": 1, "column": "name", "value": "Y"])
    #expect(Self.methods(edit.notifications) == ["document.changed"])
    #expect(((edit.notifications[0]["params"] as? [String: Any])?["revision"] as? Int) == 1)

    // The input ends without shutdown: a clean end, the edit kept for recovery.
    let end = try client.finish()
    #expect(end.status == 0, "\(end.errors)")
    let recover = Process()
    recover.executableURL = FolioProcess.executable
    recover.arguments = ["--json", "-c", "recover"]
    recover.environment = FolioProcess.environment(home: home)
    recover.currentDirectoryURL = folder
    let listing = Pipe()
    recover.standardOutput = listing
    try recover.run()
    let journals = String(decoding: listing.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    recover.waitUntilExit()
    #expect(journals.contains("\"title\":\"places\""), "\(journals)")
    try Self.validate(client.transcript.filter { $0.direction == "out" })
  }
}
