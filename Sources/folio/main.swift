import FolioEmbed
import FolioShell

#if canImport(Glibc)
  import Glibc
#endif

exit(
  Folio.main(
    arguments: Array(CommandLine.arguments.dropFirst()), environment: Folio.processEnvironment(),
    embed: { EmbedServer.serve($0, $1) }))
