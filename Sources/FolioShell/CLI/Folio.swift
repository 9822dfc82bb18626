import FolioCore
import FolioPresentation
import FolioSession

#if canImport(Glibc)
  import Glibc
#endif

/// How `folio --embed` is served: a front end beside the shell, which the `folio` program
/// hands to `Folio.main` (this module does not depend on it).
public struct EmbeddedFrontEnd {
  /// Makes the session served over the workspace, with the process environment.
  public var makeSession: (Workspace, [String: String]) -> Session
  /// Serves the session in the transport the command line chose and returns the exit status.
  public var serve: (Session, LaunchOptions.EmbedTransport) -> Int32

  /// Creates the front end from its two steps.
  public init(
    makeSession: @escaping (Workspace, [String: String]) -> Session,
    serve: @escaping (Session, LaunchOptions.EmbedTransport) -> Int32
  ) {
    self.makeSession = makeSession
    self.serve = serve
  }
}

/// The `folio` program: parses its arguments, sets up a session and runs it.
public enum Folio {
  /// The version `folio --version` prints: `git describe` at build time through `make`
  /// (e.g. `0.2.0-3-g1a2b3c4`), else the version the source tree was released as.
  public static let version = BuildVersion.version

  /// The full hash of the commit built, or nil when the build did not know it.
  public static let commit: String? = BuildVersion.commit

  /// The environment of this process, read from `environ`.
  public static func processEnvironment() -> [String: String] {
    // Room for every entry up front: growing the dictionary six times over, rehashing each
    // key each time, cost more than making the strings.
    var count = 0
    while environ[count] != nil { count += 1 }
    var environment = [String: String](minimumCapacity: count)
    var entry = environ
    while let pointer = entry.pointee {
      // The name ends at the first `=` byte: finding it among the bytes rather than the
      // characters keeps this off start-up's profile.
      if let equals = strchr(pointer, Int32(UInt8(ascii: "="))) {
        let name = UnsafeRawBufferPointer(start: pointer, count: equals - pointer)
        environment[String(decoding: name, as: UTF8.self)] = String(cString: equals + 1)
      }
      entry += 1
    }
    return environment
  }

  /// Runs Folio and returns its exit status.
  ///
  /// - Parameters:
  ///   - arguments: the arguments after the program name.
  ///   - environment: the process environment.
  ///   - embed: makes the session `folio --embed` serves and serves it; the `folio` program
  ///     passes FolioEmbed's server. No shell is made then: the shell's own commands are not
  ///     the embedding client's.
  ///   - browse: runs the full-screen browser over the shell's session (`folio browse`, the
  ///     REPL's `browse`), opening the paths first, `q` quitting the session when the flag is
  ///     set (`folio browse`); the `folio` program passes FolioBrowse's.
  public static func main(
    arguments: [String], environment: [String: String], embed: EmbeddedFrontEnd? = nil,
    browse: ((Shell, [String], Bool) -> Result<Void, FolioError>)? = nil
  ) -> Int32 {
    let environment = Paths.withHome(environment)
    let launch: LaunchOptions
    do {
      launch = try LaunchOptions.parse(arguments)
    } catch {
      Console.writeToDescriptors(
        .error, "folio: \(error.message)".escapedForTerminal + "\nTry 'folio --help' for more.\n")
      return 2
    }
    if launch.showsHelp {
      Console.writeToDescriptors(.output, LaunchOptions.usage + "\n")
      return 0
    }
    if launch.showsVersion {
      Console.writeToDescriptors(
        .output, "folio \(version)" + (commit.map { " (commit \($0))" } ?? "") + "\n")
      return 0
    }
    if let generated = launch.generatedText {
      Console.writeToDescriptors(.output, generatedText(generated, environment: environment))
      return 0
    }

    Interrupt.installHandler()
    var isInteractive = false
    if case .interactive = launch.mode { isInteractive = isatty(0) != 0 }
    if case .browse = launch.mode { isInteractive = isatty(0) != 0 }
    // An embedding client answers dialogs as they come, like a person; standard output is
    // the protocol's, so what the console says goes to standard error.
    if case .embed = launch.mode { isInteractive = true }
    let stateDirectory = StateDirectory.path(launch.stateDirectory, environment: environment)
    let console =
      launch.mode == .embed ? Console(sink: { Console.writeToDescriptors(.error, $1) }) : Console()
    let workspace = Workspace(
      store: openStateStore(in: stateDirectory, console: console), currentDirectory: Paths.currentDirectory,
      home: environment["HOME"], stateDirectory: stateDirectory, cancellation: Interrupt.token)
    // Locks are released and the journals of changes dropped on purpose removed however the
    // session ends, short of being killed.
    defer { workspace.endSession() }
    if case .embed = launch.mode {
      guard let embed else {
        console.printError("folio: this build cannot serve '--embed'")
        return 2
      }
      workspace.standardStreams = .unavailable(
        "standard input and output carry the protocol's messages in --embed")
      let session = embed.makeSession(workspace, environment)
      session.appEnvironment = AppEnvironment(
        platform: launch.platform ?? .mac, width: launch.width ?? TerminalSize.width(environment: environment)
      )
      if launch.loadsPlugins {
        let failed = session.loadPlugins(
          extraFolders: launch.pluginDirectories.map { Paths.resolve($0, against: Paths.currentDirectory) },
          shippedFolder: Shell.shippedPluginFolder(environment: environment))
        for plugin in failed {
          console.printError("folio: warning: plugin \(plugin.name): \(plugin.status)")
        }
        // A Ctrl-C while loading stopped the plugin that was loading; the session starts anyway.
        if Interrupt.isRequested { Interrupt.clear() }
      }
      console.flush()
      return embed.serve(session, launch.embedTransport)
    }
    let shell = Shell(
      options: launch.shell, console: console, isInteractive: isInteractive, environment: environment,
      isTerminalOutput: isatty(1) != 0, isTerminalError: isatty(2) != 0, workspace: workspace)
    shell.session.appEnvironment = AppEnvironment(
      platform: launch.platform ?? .mac, width: launch.width ?? TerminalSize.width(environment: environment))
    if launch.width == nil, isatty(1) != 0 {
      shell.terminalWidth = shell.session.appEnvironment.width
      TerminalSize.installResizeHandler()
    }
    defer { shell.console.flush() }
    shell.browser = browse
    // A long script streams its results into a pipe (or to a terminal) command by command; a
    // file is written in large chunks.
    var status = stat()
    shell.flushesEachCommand = fstat(1, &status) == 0 && (status.st_mode & S_IFMT) != S_IFREG
    if launch.loadsPlugins {
      shell.loadPlugins(
        extraFolders: launch.pluginDirectories,
        shippedFolder: Shell.shippedPluginFolder(environment: environment))
    }

    shell.lendStandardStreams(input: standardInputUse(of: launch.mode, isInteractive: isInteractive))

    switch launch.mode {
    case .embed:
      return 2  // served above, without a shell
    case .browse(let documents):
      guard let browse else {
        shell.console.printError("folio: this build cannot browse")
        return 2
      }
      if case .failure(let error) = browse(shell, documents, true) {
        shell.console.printError("folio: " + shell.errorText(error))
        return 2
      }
      return shell.errorCount == 0 ? 0 : 1
    case .scripts(let scripts):
      for script in scripts where shell.session.stopReason == nil {
        if !shell.runScriptFile(script), !shell.options.keepGoing { break }
      }
    case .inline(let texts):
      for (index, text) in texts.enumerated() where shell.session.stopReason == nil {
        if !shell.runInline(text, number: index + 1), !shell.options.keepGoing { break }
      }
    case .interactive(let documents):
      if isInteractive { REPL.greet(shell) }
      for document in documents where shell.session.stopReason == nil {
        let command = ParsedCommand(
          words: [Word("open"), Word(document, quotedFrom: 0)],
          text: "open " + Word.quoted(document))
        if !shell.execute(command, at: isInteractive ? nil : SourceLocation(file: "<command-line>", line: 1)),
          !isInteractive, !shell.options.keepGoing
        {
          return shell.exitStatus
        }
      }
      if isInteractive {
        REPL(
          shell: shell,
          history: History(path: History.path(environment: environment, stateDirectory: stateDirectory))
        ).run()
        return 0
      }
      shell.runStandardInput()
    }
    shell.finishBatch()
    return shell.exitStatus
  }
}

