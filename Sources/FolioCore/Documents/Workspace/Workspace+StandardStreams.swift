extension Workspace {
  /// Opens what standard input holds, read to its end, as an untitled document in a new
  /// window, made active: a pipe's CSV, JSON or text. It opens clean (nothing is lost by
  /// closing it that is not still where it came from), unlocked, and is not a recent
  /// document; saving it needs a path.
  ///
  /// - Parameter format: how to read it; nil to recognise JSON (`[`) by its first byte other
  ///   than white space, which is then required for anything else.
  /// - Throws: what `standardStreams.readInput` throws (standard input taken or read
  ///   already); `FolioError.invalidArgument` when the format is not given and not JSON;
  ///   `FolioError.format` wrapped in "standard input" for malformed content;
  ///   `FolioError.interrupted`. Nothing opens then, and what was read is given back
  ///   (`unreadInput`) for the next `open` of `-`.
  @discardableResult
  public func openStandardInput(as format: DocumentFormat?, options: ReadOptions = ReadOptions())
    throws(FolioError) -> Document
  {
    let bytes = try standardStreams.readInput(cancellation)
    guard let format = format ?? DocumentFormat(recognizing: bytes) else {
      standardStreams.unreadInput(bytes)
      throw FolioError(
        .invalidArgument,
        "the format of standard input is not known; name it: "
          + DocumentFormat.allCases.map(\.rawValue).joined(separator: ", "),
        remedies: [.run("document.open", ["path": .string("-")], blanks: ["as"])])
    }
    let options = options.resolved(for: bytes)
    let content: DocumentContent
    do {
      content = try format.decode(bytes, options: options, cancellation: cancellation)
    } catch  where error.code == .interrupted {
      standardStreams.unreadInput(bytes)
      throw error
    } catch {
      standardStreams.unreadInput(bytes)
      throw .wrapping(error, in: "standard input")
    }
    return addUntitled(content, format: format, options: options)
  }

  /// Writes a document, as its format encodes it, to standard output through
  /// `standardStreams.writeOutput`. Nothing else changes: the document keeps its file (or
  /// none) and its unsaved changes, since standard output is no file.
  ///
  /// - Returns: the number of bytes written.
  /// - Throws: what encoding throws (a NUL character a CSV cannot hold), what the front end's
  ///   writer throws (standard output not lent, or closed); `FolioError.interrupted`.
  @discardableResult
  public func writeToStandardOutput(_ document: Document) throws(FolioError) -> Int {
    let content = try document.format.saveContent(document.content, from: document.format)
    return try standardStreams.writeOutput(document.readOptions.encoding(content).stopping(at: cancellation))
  }
}
