import FolioCore

#if canImport(Glibc)
  import Glibc
#endif

/// Where the shell's output goes: standard output, buffered, and standard error, written at
/// once after flushing standard output so the two keep their order on a terminal.
///
/// Every line goes through `escapedForTerminal`: whatever a command, a plugin or a file name
/// says, only line breaks, tabs and — while colour is on — the style's colours reach the
/// terminal as controls.
public final class Console {
  /// One of the two output streams.
  public enum Stream: Sendable {
    case output
    case error
  }

  /// Writes finished text; false once standard output can take no more (a closed pipe).
  private let sink: (Stream, String) -> Bool
  /// Whether `sink` writes to descriptors 1 and 2, so that bytes may go there as they are.
  private var writesDescriptors = false
  /// Whether the colour sequences of `TextStyle` pass through; asked only of text that holds
  /// an escape character. Without colour every escape is shown escaped.
  public var passesStyles: () -> Bool = { false }
  /// The same for standard error, which may be a terminal when standard output is not.
  public var passesErrorStyles: () -> Bool = { false }
  private var pending = ""
  private let flushThreshold = 32 * 1024
  /// Whether standard output was closed under us (the reader of a pipe left, as `head`
  /// does): what is printed after that is dropped, and a command writing a long output
  /// stops.
  public private(set) var isOutputClosed = false
  /// Whether a progress line is drawn on the terminal now: cleared before anything else is
  /// written, and drawn again at the next update.
  private var isProgressShown = false
  /// Where standard output goes instead while a pager shows it (see `divertingOutput`).
  private var diversion: ((String) -> Bool)?

  /// Creates a console that writes to file descriptors 1 and 2.
  public init() {
    sink = Console.write
    writesDescriptors = true
  }

  /// Creates a console that hands finished text to `sink`.
  public init(sink: @escaping (Stream, String) -> Void) {
    self.sink = { stream, text in
      sink(stream, text)
      return true
    }
  }

  deinit { flush() }

  /// Appends a line to standard output.
  public func print(_ text: String) {
    pending += text.escapedForTerminal(keepingStyles: passesStyles)
    pending += "\n"
    if pending.utf8.count >= flushThreshold { flush() }
  }

  /// Appends a line to standard output as it is: a document's own text going to a pipe or a
  /// file, where escaping would change the bytes the user asked for.
  public func printVerbatim(_ text: String) {
    pending += text
    pending += "\n"
    if pending.utf8.count >= flushThreshold { flush() }
  }

  /// Appends whole lines, each ending in a line feed, to standard output as they are:
  /// lines made safe for the terminal where they were made (table rows, whose cells are
  /// shown on one line with every control character replaced).
  public func printLines(_ lines: [UInt8]) {
    guard !lines.isEmpty else { return }
    pending += String(decoding: lines, as: UTF8.self)
    if pending.utf8.count >= flushThreshold { flush() }
  }

  /// Writes bytes to standard output as they are, after what is pending: a document's own
  /// bytes going to a pipe or a file (`save --as -`), never to a terminal. A console made
  /// with a text sink is handed them as text.
  ///
  /// - Returns: false once standard output takes no more (a closed pipe).
  public func writeVerbatim(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    flush()
    guard !isOutputClosed else { return false }
    let isWritten =
      diversion.map { $0(String(decoding: bytes, as: UTF8.self)) }
      ?? (writesDescriptors
        ? Console.write(.output, bytes: bytes) : sink(.output, String(decoding: bytes, as: UTF8.self)))
    if !isWritten { isOutputClosed = true }
    return isWritten
  }

  /// Writes a terminal control sequence to standard output as it is, after what is pending:
  /// only for sequences Folio makes itself (OSC 52), never for text from elsewhere.
  public func writeControlSequence(_ sequence: String) {
    flush()
    _ = sink(.output, sequence)
  }

  /// Writes a line to standard error, after what standard output has pending.
  public func printError(_ text: String) {
    flush()
    clearProgress()
    _ = sink(.error, text.escapedForTerminal(keepingStyles: passesErrorStyles) + "\n")
  }

  /// Writes pending standard output.
  public func flush() {
    guard !pending.isEmpty else { return }
    clearProgress()
    let text = pending
    pending = ""
    guard !isOutputClosed else { return }
    let isWritten = diversion.map { $0(text) } ?? sink(.output, text)
    if !isWritten { isOutputClosed = true }
  }

  /// Shows how far long work has got on standard error, after what standard output has
  /// pending: on a terminal as one line drawn over itself, else as a line of its own.
  ///
  /// - Parameters:
  ///   - text: the progress, on one line.
  ///   - isTerminal: whether standard error is a terminal.
  public func showProgress(_ text: String, isTerminal: Bool) {
    flush()
    let line = text.escapedForTerminal(keepingStyles: { false })
    if isTerminal {
      // Carriage return, then erase to the end of the line.
      _ = sink(.error, "\r\u{1B}[K" + line)
      isProgressShown = true
    } else {
      _ = sink(.error, line + "\n")
    }
  }

  /// Erases the progress line, if one is drawn.
  public func clearProgress() {
    guard isProgressShown else { return }
    isProgressShown = false
    _ = sink(.error, "\r\u{1B}[K")
  }

  /// Sends standard output to `target` while `body` runs — a pager's pipe — then back to
  /// where it went. `isOutputClosed` turns true in `body` when `target` takes no more (the
  /// pager quit), and false again afterwards: standard output itself is still open.
  ///
  /// - Parameters:
  ///   - target: writes finished text; false once it can take no more.
  ///   - body: writes the output.
  func divertingOutput(
    to target: @escaping (String) -> Bool, _ body: () throws(FolioError) -> Void
  ) throws(FolioError) {
    flush()
    let wasClosed = isOutputClosed
    diversion = target
    defer {
      flush()
      diversion = nil
      isOutputClosed = wasClosed
    }
    try body()
  }

  /// Writes text to descriptor 1 or 2, retrying short writes and interrupted calls.
  public static func writeToDescriptors(_ stream: Stream, _ text: String) {
    _ = write(stream, text)
  }

  /// Writes text to descriptor 1 or 2, retrying short writes and interrupted calls.
  ///
  /// - Returns: false when the descriptor takes no more: a closed pipe (`EPIPE`, with
  ///   SIGPIPE ignored) or another write error.
  static func write(_ stream: Stream, _ text: String) -> Bool {
    var text = text
    return text.withUTF8 { write(stream, bytes: $0) }
  }

  /// Writes bytes to descriptor 1 or 2, retrying short writes and interrupted calls: one
  /// `write` when the descriptor takes them all.
  ///
  /// - Returns: false when the descriptor takes no more: a closed pipe (`EPIPE`, with
  ///   SIGPIPE ignored) or another write error.
  @discardableResult
  public static func write(_ stream: Stream, bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    writeAll(descriptor: stream == .output ? 1 : 2, bytes)
  }
}