/// Who holds standard input in a launch mode with a shell: the commands (a script read from
/// it, or the REPL's terminal, which `open -` refuses anyway), or nobody. (`--embed`, served
/// without a shell, lends the workspace none.)
private func standardInputUse(of mode: LaunchOptions.Mode, isInteractive: Bool) -> Shell.StandardInputUse {
  switch mode {
  case .embed: .script
  case .scripts(let scripts): scripts.contains("-") ? .script : .free
  case .inline: .free
  case .interactive: isInteractive ? .free : .script
  case .browse: .free
  }
}

/// The manual page or a completion script, from the built-in commands alone: a shell without
/// plugins, state store or documents.
private func generatedText(_ text: LaunchOptions.GeneratedText, environment: [String: String]) -> String {
  switch text {
  case .manualPage:
    let shell = Shell(environment: environment)
    return ManualPage.render(
      sections: shell.helpSections(), usage: LaunchOptions.usage, version: Folio.version)
  case .completion(let shell):
    return ShellCompletion.script(for: shell, usage: LaunchOptions.usage)
  }
}

/// Opens the state store, saying on standard error what went wrong or was repaired; nil when
/// it cannot be opened (Folio then runs without it).
private func openStateStore(in directory: String, console: Console) -> StateStore? {
  do {
    let store = try StateStore(directory: directory)
    for warning in store.warnings { console.printError("folio: warning: \(warning)") }
    return store
  } catch {
    console.printError("folio: warning: \(error); recent documents are not kept")
    return nil
  }
}

/// Where Folio keeps its state: `--state DIR`, else `$FOLIO_STATE_DIR`, else
/// `$XDG_STATE_HOME/folio`, else `~/.local/state/folio`; with no home folder at all, a folder
/// of the user's own under `/tmp` (never the current folder).
enum StateDirectory {
  static func path(_ option: String?, environment: [String: String]) -> String {
    if let option { return option }
    if let directory = environment["FOLIO_STATE_DIR"], !directory.isEmpty { return directory }
    if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") { return state + "/folio" }
    guard let home = environment["HOME"], !home.isEmpty else { return "/tmp/folio-\(getuid())/state" }
    return home + "/.local/state/folio"
  }
}
