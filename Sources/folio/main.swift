import FolioEmbed
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
      })))
