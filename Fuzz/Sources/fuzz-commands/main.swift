import FolioCore
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
let folder: String = {
  var template = Array("/tmp/folio-fuzz-commands-XXXXXX".utf8CString)
  guard let path = mkdtemp(&template) else { fatalError("cannot make a temporary folder") }
  return String(cString: path)
}()

/// The folder libFuzzer was started in.
let startFolder: String = {
  guard let path = getcwd(nil, 0) else { fatalError("cannot read the current folder") }
  defer { free(path) }
  return String(cString: path)
}()

/// Removes every file in `folder` (what the last input left: saved copies, PDFs, drafts), so
/// none pile up.
func empty(_ folder: String) {
  guard let directory = opendir(folder) else { return }
  defer { closedir(directory) }
  while let entry = readdir(directory) {
    let name = withUnsafeBytes(of: entry.pointee.d_name) {
      String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
    }
    if name != ".", name != ".." { unlink(folder + "/" + name) }
  }
}

/// Writes a fixture afresh.
func reset(_ name: String, to text: String) {
  let descriptor = open(name, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
  Fuzzer.require(descriptor >= 0, "cannot write \(folder)/\(name)")
  defer { close(descriptor) }
  let bytes = Array(text.utf8)
  Fuzzer.require(write(descriptor, bytes, bytes.count) == bytes.count, "short write of \(name)")
}

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzCommands(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = Fuzzer.bytes(data, size)
  guard !bytes.contains(UInt8(ascii: "/")), let script = String(validating: bytes, as: UTF8.self) else {
    return 0
  }
  Fuzzer.require(chdir(folder) == 0, "cannot enter \(folder)")
  defer { Fuzzer.require(chdir(startFolder) == 0, "cannot go back to \(startFolder)") }
  empty(folder)
  reset("t.csv", to: "name,qty\na,1\nb,2\nc,3\n")
  reset("n.txt", to: "one\ntwo\nthree\n")
  var options = ShellOptions()
  options.keepGoing = true
  let shell = Shell(
    options: options, console: Console { _, _ in },
    environment: ["HOME": folder, "NO_COLOR": "1"],
    workspace: Workspace(store: nil, currentDirectory: folder, home: folder))
  shell.runInline("open t.csv\nopen n.txt\nfocus 1")
  for line in script.split(separator: "\n") {
    guard case .complete(let commands)? = try? Lexer.lex(String(line)) else { continue }
    for command in commands {
      guard shell.session.stopReason == nil else { return 0 }
      let before = shell.session.workspace.documents.map { ($0, $0.content) }
      guard !shell.execute(command) else { continue }
      let after = shell.session.workspace.documents
      Fuzzer.require(
        after.count == before.count && zip(before, after).allSatisfy { $0.0 === $1 && $0.1 == $1.content },
        "'\(command.text)' failed but changed the open documents")
    }
  }
  return 0
}

// The folder goes when libFuzzer exits.
atexit {
  empty(folder)
  rmdir(folder)
}
Fuzzer.run(fuzzCommands)
