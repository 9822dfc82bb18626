import FolioCore
import Foundation
import FuzzSupport

/// The JSON table reader: it agrees with Foundation's `JSONSerialization` on which documents are
/// valid JSON and on every value it reads; reading what it writes gives the same table; writing
/// is canonical; and the table written as CSV reads back with the same text.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzJSON(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = Fuzzer.bytes(data, size)
  let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
  let foundation = try? JSONSerialization.jsonObject(with: Data(body), options: [.fragmentsAllowed])

  let content: TableContent
  do {
    content = try JSONTableFormat.decode(bytes)
  } catch {
    Fuzzer.require(error.code == .format, "refused with code \(error.code): \(error)")
    if foundation != nil {
      // Valid JSON that is not a table, or that a table refuses, must say why. Foundation also
      // reads trailing commas, which RFC 8259 does not allow.
      let reasons = [
        "expected an array of objects", "duplicate key", "nesting deeper than", "invalid UTF-8", "NUL byte",
        "a trailing comma is not allowed",
      ]
      Fuzzer.require(
        reasons.contains { error.message.contains($0) }, "refused JSON that Foundation reads: \(error)")
    }
    return 0
  }
  guard let rows = foundation as? [[String: Any]] else {
    // Foundation refuses numbers beyond Double's range, which a table keeps as written.
    let refusedByFoundation = content.rows.joined().contains { cell in
      switch cell {
      case .number(let text), .json(let text): parse(text) == nil
      default: false
      }
    }
    Fuzzer.require(refusedByFoundation, "accepted a document Foundation does not read as an array of objects")
    return 0
  }
  Fuzzer.require(rows.count == content.rows.count, "\(content.rows.count) rows, Foundation \(rows.count)")
  // Keys are compared as `foundationScalars`; two that differ only there are not compared.
  let columns = content.columns.map(foundationScalars)
  guard Set(columns).count == columns.count else { return 0 }
  for (row, foundationObject) in zip(content.rows, rows) {
    Fuzzer.require(row.count == content.columns.count, "a row of \(row.count) cells")
    let object = Dictionary(foundationObject.map { (foundationScalars($0.key), $0.value) }) { first, _ in
      first
    }
    var keys = 0
    for (column, cell) in zip(columns, row) {
      if case .absent = cell {
        Fuzzer.require(object[column] == nil, "column \(column) absent, Foundation has it")
        continue
      }
      keys += 1
      guard let value = object[column] else {
        Fuzzer.require(false, "column \(column) is \(cell), Foundation has no such key")
        continue
      }
      Fuzzer.require(agrees(cell, value), "cell \(cell) and Foundation's \(value) differ")
    }
    Fuzzer.require(keys == object.count, "\(keys) keys, Foundation \(object.count)")
  }

  let written = JSONTableFormat.encode(content)
  guard let reread = try? JSONTableFormat.decode(written) else {
    Fuzzer.require(false, "what was written does not read back")
    return 0
  }
  Fuzzer.require(reread == content, "read back as \(reread), not \(content)")
  Fuzzer.require(JSONTableFormat.encode(reread) == written, "a second save writes other bytes")

  // The same table as CSV: the same text in every cell. A NUL character cannot be kept in
  // CSV, which reads it as binary data; saving such a table as CSV is refused instead.
  let holdsNul = (content.columns + content.rows.joined().map(\.description)).contains { $0.utf8.contains(0) }
  guard !content.columns.isEmpty, !holdsNul else { return 0 }
  let csv = DelimitedFormat.encode(content, dialect: .csv)
  let fromCSV = try? DelimitedFormat.decode(csv, delimiter: .comma)
  Fuzzer.require(fromCSV?.columns == content.columns, "CSV columns \(String(describing: fromCSV?.columns))")
  let text = content.rows.map { $0.map { TableCell.string($0.description) } }
  Fuzzer.require(fromCSV?.rows == text, "CSV rows \(String(describing: fromCSV?.rows))")
  return 0
}

/// Whether a cell holds the value Foundation read.
func agrees(_ cell: TableCell, _ value: Any) -> Bool {
  switch cell {
  case .string(let text):
    guard let other = value as? String else { return false }
    return foundationScalars(text) == foundationScalars(other)
  case .number(let literal):
    guard let number = value as? NSNumber, !isBoolean(number) else { return false }
    return parse(literal).map { isEqual($0, number) } ?? false
  case .bool(let flag):
    guard let number = value as? NSNumber, isBoolean(number) else { return false }
    return number.boolValue == flag
  case .null:
    return value is NSNull
  case .json(let text):
    return parse(text).map { isEqual($0, value) } ?? false
  case .absent:
    return false
  }
}

/// The scalars of a string without U+FEFF: Foundation drops that character where a string
/// starts and after an escape, as if it were a byte order mark, so strings are compared
/// without it.
func foundationScalars(_ text: String) -> [Unicode.Scalar] {
  text.unicodeScalars.filter { $0 != "\u{FEFF}" }
}

/// Whether Foundation read `true` or `false`: on Linux every NSNumber casts to Bool, so the
/// class tells.
func isBoolean(_ number: NSNumber) -> Bool {
  type(of: number) == booleanType
}

let booleanType = type(of: NSNumber(value: true))

func parse(_ text: String) -> Any? {
  try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
}

/// Deep equality of Foundation JSON values; strings compare by scalars, not canonically.
func isEqual(_ left: Any, _ right: Any) -> Bool {
  switch (left, right) {
  case (let left as [String: Any], let right as [String: Any]):
    return left.count == right.count
      && left.allSatisfy { key, value in right[key].map { isEqual(value, $0) } ?? false }
  case (let left as [Any], let right as [Any]):
    return left.count == right.count && zip(left, right).allSatisfy(isEqual)
  case (let left as String, let right as String):
    return Array(left.unicodeScalars) == Array(right.unicodeScalars)
  case (let left as NSNumber, let right as NSNumber):
    return isBoolean(left) == isBoolean(right) && left == right
  case (is NSNull, is NSNull):
    return true
  default:
    return false
  }
}

Fuzzer.run(fuzzJSON)
