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

  private let sink: (Stream, String) -> Void
  /// Whether the colour sequences of `TextStyle` pass through; asked only of text that holds
  /// an escape character. Without colour every escape is shown escaped.
  public var passesStyles: () -> Bool = { false }
  private var pending = ""
  private let flushThreshold = 32 * 1024

  /// Creates a console that hands finished text to `sink`; the default writes to file
  /// descriptors 1 and 2.
  public init(sink: @escaping (Stream, String) -> Void = Console.writeToDescriptors) {
    self.sink = sink
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

  /// Writes a terminal control sequence to standard output as it is, after what is pending:
  /// only for sequences Folio makes itself (OSC 52), never for text from elsewhere.
  public func writeControlSequence(_ sequence: String) {
    flush()
    sink(.output, sequence)
  }

  /// Writes a line to standard error, after what standard output has pending.
  public func printError(_ text: String) {
    flush()
    sink(.error, text.escapedForTerminal(keepingStyles: passesStyles) + "\n")
  }

  /// Writes pending standard output.
  public func flush() {
    guard !pending.isEmpty else { return }
    let text = pending
    pending = ""
    sink(.output, text)
  }

  /// Writes text to descriptor 1 or 2, retrying short writes and interrupted calls.
  public static func writeToDescriptors(_ stream: Stream, _ text: String) {
    var text = text
    let descriptor: Int32 = stream == .output ? 1 : 2
    text.withUTF8 { bytes in
      var offset = 0
      while offset < bytes.count {
        let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
        if written > 0 {
          offset += written
        } else if written < 0, errno == EINTR {
          continue
        } else {
          return  // a closed pipe: nothing more can be said
        }
      }
    }
  }
}
