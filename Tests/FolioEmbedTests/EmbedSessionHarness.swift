import FolioCore
import FolioSession
import FolioTestSupport
import Foundation
import Testing

@testable import FolioEmbed

/// A server over a session in a temporary folder holding `t.csv` (and a plugin `keeper`,
/// when given), initialized and with `t.csv` open, with every message it sent.
final class EmbedSessionHarness {
  let folder: TemporaryFolder
  let session: Session
  private(set) var sent: [JSONValue] = []
  private var server: EmbedServer!

  init(csv: String, plugin: String? = nil, notifications: String = "[]") throws {
    folder = try TemporaryFolder()
    try folder.write("t.csv", csv)
    session = EmbedServerTests.quietSession(in: folder)
    if let plugin {
      try FileManager.default.createDirectory(
        atPath: folder.path("plugins/keeper"), withIntermediateDirectories: true)
      try folder.write("plugins/keeper/plugin.lua", plugin)
      #expect(session.loadPlugins(extraFolders: [folder.path("plugins")], shippedFolder: nil).isEmpty)
      _ = session.finishCommand()
    }
    server = EmbedServer(session: session, log: { _ in }) { [unowned self] in sent.append($0) }
    request(0, "initialize", #"{"protocolVersion":"1.3","notifications":\#(notifications)}"#)
    request(1, "document.open", #"{"path":"t.csv"}"#)
  }

  /// Sends a request and returns its response.
  @discardableResult
  func request(_ id: Int, _ method: String, _ params: String = "{}") -> JSONValue {
    let start = sent.count
    server.receive(
      .line(Array(#"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)","params":\#(params)}"#.utf8)))
    return sent[start...].last { Self.field($0, "id") == .int(id) } ?? .null
  }

  /// The member `key` of an object.
  static func field(_ value: JSONValue, _ key: String) -> JSONValue? {
    guard case .object(let fields) = value else { return nil }
    return fields.first { $0.0 == key }?.1
  }
}
