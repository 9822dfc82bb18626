/// Somewhere a document can be shared to [ShareLink]: a built-in (a folder, standard output,
/// a mail draft) or one a plugin adds.
public struct ShareTarget {
  /// The name used on the command line: `share ID`.
  public var id: String
  /// The name shown to people, e.g. `Save a Copy`.
  public var title: String
  /// The representations the target takes, most preferred first.
  public var accepts: [Representation]
  /// Who registered it: `built-in` or `plugin NAME`.
  public var owner: String
  /// Sends an item; `destination` is what `--to` gave, nil when absent.
  public var send: (ShareItem, _ destination: String?) throws(FolioError) -> ShareOutcome {
    didSet { sendStopping = nil }
  }
  /// A built-in target's `send` that also checks a token while it works, so that a share of
  /// a large document stops soon after Ctrl-C; nil for a plugin's (which stop through the
  /// plugin's interrupt) or after `send` was replaced.
  private(set) var sendStopping:
    ((ShareItem, _ destination: String?, CancellationToken?) throws(FolioError) -> ShareOutcome)?

  /// Creates a target.
  ///
  /// - Parameters:
  ///   - id: The name used on the command line.
  ///   - title: The name shown to people.
  ///   - accepts: The representations the target takes, most preferred first.
  ///   - owner: `built-in` or `plugin NAME`.
  ///   - send: Sends an item to the destination `--to` gave, if any.
  public init(
    id: String, title: String, accepts: [Representation], owner: String = "built-in",
    send: @escaping (ShareItem, _ destination: String?) throws(FolioError) -> ShareOutcome
  ) {
    self.id = id
    self.title = title
    self.accepts = accepts
    self.owner = owner
    self.send = send
  }

  /// A built-in target whose sending checks the share's token.
  init(
    id: String, title: String, accepts: [Representation],
    sendStopping:
      @escaping (ShareItem, _ destination: String?, CancellationToken?) throws(FolioError) ->
      ShareOutcome
  ) {
    self.init(id: id, title: title, accepts: accepts) { (item, destination) throws(FolioError) in
      try sendStopping(item, destination, nil)
    }
    self.sendStopping = sendStopping
  }

  /// Sends an item, checking `cancellation` while doing so when the target can.
  func send(
    _ item: ShareItem, to destination: String?, cancellation: CancellationToken?
  ) throws(FolioError) -> ShareOutcome {
    guard let sendStopping else { return try send(item, destination) }
    return try sendStopping(item, destination, cancellation)
  }

  /// The representation this target would get from a document offering `offered`: its
  /// first accepted one that is offered, or nil when there is none.
  public func preferredRepresentation(among offered: [Representation]) -> Representation? {
    accepts.first { offered.contains($0) }
  }

  /// The accepted representations that are also offered, in the target's order.
  public func possibleRepresentations(among offered: [Representation]) -> [Representation] {
    accepts.filter { offered.contains($0) }
  }

  /// `Mail ('mail')`, for messages.
  var displayName: String { "\(title) ('\(id)')" }
}
