import FolioCore
import FolioPresentation
import FolioSession

extension Shell {
  /// The exit status of a batch run: 130 when interrupted, 141 (as if killed by SIGPIPE)
  /// when standard output was closed, 1 when any command failed, else 0.
  public var exitStatus: Int32 {
    if session.stopReason == .interrupted { return 130 }
    if session.stopReason == .outputClosed { return 141 }
    return errorCount > 0 ? 1 : 0
  }

  /// Ends a batch run: a dialog still waiting for an answer is an error, since nothing can
  /// answer it any more.
  public func finishBatch() {
    guard let dialog = session.pendingDialog, session.stopReason != .interrupted else { return }
    session.dismissDialog()
    let stoppedEarly = unansweredDialog != nil
    unansweredDialog = nil
    report(
      FolioError(
        .disabled,
        stoppedEarly
          ? "the run stopped: the answer to a waiting dialog failed, and no later line answers it — \(dialog.title)"
          : "the input ended while a dialog was waiting — \(dialog.title)"),
      commandText: "", at: nil)
  }

  /// Stops a batch run at the waiting dialog when the line meant to answer it failed — a
  /// `choose` or `cancel` that failed, or a line that did not lex — so that no later line,
  /// written for something else, answers it in its place (`--keep-going` too).
  ///
  /// - Parameter command: the command that failed; nil for a line that failed to lex.
  func stopAtUnansweredDialog(after command: ParsedCommand?) {
    guard !isInteractive, let dialog = session.pendingDialog else { return }
    if let command {
      let id = registry.resolve(command.words[0].text)?.id
      guard id == SessionCommandID.choose || id == SessionCommandID.cancel else { return }
    }
    unansweredDialog = dialog
  }

  /// Runs a command file given on the command line (`folio run FILE`); `-` is standard input.
  ///
  /// - Returns: whether every command in it succeeded.
  @discardableResult
  public func runScriptFile(_ path: String) -> Bool {
    if path == "-" { return runStandardInput() }
    let bytes: [UInt8]
    do {
      bytes = try FileIO.readAll(path)
    } catch {
      report(error, commandText: "run \(path)", at: nil)
      return false
    }
    var reader = LineReader(bytes: bytes)
    let frame = IncludeFrame(
      canonicalPath: Paths.canonical(path), directory: Paths.directory(of: path),
      sourcedFrom: nil, displayName: path)
    return runLines(&reader, in: frame)
  }

  /// Runs commands read from standard input as they arrive; errors name the file `-`.
  @discardableResult
  public func runStandardInput() -> Bool { runInput(from: 0) }

  /// Runs commands read from a descriptor as they arrive, refusing the rest of the input after
  /// a line or a joined command longer than `maximumLineLength`; errors name the file `-`.
  @discardableResult
  func runInput(from descriptor: Int32, maximumLineLength: Int = LineReader.maximumLineLength) -> Bool {
    var reader = LineReader(
      descriptor: descriptor, maximumLineLength: maximumLineLength,
      beforeRead: { [unowned self] in prepareToWaitForInput() })
    let frame = IncludeFrame(canonicalPath: nil, directory: ".", sourcedFrom: nil, displayName: "-")
    return runLines(&reader, in: frame)
  }

  /// Runs commands given inline (`folio -c`); errors name the file `<command-line>`, or
  /// `<command-line N>` for the Nth `-c` after the first.
  ///
  /// - Parameter number: which `-c` this is, from 1.
  @discardableResult
  public func runInline(_ text: String, number: Int = 1) -> Bool {
    var reader = LineReader(bytes: Array(text.utf8))
    let frame = IncludeFrame(
      canonicalPath: nil, directory: ".", sourcedFrom: nil,
      displayName: number == 1 ? "<command-line>" : "<command-line \(number)>")
    return runLines(&reader, in: frame)
  }

