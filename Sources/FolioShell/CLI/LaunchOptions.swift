import FolioCore
import FolioSession

/// What `folio` was asked to do, parsed from its command-line arguments.
public struct LaunchOptions: Equatable, Sendable {
  /// How commands arrive.
  public enum Mode: Equatable, Sendable {
    /// The REPL on a terminal, else a script on standard input; documents open first.
    case interactive(documents: [String])
    /// `folio run SCRIPT…`.
    case scripts([String])
    /// `folio -c 'COMMANDS'` (repeatable).
    case inline([String])
    /// `folio --embed`: JSON-RPC 2.0 on standard input and output (docs/protocol.md).
    case embed
    /// `folio browse [DOCUMENT…]`: the full-screen front end (docs/browse.md).
    case browse(documents: [String])
  }

  public var mode: Mode = .interactive(documents: [])
  public var shell = ShellOptions()
  /// Extra plugin folders (`--plugins DIR`, repeatable), searched after the default ones.
  public var pluginDirectories: [String] = []
  /// `--no-plugins`: load no plugins at all.
  public var loadsPlugins = true
  /// `--state DIR`: the state store folder.
  public var stateDirectory: String?
  /// `--platform`.
  public var platform: MenuPlatform?
  /// `--width N`, in columns.
  public var width: Int?
  public var showsHelp = false
  public var showsVersion = false
  /// `--embed`: serve the embedding protocol instead of reading commands.
  public var embeds = false
  /// `--encoding` and `--framing`: how `--embed` reads and writes its messages from the
  /// first byte on.
  public var embedTransport = EmbedTransport()

  /// How `folio --embed` reads and writes its messages from the first byte on
  /// (docs/protocol.md, "Transport").
  public struct EmbedTransport: Equatable, Sendable {
    /// `--encoding`: the messages' encoding from the first byte.
    public enum Encoding: String, Equatable, Sendable, CaseIterable {
      /// JSON, which `initialize` may switch to MessagePack.
      case json
      /// msgpack-RPC's arrays from the first byte, as Neovim's `--embed` speaks.
      case msgpackRPC = "msgpack-rpc"
    }

    /// `--framing`: how JSON messages are delimited.
    public enum Framing: String, Equatable, Sendable, CaseIterable {
      /// One message a line.
      case lines
      /// LSP's base protocol: a `Content-Length` header before each message.
      case lsp
    }

    public var encoding = Encoding.json
    public var framing = Framing.lines

    /// The default transport: JSON lines.
    public init(encoding: Encoding = .json, framing: Framing = .lines) {
      self.encoding = encoding
      self.framing = framing
    }
  }
  /// `--man` or `--completion SHELL`: a text written from the declarations, for installing.
  public var generatedText: GeneratedText?

  /// A text `folio` writes about itself for `make install` (not listed in `--help`).
  public enum GeneratedText: Equatable, Sendable {
    /// `--man`: the manual page, in roff.
    case manualPage
    /// `--completion bash|zsh|fish`: a completion script.
    case completion(ShellCompletion.Shell)
  }

  /// Creates the defaults: an interactive session with no documents.
  public init() {}

  /// A mistake in the arguments to `folio` itself (exit status 2).
  public struct UsageError: Error, Equatable, Sendable {
    public var message: String
  }

  /// The usage text of `folio --help`.
  public static let usage = """
    usage: folio [OPTIONS] [DOCUMENT...]     the REPL (a script on stdin when it is not a terminal)
           folio run [OPTIONS] SCRIPT...     replay command files, in order
           folio -c 'COMMAND; COMMAND'       run commands given inline
           folio --embed [OPTIONS]           serve JSON-RPC 2.0 on stdin/stdout (docs/protocol.md)
           folio browse [OPTIONS] [DOCUMENT...]  the full-screen browser (docs/browse.md)

    options:
      -c TEXT            run these commands (repeatable; ';' or newlines separate commands)
      --json             JSON Lines output: one object per command
      --keep-going       batch: go on after a failed command (the exit status is still 1)
      --echo             batch: print each command before its result
      --color=auto|always|never  colour (bare --color: always); auto: each stream on a terminal
      --progress         show long work's progress on stderr in scripts, pipes and --json too
      -q, --quiet        no status lines (Opened …, Saved …) on stdout; errors still on stderr
      --plugins DIR      also load the plugins in DIR (repeatable)
      --no-plugins       load no plugins
      --state DIR        the state folder (default $FOLIO_STATE_DIR, else $XDG_STATE_HOME/folio)
      --platform NAME    mac, ipad or iphone
      --encoding json|msgpack-rpc  --embed: the messages' encoding from the first byte
      --framing lines|lsp          --embed: JSON a line, or after LSP's Content-Length headers
      --width N          the window width in columns
      --version          print the version
      --help             print this help

    exit status: 0 all commands succeeded, 1 a command failed, 2 bad usage, 130 interrupted,
    141 standard output closed.
    Inside Folio, 'help' lists the commands.
    """

