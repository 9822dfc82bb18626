import Testing

@testable import FolioCore

@Suite struct DelimitedFormatErrorTests {
  private func decodeError(_ text: String, delimiter: DelimitedDialect.Delimiter = .comma) -> FolioError? {
    decodeError(Array(text.utf8), delimiter: delimiter)
  }

  private func decodeError(_ bytes: [UInt8], delimiter: DelimitedDialect.Delimiter = .comma) -> FolioError? {
    do {
      _ = try DelimitedFormat.decode(bytes, delimiter: delimiter)
      return nil
    } catch {
      return error
    }
  }

  @Test(
    "an empty file is refused: a table needs a header row", arguments: [[], [0xEF, 0xBB, 0xBF]] as [[UInt8]])
  func emptyFile(input: [UInt8]) {
    #expect(decodeError(input) == FolioError(.format, "empty file: a table needs a header row"))
  }

  @Test(
    "a row of the wrong width is refused, naming the line where the record starts",
    arguments: [
      ("a,b\n1,2,3\n", "line 2: expected 2 fields, found 3"),
      ("a,b\n1,2\n3\n", "line 3: expected 2 fields, found 1"),
      ("a,b\n1,2\n\n", "line 3: expected 2 fields, found 1"),
      ("a,b\r\n\"x\r\ny\",1\r\n\"p\nq\nr\",2,3\r\n", "line 4: expected 2 fields, found 3"),
      ("a,b\r1,2\r3,4,5", "line 3: expected 2 fields, found 3"),
      ("a\tb\nx,y\n", "line 2: expected 2 fields, found 1"),
    ])
  func raggedRow(input: String, message: String) {
    let delimiter: DelimitedDialect.Delimiter = input.contains("\t") ? .tab : .comma
    #expect(decodeError(input, delimiter: delimiter) == FolioError(.format, message))
  }

  @Test(
    "a quoted field that is never closed is refused at its opening quote",
    arguments: [
      ("a,b\n1,\"2\n", "line 2, column 3: a quoted field is not closed"),
      ("\"a", "line 1, column 1: a quoted field is not closed"),
      ("a,b\n\"x\"\"\n", "line 2, column 1: a quoted field is not closed"),
      ("a,b\n\"x\n\ny\",1\nq,\"é", "line 5, column 3: a quoted field is not closed"),
    ])
  func unclosedQuote(input: String, message: String) {
    #expect(decodeError(input) == FolioError(.format, message))
  }

  @Test(
    "text after a closing quote is refused where it starts",
    arguments: [
      ("a,b\n\"x\"y,1\n", "line 2, column 4"),
      ("a,b\n1,\"x\" \n", "line 2, column 6"),
      ("\"a\"\"b\"c,d\n", "line 1, column 7"),
      ("a,b\n\"é\n😀\"!,1\n", "line 3, column 3"),
    ])
  func textAfterClosingQuote(input: String, position: String) {
    #expect(
      decodeError(input)
        == FolioError(
          .format,
          "\(position): unexpected text after a closing quote (a quote inside a quoted field is written twice)"
        ))
  }

  @Test("a quote followed by a comma is text in TSV")
  func quoteThenCommaInTSV() {
    #expect(
      decodeError("a\tb\n\"x\",y\tz\n", delimiter: .tab)
        == FolioError(
          .format,
          "line 2, column 4: unexpected text after a closing quote (a quote inside a quoted field is written twice)"
        ))
  }

  @Test(
    "a repeated column name is refused, naming it and both fields",
    arguments: [
      ("a,b,a\n", "line 1: duplicate column name \"a\" (fields 1 and 3)"),
      (",x,\n", "line 1: duplicate column name \"\" (fields 1 and 3)"),
      ("\"a,b\",c,\"a,b\"\n", "line 1: duplicate column name \"a,b\" (fields 1 and 3)"),
    ])
  func duplicateColumn(input: String, message: String) {
    #expect(decodeError(input) == FolioError(.format, message))
  }

  @Test("invalid UTF-8 and NUL bytes are refused with their line and column")
  func notText() {
    #expect(
      decodeError(Array("a,b\n1,".utf8) + [0xC3, 0x28])
        == FolioError(.format, "invalid UTF-8 at line 2, column 3"))
    #expect(
      decodeError(Array("a,b\n\"x\n".utf8) + [0x00] + Array("\",1\n".utf8))
        == FolioError(.format, "binary data (a NUL byte) at line 3, column 1"))
  }
}