  /// Runs a file named by `source`, resolved from the file that sourced it, refusing cycles.
  ///
  /// - Throws: `FolioError.io` when the file cannot be read, `FolioError.invalidArgument`
  ///   for a cycle or too deep nesting, `FolioError.reported` when commands in it failed
  ///   (they were reported where they failed).
  func source(_ path: String) throws(FolioError) {
    let directory = includeStack.last?.directory ?? "."
    let resolved = Paths.resolve(Paths.expandingTilde(path, home: environment["HOME"]), against: directory)
    guard includeStack.count < Self.maximumSourceDepth else {
      throw .invalidArgument("'source' is nested more than \(Self.maximumSourceDepth) files deep")
    }
    let bytes = try FileIO.readAll(resolved)
    let canonical = Paths.canonical(resolved)
    // Its replay would source itself: the recording cannot hold it.
    if let recorder, let canonical, recorder.canonicalPath == canonical {
      throw .invalidArgument("'\(path)' is the file being recorded; 'record stop' first")
    }
    if let canonical, let first = includeStack.firstIndex(where: { $0.canonicalPath == canonical }) {
      let chain = includeStack[first...].map(\.displayName) + [resolved]
      throw .invalidArgument("include cycle: " + chain.joined(separator: " → "))
    }
    var reader = LineReader(bytes: bytes)
    let frame = IncludeFrame(
      canonicalPath: canonical, directory: Paths.directory(of: resolved),
      sourcedFrom: currentLocation, displayName: resolved)
    guard runLines(&reader, in: frame) else {
      throw FolioError(.reported, "commands in \(resolved) failed")
    }
  }

  static let maximumSourceDepth = 64

  /// Reads, lexes and runs lines until the input ends, a command fails (unless keep-going),
  /// `quit` runs or Ctrl-C arrives.
  ///
  /// - Returns: whether no command failed.
  func runLines(_ reader: inout LineReader, in frame: IncludeFrame) -> Bool {
    includeStack.append(frame)
    defer { includeStack.removeLast() }
    let errorsBefore = errorCount
    var lineNumber = 0
    var line = LogicalLine()
    reading: while session.stopReason == nil, unansweredDialog == nil {
      let firstLine = lineNumber + 1
      let location = SourceLocation(file: frame.displayName, line: firstLine)
      line.reset()
      // A physical line that is not UTF-8, kept to show in the error as escaped bytes.
      var undecodable: [UInt8]?
      func decoded(_ bytes: [UInt8]) throws(FolioError) -> String {
        do {
          return try LineDecoder.decode(bytes)
        } catch {
          undecodable = bytes
          throw error
        }
      }
      do {
        guard var bytes = try reader.next() else { break }
        lineNumber += 1
        if firstLine == 1, bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        let text = try decoded(bytes)
        // A dialog with a text field takes the next line, as written, as its text.
        if let answer = dialogAnswer(text) {
          if !execute(answer, at: location) {
            stopAtUnansweredDialog(after: answer)
            if !options.keepGoing { break reading }
          }
          continue
        }
        var result = try line.append(text)
        while result == .incomplete {
          guard let next = try reader.next() else {
            result = try line.finish()
            break
          }
          lineNumber += 1
          if line.text.utf8.count + next.count >= reader.maximumLineLength {
            try reader.refuseRest("a command")
          }
          result = try line.append(decoded(next))
        }
        guard case .complete(let commands) = result else { continue }
        for command in commands {
          if isInterrupted { session.stopReason = .interrupted }
          if session.stopReason != nil || unansweredDialog != nil { break reading }
          let succeeded = execute(command, at: location)
          // Ctrl-C during a command (a plugin callback stopped with "interrupted") ends the run too.
          if isInterrupted { session.stopReason = .interrupted }
          if !succeeded { stopAtUnansweredDialog(after: command) }
          if !succeeded, !options.keepGoing { break reading }
        }
        if isInterrupted { session.stopReason = .interrupted }
      } catch  where error.code == .interrupted {
        session.stopReason = .interrupted
      } catch {
        report(error, commandText: line.text + (undecodable.map(LineDecoder.escaped) ?? ""), at: location)
        stopAtUnansweredDialog(after: nil)
        if !options.keepGoing { break }
      }
    }
    return errorCount == errorsBefore
  }
}
