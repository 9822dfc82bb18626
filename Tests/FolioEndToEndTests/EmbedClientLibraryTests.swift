import Foundation
import Testing

/// `folio --embed` driven by client libraries people already have, unchanged: pynvim's
/// msgpack-RPC session and Neovim's own `rpcrequest` (`--encoding msgpack-rpc`), and
/// python-lsp-jsonrpc's stream reader and writer (`--framing lsp`).
@Suite struct EmbedClientLibraryTests {
  private static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
  private static let scripts = repository.appendingPathComponent("Tests/FolioEndToEndTests/Embed")

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

  /// Runs `executable` with `arguments` in `folder`, its output and errors together, in the
  /// environment of a folio process with `home` and `extra`; kills it if it hangs.
  private static func run(
    _ executable: String, _ arguments: [String], in folder: URL, home: URL, extra: [String: String] = [:]
  ) throws -> (status: Int32, text: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.environment = FolioProcess.environment(home: home).merging(extra) { $1 }
    process.currentDirectoryURL = folder
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    process.standardInput = FileHandle.nullDevice
    try process.run()
    killIfHung(process)
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, text)
  }

  @Test("pynvim's Session attaches to --encoding msgpack-rpc and reads its errors as [type, message]")
  func pynvimSession() throws {
    let (folder, home) = try Self.makeFolder()
    defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
    let (status, text) = try Self.run(
      "/usr/bin/python3",
      [
        Self.scripts.appendingPathComponent("pynvim_client.py").path, FolioProcess.executable.path,
        folder.appendingPathComponent("places.csv").path,
      ], in: folder, home: home)
    #expect(status == 0, "\(text)")
    #expect(text.hasSuffix("ok\n"), "\(text)")
  }

  @Test("Neovim's jobstart(rpc) and rpcrequest drive --encoding msgpack-rpc and report its error")
  func neovimClient() throws {
    let (folder, home) = try Self.makeFolder()
    defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
    let result = folder.appendingPathComponent("nvim-result.txt")
    let (status, text) = try Self.run(
      "/usr/bin/nvim",
      [
        "--headless", "--clean", "-u", "NONE", "-c",
        "luafile " + Self.scripts.appendingPathComponent("nvim_client.lua").path,
      ], in: folder, home: home,
      extra: ["FOLIO": FolioProcess.executable.path, "FOLIO_RESULT": result.path])
    #expect(status == 0, "\(text)")
    let lines = try String(contentsOf: result, encoding: .utf8)
    #expect(
      lines == "encoding msgpack-rpc\nmatch document.save\nrefused true\nerror no method 'nope'\nexit 0\n",
      "\(text)")
  }

  @Test("python-lsp-jsonrpc's reader, writer and Endpoint drive --framing lsp")
  func lspJSONRPC() throws {
    let (folder, home) = try Self.makeFolder()
    defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
    let (status, text) = try Self.run(
      "/usr/bin/python3",
      [
        Self.scripts.appendingPathComponent("lsp_client.py").path, FolioProcess.executable.path,
        folder.appendingPathComponent("places.csv").path,
      ], in: folder, home: home)
    #expect(status == 0, "\(text)")
    #expect(text.hasSuffix("ok\n"), "\(text)")
  }

  @Test(
    "plugins' notifications from the start come as JSON lines before initialize's reply, as protocol.md says")
  func notificationsBeforeInitialize() throws {
    let plugins = Self.repository.appendingPathComponent("plugins").path
    let input =
      [
        #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"1.4"}}"#,
        #"{"jsonrpc":"2.0","id":2,"method":"shutdown"}"#,
      ].joined(separator: "\n") + "\n"
    let result = try FolioProcess.run(["--embed", "--plugins", plugins], input: Data(input.utf8))
    #expect(result.status == 0, "\(result.errors)")
    let messages = try result.output.split(separator: "\n").map {
      try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
    let reply = try #require(messages.firstIndex { $0["id"] as? Int == 1 })
    let before = messages[..<reply].compactMap { $0["method"] as? String }
    #expect(before.count == reply, "only notifications precede the reply")
    #expect(before.contains("plugin.loaded"), "\(before)")
    #expect(before.contains("menus.changed"), "\(before)")
  }
}
