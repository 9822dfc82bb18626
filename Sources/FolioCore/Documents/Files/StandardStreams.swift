/// Standard input and output as a front end lends them to documents: where `open` of `-`
/// reads a document from and where `save` to `-` writes one.
///
/// A front end whose standard input is taken (a script read from it, a terminal the REPL
/// reads, the embedding protocol) leaves `readInput` throwing why; the workspace never
/// touches descriptors 0 and 1 itself.
public struct StandardStreams {
  /// Reads standard input to its end, checking the token while it waits; throws why it
  /// cannot (taken, read already) or what reading met.
  public var readInput: (CancellationToken) throws(FolioError) -> [UInt8]
  /// Writes a document's bytes to standard output, in order with the front end's own output,
  /// and returns how many were written; throws why it cannot, or what writing met.
  public var writeOutput: (SaveContent) throws(FolioError) -> Int
  /// Gives back what `readInput` returned, for the next read to return: an open that failed
  /// (a format not given, malformed content) loses nothing of a pipe that cannot be read
  /// again.
  public var unreadInput: ([UInt8]) -> Void

  /// Creates streams from a reader and a writer.
  public init(
    readInput: @escaping (CancellationToken) throws(FolioError) -> [UInt8],
    unreadInput: @escaping ([UInt8]) -> Void = { _ in },
    writeOutput: @escaping (SaveContent) throws(FolioError) -> Int
  ) {
    self.readInput = readInput
    self.unreadInput = unreadInput
    self.writeOutput = writeOutput
  }

  /// Streams that refuse both directions with `reason` (`FolioError.disabled`).
  public static func unavailable(_ reason: String) -> StandardStreams {
    StandardStreams(
      readInput: { (_) throws(FolioError) -> [UInt8] in
        throw FolioError(.disabled, "standard input cannot be read here: \(reason)")
      },
      writeOutput: { (_) throws(FolioError) -> Int in
        throw FolioError(.disabled, "standard output cannot be written here: \(reason)")
      })
  }

  /// What a workspace has until its front end lends it streams.
  public static var none: StandardStreams { unavailable("this front end lends none") }
}
