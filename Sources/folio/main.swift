import FolioShell

#if canImport(Glibc)
  import Glibc
#endif

var environment: [String: String] = [:]
var entry = environ
while let pointer = entry.pointee {
  let pair = String(cString: pointer)
  if let equals = pair.firstIndex(of: "=") {
    environment[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
  }
  entry += 1
}
exit(Folio.main(arguments: Array(CommandLine.arguments.dropFirst()), environment: environment))
