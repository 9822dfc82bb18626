import FolioCore
import FolioPresentation
import FolioSession
import FolioShell
import FuzzSupport

#if canImport(Glibc)
  @preconcurrency import Glibc
#endif

/// The command language end to end, with the integers at its edges: each input is a script run
/// in a fresh session that opened a tiny table and a tiny text from a temporary folder. Nothing
/// traps (a trap is a crash libFuzzer keeps), and a command that fails leaves every open
/// document as it was.
///
/// Inputs holding a `/` are skipped, and each input runs with the temporary folder as the
/// current one (the folder libFuzzer was started in is current again between inputs, for its
/// corpus paths), so that no command can reach a file outside the folder.
let scratch = ScratchFolder(prefix: "folio-fuzz-commands")

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzCommands(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = Fuzzer.bytes(data, size)
  guard !bytes.contains(UInt8(ascii: "/")), let script = String(validating: bytes, as: UTF8.self) else {
    return 0
  }
  return scratch.withInput {
    scratch.reset("t.csv", to: "name,qty\na,1\nb,2\nc,3\n")
    scratch.reset("n.txt", to: "one\ntwo\nthree\n")
    run(script)
    return 0
  }
}

/// Runs `script` in a fresh session that opened the fixtures, checking that each command
/// that fails leaves the open documents as they were.
func run(_ script: String) {
  var options = ShellOptions()
  options.keepGoing = true
  let shell = Shell(
    options: options, console: Console { _, _ in },
    environment: ["HOME": scratch.path, "NO_COLOR": "1"],
    workspace: Workspace(store: nil, currentDirectory: scratch.path, home: scratch.path))
  shell.runInline("open t.csv\nopen n.txt\nfocus 1")
  for line in script.split(separator: "\n") {
    guard case .complete(let commands)? = try? Lexer.lex(String(line)) else { continue }
    for command in commands {
      guard shell.session.stopReason == nil else { return }
      let before = shell.session.workspace.documents.map { ($0, $0.content) }
      guard !shell.execute(command) else { continue }
      let after = shell.session.workspace.documents
      Fuzzer.require(
        after.count == before.count && zip(before, after).allSatisfy { $0.0 === $1 && $0.1 == $1.content },
        "'\(command.text)' failed but changed the open documents")
    }
  }
}

Fuzzer.run(fuzzCommands)