  /// Parses the arguments after the program name.
  ///
  /// - Throws: `UsageError` for an unknown option, a missing or bad value, or a mode that
  ///   lacks its operands.
  public static func parse(_ arguments: [String]) throws(UsageError) -> LaunchOptions {
    var options = LaunchOptions()
    var operands: [String] = []
    var inline: [String] = []
    var index = arguments.startIndex
    var optionsEnded = false

    func value(for option: String, inline: String?) throws(UsageError) -> String {
      if let inline { return inline }
      guard index < arguments.endIndex else {
        throw UsageError(message: "option '\(option)' needs a value")
      }
      defer { index += 1 }
      return arguments[index]
    }

    while index < arguments.endIndex {
      let argument = arguments[index]
      index += 1
      guard !optionsEnded, argument.hasPrefix("-"), argument != "-" else {
        operands.append(argument)
        continue
      }
      let name = String(argument.prefix { $0 != "=" })
      let inlineValue = argument.firstIndex(of: "=").map { String(argument[argument.index(after: $0)...]) }
      func noValue() throws(UsageError) {
        if inlineValue != nil { throw UsageError(message: "option '\(name)' takes no value") }
      }
      switch name {
      case "--": optionsEnded = true
      case "-c", "--command": inline.append(try value(for: name, inline: inlineValue))
      case "--json":
        try noValue()
        options.shell.output = .json
      case "--keep-going":
        try noValue()
        options.shell.keepGoing = true
      case "--echo":
        try noValue()
        options.shell.echo = true
      case "--color", "--colour":
        let text = inlineValue ?? "always"
        guard let mode = ShellOptions.ColorMode(rawValue: text) else {
          throw UsageError(message: "option '--color' expects auto, always or never, got '\(text)'")
        }
        options.shell.color = mode
      case "--progress":
        try noValue()
        options.shell.showsProgress = true
      case "-q", "--quiet":
        try noValue()
        options.shell.isQuiet = true
      case "--plugins": options.pluginDirectories.append(try value(for: name, inline: inlineValue))
      case "--no-plugins":
        try noValue()
        options.loadsPlugins = false
      case "--state":
        let directory = try value(for: name, inline: inlineValue)
        guard !directory.isEmpty else { throw UsageError(message: "option '--state' needs a folder") }
        options.stateDirectory = directory
      case "--platform":
        let text = try value(for: name, inline: inlineValue)
        guard let platform = MenuPlatform(rawValue: text) else {
          throw UsageError(message: "option '--platform' expects mac, ipad or iphone, got '\(text)'")
        }
        options.platform = platform
      case "--width":
        let text = try value(for: name, inline: inlineValue)
        do {
          options.width = try AppEnvironment.width(text, name: "--width")
        } catch {
          throw UsageError(message: "option " + error.message)
        }
      case "--embed":
        try noValue()
        options.embeds = true
      case "--encoding":
        let text = try value(for: name, inline: inlineValue)
        guard let encoding = EmbedTransport.Encoding(rawValue: text) else {
          throw UsageError(message: "option '--encoding' expects json or msgpack-rpc, got '\(text)'")
        }
        options.embedTransport.encoding = encoding
      case "--framing":
        let text = try value(for: name, inline: inlineValue)
        guard let framing = EmbedTransport.Framing(rawValue: text) else {
          throw UsageError(message: "option '--framing' expects lines or lsp, got '\(text)'")
        }
        options.embedTransport.framing = framing
      case "--version", "-V":
        try noValue()
        options.showsVersion = true
      case "--help", "-h":
        try noValue()
        options.showsHelp = true
      case "--man":
        try noValue()
        options.generatedText = .manualPage
      case "--completion":
        let text = try value(for: name, inline: inlineValue)
        guard let shell = ShellCompletion.Shell(rawValue: text) else {
          throw UsageError(message: "option '--completion' expects bash, zsh or fish, got '\(text)'")
        }
        options.generatedText = .completion(shell)
      default: throw UsageError(message: "unknown option '\(argument)'")
      }
    }

    guard options.embeds || options.embedTransport == EmbedTransport() else {
      throw UsageError(message: "'--encoding' and '--framing' go with '--embed'")
    }
    guard options.embedTransport.encoding == .json || options.embedTransport.framing == .lines else {
      throw UsageError(
        message: "'--framing lsp' frames JSON; it cannot be combined with '--encoding msgpack-rpc'")
    }
    if options.embeds {
      guard operands.isEmpty, inline.isEmpty else {
        throw UsageError(
          message: "'--embed' takes no documents, scripts or '-c'; open documents with 'document.open'")
      }
      options.mode = .embed
    } else if operands.first == "run",
      !(arguments.firstIndex(of: "--").map { $0 < arguments.firstIndex(of: "run")! } ?? false)
    {
      let scripts = Array(operands.dropFirst())
      guard inline.isEmpty else { throw UsageError(message: "'run' and '-c' cannot be combined") }
      guard !scripts.isEmpty || options.showsHelp || options.showsVersion else {
        throw UsageError(message: "'run' needs at least one script")
      }
      options.mode = .scripts(scripts)
    } else if operands.first == "browse",
      !(arguments.firstIndex(of: "--").map { $0 < arguments.firstIndex(of: "browse")! } ?? false)
    {
      guard inline.isEmpty else { throw UsageError(message: "'browse' and '-c' cannot be combined") }
      options.mode = .browse(documents: Array(operands.dropFirst()))
    } else if !inline.isEmpty {
      guard operands.isEmpty else {
        throw UsageError(message: "'-c' takes no documents; use 'open PATH' inside the commands")
      }
      options.mode = .inline(inline)
    } else {
      options.mode = .interactive(documents: operands)
    }
    return options
  }
}
