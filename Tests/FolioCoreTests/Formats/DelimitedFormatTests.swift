import Testing

@testable import FolioCore

@Suite struct DelimitedFormatTests {
  private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

  private func csv(_ text: String) throws -> TableContent {
    try DelimitedFormat.decode(bytes(text), delimiter: .comma)
  }

  private func strings(_ rows: [[String]]) -> [[TableCell]] {
    rows.map { $0.map(TableCell.string) }
  }

  // MARK: Decoding

  @Test("the first record names the columns and the others are rows of strings")
  func decodesTable() throws {
    let table = try csv("name,age\nAda,36\nAlan,41\n")
    #expect(
      table
        == TableContent(
          columns: ["name", "age"], rows: strings([["Ada", "36"], ["Alan", "41"]]),
          dialect: .delimited(DelimitedDialect(delimiter: .comma, lineEnding: .lf))))
  }

  @Test("a header without rows is an empty table, with or without a final newline")
  func headerOnly() throws {
    let terminated = try csv("a,b\n")
    #expect(terminated.columns == ["a", "b"])
    #expect(terminated.rows.isEmpty)
    #expect(terminated.dialect == .delimited(DelimitedDialect(delimiter: .comma, endsWithNewline: true)))
    let unterminated = try csv("a,b")
    #expect(unterminated.rows.isEmpty)
    #expect(unterminated.dialect == .delimited(DelimitedDialect(delimiter: .comma, endsWithNewline: false)))
  }

  @Test("quoted fields hold delimiters, doubled quotes, LF and CRLF")
  func quotedFields() throws {
    let table = try csv(
      "a,b,c\n\"x, y\",\"say \"\"hi\"\"\",\"line 1\nline 2\r\nline 3\"\n\"\",\"\"\"\",\"\"\"\"\"\"\n")
    #expect(
      table.rows
        == strings([["x, y", "say \"hi\"", "line 1\nline 2\r\nline 3"], ["", "\"", "\"\""]]))
  }

  @Test("CRLF record ends are recorded and kept apart from line breaks inside quotes")
  func crlfRecords() throws {
    let input = bytes("a,b\r\n\"1\n2\",x\r\n")
    let table = try DelimitedFormat.decode(input, delimiter: .comma)
    #expect(table.rows == strings([["1\n2", "x"]]))
    #expect(table.dialect == .delimited(DelimitedDialect(delimiter: .comma, lineEnding: .crlf)))
    #expect(DelimitedFormat.encode(table) == input)
  }

  @Test("a lone CR ends records too")
  func carriageReturnRecords() throws {
    let input = bytes("a,b\r1,2\r")
    let table = try DelimitedFormat.decode(input, delimiter: .comma)
    #expect(table.rows == strings([["1", "2"]]))
    #expect(table.dialect == .delimited(DelimitedDialect(delimiter: .comma, lineEnding: .cr)))
    #expect(DelimitedFormat.encode(table) == input)
  }

  @Test("a byte order mark is removed from the first column name and written back")
  func byteOrderMark() throws {
    let input: [UInt8] = [0xEF, 0xBB, 0xBF] + bytes("id,name\n1,x\n")
    let table = try DelimitedFormat.decode(input, delimiter: .comma)
    #expect(table.columns == ["id", "name"])
    #expect(table.dialect == .delimited(DelimitedDialect(delimiter: .comma, hasByteOrderMark: true)))
    #expect(DelimitedFormat.encode(table) == input)
  }

  @Test("spaces around fields are data")
  func spacesAreData() throws {
    let input = bytes("a,b\n  x , y\t\n")
    let table = try DelimitedFormat.decode(input, delimiter: .comma)
    #expect(table.rows == strings([["  x ", " y\t"]]))
    #expect(DelimitedFormat.encode(table) == input)
  }

  @Test("a quote inside an unquoted field is taken literally")
  func bareQuote() throws {
    let table = try csv("height,x\n5'11\",a\"b\n")
    #expect(table.rows == strings([["5'11\"", "a\"b"]]))
    #expect(DelimitedFormat.encode(table) == bytes("height,x\n\"5'11\"\"\",\"a\"\"b\"\n"))
  }

  @Test("empty fields, a trailing delimiter and a blank line in a one-column table are fields")
  func emptyFields() throws {
    #expect(try csv("a,b,c\n,,\n").rows == strings([["", "", ""]]))
    #expect(try csv("a,b\nx,\n").rows == strings([["x", ""]]))
    #expect(try csv("a\n\nx\n").rows == strings([[""], ["x"]]))
  }

  @Test("empty column names are allowed")
  func emptyColumnNames() throws {
    #expect(try csv(",a,b\n0,1,2\n").columns == ["", "a", "b"])
  }

  @Test("TSV uses tabs and the same quoting")
  func tsv() throws {
    let input = bytes("name\tnote\nAda\t\"tab\there\"\nAlan\tcomma, fine\n")
    let table = try DelimitedFormat.decode(input, delimiter: .tab)
    #expect(table.columns == ["name", "note"])
    #expect(table.rows == strings([["Ada", "tab\there"], ["Alan", "comma, fine"]]))
    #expect(table.dialect == .delimited(.tsv))
    #expect(DelimitedFormat.encode(table) == input)
  }

  @Test("semicolon-separated files read like CSV")
  func semicolon() throws {
    let table = try DelimitedFormat.decode(bytes("a;b\n1,5;\"x;y\"\n"), delimiter: .semicolon)
    #expect(table.rows == strings([["1,5", "x;y"]]))
  }

  @Test("non-ASCII text reads and writes unchanged")
  func unicode() throws {
    let input = bytes("名前,emoji\n\"Zoë, é\",😀👍🏽\n")
    let table = try DelimitedFormat.decode(input, delimiter: .comma)
    #expect(table.rows == strings([["Zoë, é", "😀👍🏽"]]))
    #expect(DelimitedFormat.encode(table) == input)
  }

  // MARK: Encoding

  @Test(
    "fields are quoted only when they must be",
    arguments: [
      ("plain", "plain"), ("", ""), (" padded ", " padded "), ("a,b", "\"a,b\""),
      ("say \"hi\"", "\"say \"\"hi\"\"\""),
      ("\"", "\"\"\"\""), ("one\ntwo", "\"one\ntwo\""), ("one\r\ntwo", "\"one\r\ntwo\""),
      ("cr\r", "\"cr\r\""),
      ("tab\there", "tab\there"), ("semi;colon", "semi;colon"), ("é😀", "é😀"),
    ])
  func minimalQuoting(field: String, written: String) throws {
    let table = TableContent(
      columns: ["a", "b"], rows: [[.string(field), .string("x")]], dialect: .delimited(.csv))
    let output = DelimitedFormat.encode(table)
    #expect(output == bytes("a,b\n\(written),x\n"))
    #expect(try DelimitedFormat.decode(output, delimiter: .comma) == table)
  }

  @Test("TSV quotes fields with tabs and not those with commas")
  func tsvQuoting() {
    let table = TableContent(
      columns: ["a"], rows: [[.string("x\ty")], [.string("x,y")]], dialect: .delimited(.tsv))
    #expect(DelimitedFormat.encode(table) == bytes("a\n\"x\ty\"\nx,y\n"))
  }

  @Test("an empty field alone in its record is quoted so that it is not a blank line or the end of the file")
  func loneEmptyField() throws {
    let dialect = DelimitedDialect(delimiter: .comma, endsWithNewline: false)
    let table = TableContent(
      columns: [""], rows: [[.string("")], [.string("")]], dialect: .delimited(dialect))
    let output = DelimitedFormat.encode(table)
    #expect(output == bytes("\"\"\n\"\"\n\"\""))
    #expect(try DelimitedFormat.decode(output, delimiter: .comma) == table)
  }

  @Test("a first field starting with U+FEFF is quoted so that it is not read as a byte order mark")
  func leadingByteOrderMarkCharacter() throws {
    let table = TableContent(
      columns: ["\u{FEFF}id"], rows: [[.string("\u{FEFF}x")]], dialect: .delimited(.csv))
    let output = DelimitedFormat.encode(table)
    #expect(output == bytes("\"\u{FEFF}id\"\n\u{FEFF}x\n"))
    #expect(try DelimitedFormat.decode(output, delimiter: .comma) == table)
  }

  @Test("the dialect decides the line ending, byte order mark and final newline")
  func encodesDialect() {
    let dialect = DelimitedDialect(
      delimiter: .comma, lineEnding: .crlf, hasByteOrderMark: true, endsWithNewline: false)
    let table = TableContent(
      columns: ["a", "b"], rows: strings([["1", "2"], ["3", "4"]]), dialect: .delimited(dialect))
    #expect(DelimitedFormat.encode(table) == [0xEF, 0xBB, 0xBF] + bytes("a,b\r\n1,2\r\n3,4"))
  }

  @Test("cells that are not strings are written as the text a person sees")
  func encodesOtherCells() {
    let table = TableContent(
      columns: ["n", "b", "null", "json", "absent"],
      rows: [[.number("1.50"), .bool(true), .null, .json("{\"a\":[1,2]}"), .absent]],
      dialect: .json(.compact))
    #expect(
      DelimitedFormat.encode(table) == bytes("n,b,null,json,absent\n1.50,true,,\"{\"\"a\"\":[1,2]}\",\n"))
  }

  @Test("a JSON table is written as plain CSV, or in the dialect asked for")
  func encodesJSONTable() {
    let table = TableContent(columns: ["a"], rows: [[.string("x")]], dialect: .json(.pretty(indent: 2)))
    #expect(DelimitedFormat.encode(table) == bytes("a\nx\n"))
    #expect(
      DelimitedFormat.encode(table, dialect: DelimitedDialect(delimiter: .tab, lineEnding: .crlf))
        == bytes("a\r\nx\r\n"))
  }

  @Test("rows shorter or longer than the header are written with one field per column")
  func encodesRaggedRows() {
    let table = TableContent(
      columns: ["a", "b"], rows: [[.string("1")], [.string("1"), .string("2"), .string("3")]],
      dialect: .delimited(.csv))
    #expect(DelimitedFormat.encode(table) == bytes("a,b\n1,\n1,2\n"))
  }
}
