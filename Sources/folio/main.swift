import FolioBrowse
import FolioCore
import FolioEmbed
import FolioPresentation
import FolioShell

#if canImport(Glibc)
  import Glibc
#endif

exit(
  Folio.main(
    arguments: Array(CommandLine.arguments.dropFirst()), environment: Folio.processEnvironment(),
    embed: EmbeddedFrontEnd(
      makeSession: { EmbedServer.makeSession(workspace: $0, environment: $1) },
      serve: { session, transport in
        EmbedServer.serve(
          session, encoding: transport.encoding == .msgpackRPC ? .msgpackRPC : nil,
          framesLSP: transport.framing == .lsp)
      }),
    browse: { shell, paths, quitsSession in
      let made = BrowseHooks(
        phraseError: shell.errorText, phraseResult: shell.statusText,
        lexLine: { line throws(FolioError) in
          guard case .complete(let commands) = try Lexer.lex(line) else {
            throw FolioError(.syntax, "the line ends with '\\', which joins a next line")
          }
          return commands.map(\.words)
        })
      var hooks = made
      hooks.record = { entry throws(FolioError) in
        try shell.recordBrowsed(
          entry.invocation, text: entry.text, answered: entry.answered, waited: entry.waited)
      }
      switch Browser.run(
        session: shell.session, opening: paths, hooks: hooks, environment: shell.session.environment,
        quitsSession: quitsSession)
      {
      case .quit: return .success(())
      case .hungUp:
        shell.session.stopReason = .quit
        return .success(())
      case .refused(let reason): return .failure(FolioError(.disabled, reason))
      }
    }))
