import Testing

@testable import FolioCore
@testable import FolioSession

/// `where` expressions are read once, at the edge, into a typed `RowPredicate`; the core then
/// asks it of each row, comparing as numbers where the column reads as numbers.
@Suite struct WhereExpressionTests {
  private static func table(_ csv: String) throws -> TableModel {
    try DelimitedFormat.decodeTable(Array(csv.utf8), delimiter: .comma)
  }

  private static let csv =
    "name,home town,n,ok\nAnna,New York,10,yes\nBob,Bern,9,no\nCara,,n/a,yes\nDan,Basel,100,\n"

  /// The names of the rows `text` holds for, read in the typed form.
  private static func names(_ text: String, in table: TableModel) throws -> [String] {
    var table = table
    let expression = try WhereExpression(text: text, in: table)
    var positions: [Int] = []
    try table.forEachRow(matching: expression.predicate, cancellation: nil) { position, _ in
      positions.append(position)
    }
    return positions.map { table.cell(row: $0, column: 0).description }
  }

  /// The shell's words: each a plain word unless quoted from `quotedFrom`.
  private static func words(_ parts: [(String, Int?)]) -> [Word] {
    parts.map { Word($0.0, quotedFrom: $0.1) }
  }

  @Test(
    "one n/a makes a column text, as sorting reads it; declared a number it compares as numbers, n/a matching only !="
  )
  func numeric() throws {
    var table = try Self.table(Self.csv)
    #expect(try Self.names("n > 50", in: table) == ["Bob", "Cara"])
    table.declareKind(.number, ofColumn: 2)
    #expect(try Self.names("n > 50", in: table) == ["Dan"])
    #expect(try Self.names("n < 10", in: table) == ["Bob"])
    #expect(try Self.names("n >= 10", in: table) == ["Anna", "Dan"])
    #expect(try Self.names("n = 10.0", in: table) == ["Anna"])
    #expect(try Self.names("n != 10", in: table) == ["Bob", "Cara", "Dan"])
  }

  @Test("a declared text type makes the same column compare as text: '9' sorts after '10'")
  func declaredType() throws {
    var table = try Self.table(Self.csv.replacing("n/a", with: "7"))
    #expect(try Self.names("n > 50", in: table) == ["Dan"])
    table.declareKind(.text, ofColumn: 2)
    #expect(try Self.names("n > 50", in: table) == ["Bob", "Cara"])
  }

  @Test("text, yes/no, regex, contains, empty, not, and, or and parentheses")
  func operators() throws {
    let table = try Self.table(Self.csv)
    #expect(try Self.names("name = anna", in: table) == [])
    #expect(try Self.names("ok = true", in: table) == ["Anna", "Cara"])
    #expect(try Self.names("name ~ '^[AB]'", in: table) == ["Anna", "Bob"])
    #expect(try Self.names("name ~ '^b'", in: table) == [])
    #expect(try Self.names("name ~* '^b'", in: table) == ["Bob"])
    #expect(try Self.names("\"home town\" contains NEW", in: table) == ["Anna"])
    #expect(try Self.names("'home town' empty or ok empty", in: table) == ["Cara", "Dan"])
    #expect(try Self.names("not (n < 50 and ok = yes) and name != Dan", in: table) == ["Bob", "Cara"])
    #expect(try Self.names("name = Bob or name = Dan and n = 1", in: table) == ["Bob"])
    #expect(try Self.names("'home town'='New York'", in: table) == ["Anna"])
  }

  @Test(
    "the shell's words: a quoted word is a value, never a keyword or a symbol; plain words split at symbols")
  func shellWords() throws {
    let table = try Self.table(Self.csv)
    let expression = try WhereExpression(
      words: Self.words([("home town", 0), ("=", nil), ("New York", 0), ("or", nil), ("n>50", nil)]),
      in: table)
    #expect(expression.text == #""home town" = "New York" or n > 50"#)
    let written = try WhereExpression(text: expression.text, in: table)
    #expect(written.text == expression.text)
    #expect(throws: FolioError.self) {
      try WhereExpression(words: Self.words([("name", nil), ("=", 0), ("x", nil)]), in: table)
    }
    let keyword = try WhereExpression(words: Self.words([("name", nil), ("=", nil), ("and", 0)]), in: table)
    #expect(keyword.text == #"name = "and""#)
  }

  @Test("an unknown column lists the real ones; parse errors name the token and its place")
  func errors() throws {
    let table = try Self.table(Self.csv)
    #expect {
      try WhereExpression(text: "town = Bern", in: table)
    } throws: {
      let error = $0 as? FolioError
      return error?.code == .invalidArgument && error?.values["column"] == "town"
        && error?.message
          == "no column 'town' (token 1 of the where expression); columns: name, home town, n, ok"
    }
    #expect {
      try WhereExpression(text: "name = Bob and or n > 3", in: table)
    } throws: {
      let error = $0 as? FolioError
      return error?.values["token"] == "or" && error?.values["position"] == "5"
        && error?.message == "expected a column name, not 'or' (token 5 of the where expression)"
    }
    #expect {
      try WhereExpression(text: "(name = Bob", in: table)
    } throws: {
      ($0 as? FolioError)?.message
        == "expected ')' to close the '(' of token 1, at the end of the where expression"
    }
    #expect {
      try WhereExpression(text: "name = 'Bob", in: table)
    } throws: {
      ($0 as? FolioError)?.values["position"] == "3"
    }
    #expect {
      try WhereExpression(text: "name ~ '('", in: table)
    } throws: {
      ($0 as? FolioError)?.values["token"] == "(" && ($0 as? FolioError)?.code == .invalidArgument
    }
    #expect {
      try WhereExpression(text: String(repeating: "not ", count: 100) + "name empty", in: table)
    } throws: {
      ($0 as? FolioError)?.message.contains("nests more than 64 deep") == true
    }
  }

  @Test("a cancelled test of the rows stops with interrupted")
  func cancelled() throws {
    let workspace = Workspace(store: nil, currentDirectory: "/", home: nil)
    let document = try workspace.newDocument(kind: .table, columns: ["n"])
    document.content = .table(
      TableModel(
        TableContent(
          columns: ["n"], rows: Array(repeating: [.string("1")], count: 10_000), dialect: .delimited(.csv))))
    workspace.cancellation.cancel()
    defer { workspace.cancellation.reset() }
    let table = try document.readTable { $0 }
    let expression = try WhereExpression(text: "n = 1", in: table)
    #expect {
      _ = try workspace.rowIDs(matching: expression.predicate, in: document)
    } throws: { ($0 as? FolioError)?.code == .interrupted }
    #expect {
      _ = try workspace.countRows(matching: expression.predicate, expression: nil, in: document)
    } throws: { ($0 as? FolioError)?.code == .interrupted }
  }
}
