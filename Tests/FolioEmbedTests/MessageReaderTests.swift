import FolioEmbed
import Testing

@Suite struct MessageReaderTests {
  private func lines(_ items: [MessageReader.Item]) -> [String] {
    items.map {
      switch $0 {
      case .line(let bytes): String(decoding: bytes, as: UTF8.self)
      case .tooLong(let count): "<\(count) bytes>"
      default: "\($0)"
      }
    }
  }

  @Test("a line split across chunks waits for its rest, at every split point")
  func splitLines() {
    let text = Array("{\"a\":1}\n{\"b\":2}\n".utf8)
    for split in 0...text.count {
      var reader = MessageReader()
      var items = reader.append(text[..<split])
      items += reader.append(text[split...])
      #expect(lines(items) == ["{\"a\":1}", "{\"b\":2}"], "split at \(split)")
      #expect(!reader.hasPartialLine)
    }
  }

  @Test("an over-long line is dropped to its newline, reported once with its length")
  func overlongLine() {
    for chunk in [1, 3, 7, 100] {
      var reader = MessageReader(limit: 8)
      let text = Array("12345678\n123456789012\nok\n".utf8)
      var items: [MessageReader.Item] = []
      var start = 0
      while start < text.count {
        items += reader.append(text[start..<min(text.count, start + chunk)])
        start += chunk
      }
      #expect(lines(items) == ["12345678", "<12 bytes>", "ok"], "chunks of \(chunk)")
    }
  }

  @Test("the end of the stream ends the unfinished line; blank lines are lines")
  func finish() {
    var reader = MessageReader()
    #expect(lines(reader.append(Array("\n\nx".utf8))) == ["", ""])
    #expect(reader.finish() == .line(Array("x".utf8)))
    #expect(reader.finish() == nil)
  }
}
