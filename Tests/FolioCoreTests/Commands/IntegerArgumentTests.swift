import Testing

@testable import FolioCore

/// Every integer a user, a script or a plugin writes is read strictly and checked against
/// its range before any arithmetic: an error names the word and the range, nothing traps.
@Suite struct IntegerArgumentTests {
  @Test("only plain decimal digits with an optional minus are integers, and only those that fit")
  func strict() {
    #expect(Parameter.integer("42") == 42)
    #expect(Parameter.integer("-7") == -7)
    #expect(Parameter.integer(String(Int.min)) == Int.min)
    #expect(Parameter.integer(String(Int.max)) == Int.max)
    for word in ["", "-", "+3", " 3", "3 ", "1_000", "0x10", "3.0", "٣", "9223372036854775808", "--1"] {
      #expect(Parameter.integer(word) == nil, "\(word)")
    }
  }

  @Test("a ranged int parameter names the range and the word")
  func ranged() throws {
    let width = Parameter("width", .int, range: 1...10_000)
    #expect(try width.convert("80") == .int(80))
    for word in ["0", "10001", String(Int.max), String(Int.min), "x"] {
      #expect(throws: FolioError.invalidArgument("'width' expects an integer in 1–10000, got '\(word)'")) {
        try width.convert(word)
      }
    }
    #expect(throws: FolioError.invalidArgument("'n' expects an integer, got '+1'")) {
      try Parameter("n", .int).convert("+1")
    }
  }

  @Test("widths are bounded at 10,000 columns")
  func widths() throws {
    #expect(try AppEnvironment.width("10000", name: "width") == 10_000)
    #expect(throws: FolioError.invalidArgument("'width' expects an integer in 1–10000, got '100000000'")) {
      try AppEnvironment.width("100000000", name: "width")
    }
  }

  @Test("positions are checked before arithmetic, at both ends of Int")
  func positions() throws {
    #expect(try Position.index(3, count: 3, kind: "line") == 2)
    #expect(throws: FolioError.invalidArgument("line \(Int.min) is outside 1–3")) {
      try Position.index(Int.min, count: 3, kind: "line")
    }
    #expect(throws: FolioError.invalidArgument("line \(Int.max) is outside 1–3")) {
      try Position.index(Int.max, count: 3, kind: "line")
    }
    #expect(Position.element(Int.min, of: [1, 2]) == nil)
    #expect(Position.element(Int.max, of: [1, 2]) == nil)
    #expect(Position.element(2, of: [1, 2]) == 2)
  }

  @Test("editing commands refuse integers at the edges and change nothing")
  func editingEdges() throws {
    let workspace = Workspace(store: nil, currentDirectory: "/", home: nil)
    let text = try workspace.newDocument(kind: .text, columns: [])
    try workspace.appendLine("one", to: text)
    let table = try workspace.newDocument(kind: .table, columns: ["a", "b"])
    try workspace.addRow([("a", "1")], to: table)
    for edge in [Int.min, Int.max] {
      #expect(throws: FolioError.self) { try workspace.replaceLine(edge, with: "x", in: text) }
      #expect(throws: FolioError.self) { try workspace.insertLine("x", at: edge, in: text) }
      #expect(throws: FolioError.self) { try workspace.setCell(rowID: 1, column: edge, to: "x", in: table) }
      #expect(throws: FolioError.self) { try workspace.setCell(rowID: edge, column: 0, to: "x", in: table) }
      #expect(throws: FolioError.self) { try workspace.focus(windowID: edge) }
    }
    #expect(try text.modifyText { $0.lines } == ["one"])
    #expect(try table.modifyTable { $0.cells(ofRow: 0) } == [.string("1"), .string("")])
  }
}
