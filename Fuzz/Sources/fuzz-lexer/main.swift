import FolioCore
import FolioPresentation
import FolioSession
import FolioShell
import FuzzSupport

/// The commands of a shell session, whose parameters every lexed command is bound to.
nonisolated(unsafe) let registry = Shell().session.registry

/// The command-line lexer and argument binding: the text of each command the lexer returns
/// lexes again to the same command (`record` and JSON echo rely on it); words quoted the way
/// the language documents lex back to themselves; binding a command's words to its parameters
/// either fails with an argument error or gives a value for every required parameter.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzLexer(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let line = String(decoding: Fuzzer.bytes(data, size), as: UTF8.self)
  checkLexing(line)
  // The input read as words separated by 0xFF bytes (never UTF-8), quoted both ways.
  let words = Fuzzer.bytes(data, size).split(separator: 0xFF, omittingEmptySubsequences: false)
    .map { String(decoding: $0, as: UTF8.self) }
  checkQuoting(words)
  return 0
}

func checkLexing(_ line: String) {
  let result: LexResult
  do {
    result = try Lexer.lex(line)
  } catch {
    Fuzzer.require(error.code == .syntax, "refused with code \(error.code): \(error)")
    return
  }
  guard case .complete(let commands) = result else { return }
  for command in commands {
    Fuzzer.require(!command.words.isEmpty, "a command without words from \(line.debugDescription)")
    let again = try? Lexer.lex(command.text)
    Fuzzer.require(
      again == .complete([command]),
      "the text \(command.text.debugDescription) of \(command.words) lexes as \(String(describing: again))")
    checkBinding(command.words)
  }
}

func checkBinding(_ words: [Word]) {
  guard let command = registry.resolve(words[0].text) else { return }
  let arguments: Arguments
  do {
    arguments = try command.bind(Array(words.dropFirst()))
  } catch {
    Fuzzer.require(error.code == .invalidArgument, "binding failed with code \(error.code): \(error)")
    return
  }
  for parameter in command.parameters where !parameter.isOptional {
    Fuzzer.require(arguments.contains(parameter.name), "'\(command.name)' bound without \(parameter.name)")
  }
}

func checkQuoting(_ words: [String]) {
  let double = words.map { word in
    var quoted = "\""
    for scalar in word.unicodeScalars {
      if scalar == "\"" || scalar == "\\" { quoted += "\\" }
      quoted.unicodeScalars.append(scalar)
    }
    return quoted + "\""
  }
  expect(words, from: double.joined(separator: " "))
  if !words.contains(where: { $0.unicodeScalars.contains("'") }) {
    expect(words, from: words.map { "'\($0)'" }.joined(separator: "\t"))
  }
}

func expect(_ words: [String], from line: String) {
  let lexed = try? Lexer.lex(line)
  let expected = ParsedCommand(words: words.map { Word($0, quotedFrom: 0) }, text: line)
  Fuzzer.require(
    lexed == .complete([expected]), "\(line.debugDescription) lexes as \(String(describing: lexed))")
}

Fuzzer.run(fuzzLexer)
