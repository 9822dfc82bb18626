import Testing

@testable import FolioShell

@Suite struct LaunchOptionsTests {
  @Test("documents, scripts and inline commands select the mode")
  func modes() throws {
    #expect(try LaunchOptions.parse([]).mode == .interactive(documents: []))
    #expect(try LaunchOptions.parse(["a.txt", "b.csv"]).mode == .interactive(documents: ["a.txt", "b.csv"]))
    #expect(try LaunchOptions.parse(["run", "a.folio", "b.folio"]).mode == .scripts(["a.folio", "b.folio"]))
    #expect(try LaunchOptions.parse(["-c", "echo a", "-c", "echo b"]).mode == .inline(["echo a", "echo b"]))
    #expect(try LaunchOptions.parse(["--", "run"]).mode == .interactive(documents: ["run"]))
  }

  @Test("--embed serves the protocol, with the session's options and nothing to run")
  func embed() throws {
    let options = try LaunchOptions.parse(["--no-plugins", "--embed", "--width", "40", "--state=/tmp/s"])
    #expect(options.mode == .embed)
    #expect(options.width == 40)
    #expect(!options.loadsPlugins)
    for arguments in [["--embed", "a.csv"], ["--embed", "-c", "echo"], ["--embed", "run", "s.folio"]] {
      #expect(throws: LaunchOptions.UsageError.self, "\(arguments)") { try LaunchOptions.parse(arguments) }
    }
    #expect(throws: LaunchOptions.UsageError.self) { try LaunchOptions.parse(["--embed=yes"]) }
  }

  @Test("--encoding and --framing choose --embed's transport from the first byte, and go only with it")
  func embedTransport() throws {
    #expect(try LaunchOptions.parse(["--embed"]).embedTransport == LaunchOptions.EmbedTransport())
    #expect(
      try LaunchOptions.parse(["--embed", "--encoding", "msgpack-rpc"]).embedTransport
        == LaunchOptions.EmbedTransport(encoding: .msgpackRPC))
    #expect(
      try LaunchOptions.parse(["--framing=lsp", "--embed"]).embedTransport
        == LaunchOptions.EmbedTransport(framing: .lsp))
    let cases: [([String], String)] = [
      (["--encoding", "msgpack-rpc"], "'--encoding' and '--framing' go with '--embed'"),
      (["--framing", "lsp", "a.csv"], "'--encoding' and '--framing' go with '--embed'"),
      (
        ["--embed", "--encoding", "msgpack-rpc", "--framing", "lsp"],
        "'--framing lsp' frames JSON; it cannot be combined with '--encoding msgpack-rpc'"
      ),
      (["--embed", "--encoding", "cbor"], "option '--encoding' expects json or msgpack-rpc, got 'cbor'"),
      (["--embed", "--framing", "http"], "option '--framing' expects lines or lsp, got 'http'"),
      (["--embed", "--encoding"], "option '--encoding' needs a value"),
    ]
    for (arguments, message) in cases {
      #expect(throws: LaunchOptions.UsageError(message: message), "\(arguments)") {
        try LaunchOptions.parse(arguments)
      }
    }
  }

  @Test("options anywhere set the session and launch settings")
  func options() throws {
    let options = try LaunchOptions.parse([
      "run", "--json", "s.folio", "--keep-going", "--echo", "--plugins", "p1", "--plugins=p2", "--no-plugins",
      "--state", "/tmp/s", "--platform", "ipad", "--width=80", "--progress", "--color=never",
    ])
    #expect(options.shell.showsProgress)
    #expect(options.shell.color == .never)
    #expect(try LaunchOptions.parse(["--color"]).shell.color == .always)
    #expect(try LaunchOptions.parse(["--color=auto"]).shell.color == .auto)
    #expect(options.mode == .scripts(["s.folio"]))
    #expect(options.shell.output == .json)
    #expect(options.shell.keepGoing)
    #expect(options.shell.echo)
    #expect(options.pluginDirectories == ["p1", "p2"])
    #expect(!options.loadsPlugins)
    #expect(options.stateDirectory == "/tmp/s")
    #expect(options.platform == .ipad)
    #expect(options.width == 80)
  }

  @Test("mistakes are usage errors that say what is wrong")
  func errors() {
    let cases: [([String], String)] = [
      (["--bogus"], "unknown option '--bogus'"),
      (["--width"], "option '--width' needs a value"),
      (["--width", "0"], "option '--width' expects an integer in 1–10000, got '0'"),
      (["--width", "10001"], "option '--width' expects an integer in 1–10000, got '10001'"),
      (
        ["--width", "9223372036854775808"],
        "option '--width' expects an integer in 1–10000, got '9223372036854775808'"
      ),
      (["--platform", "android"], "option '--platform' expects mac, ipad or iphone, got 'android'"),
      (["--json=yes"], "option '--json' takes no value"),
      (["--progress=yes"], "option '--progress' takes no value"),
      (["--color=sometimes"], "option '--color' expects auto, always or never, got 'sometimes'"),
      (["run"], "'run' needs at least one script"),
      (["run", "a", "-c", "echo"], "'run' and '-c' cannot be combined"),
      (["-c", "echo", "doc.txt"], "'-c' takes no documents; use 'open PATH' inside the commands"),
    ]
    for (arguments, message) in cases {
      #expect(throws: LaunchOptions.UsageError(message: message), "\(arguments)") {
        try LaunchOptions.parse(arguments)
      }
    }
  }
}
