import Foundation
import Testing

@testable import FolioCore

@Suite struct MailBase64Tests {
  @Test("the RFC 4648 test vectors encode as the RFC says")
  func vectors() {
    let vectors = [
      ("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foob", "Zm9vYg=="), ("fooba", "Zm9vYmE="),
      ("foobar", "Zm9vYmFy"),
    ]
    for (input, output) in vectors {
      #expect(Base64.encodedString(Array(input.utf8)) == output)
    }
    #expect(Base64.encodedString([0xFB, 0xFF, 0xBF]) == "+/+/")
    #expect(Base64.encodedString([0x00, 0x00, 0x00]) == "AAAA")
  }

  @Test("every length up to 300 encodes as Foundation does")
  func againstFoundation() {
    var generator = SystemRandomNumberGenerator()
    for count in 0...300 {
      let bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
      #expect(Base64.encodedString(bytes) == Data(bytes).base64EncodedString(), "\(count) bytes")
    }
  }

  @Test("lines hold 76 characters and end in CRLF; joined they are the one-line encoding")
  func lines() throws {
    // 2,500,000 bytes are encoded in three blocks.
    for count in [0, 1, 56, 57, 58, 114, 1_000, 2_500_000] {
      let bytes = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
      let text = String(decoding: try Base64.encodeLines(bytes), as: UTF8.self)
      let lines = text.components(separatedBy: "\r\n")
      #expect(lines.last == "")
      #expect(lines.dropLast().allSatisfy { $0.count == 76 || $0 == lines[lines.count - 2] })
      #expect(lines.dropLast().allSatisfy { (1...76).contains($0.count) })
      #expect(lines.joined() == Base64.encodedString(bytes))
      let expected = Data(bytes).base64EncodedString(options: [
        .lineLength76Characters, .endLineWithCarriageReturn, .endLineWithLineFeed,
      ])
      #expect(text == (expected.isEmpty ? "" : expected + "\r\n"))
    }
  }

  @Test("lines of a width that is not a multiple of 4 join across blocks as well", arguments: [1, 5, 77])
  func oddWidths(width: Int) throws {
    let bytes = (0..<2_500_000).map { UInt8(truncatingIfNeeded: $0 &* 13 &+ 1) }
    let text = String(decoding: try Base64.encodeLines(bytes, width: width), as: UTF8.self)
    let lines = text.components(separatedBy: "\r\n").dropLast()
    #expect(lines.dropLast().allSatisfy { $0.count == width })
    #expect(lines.joined() == Base64.encodedString(bytes))
  }

  @Test("a cancelled token stops the encoding")
  func cancelled() {
    let token = CancellationToken()
    token.cancel()
    #expect(throws: FolioError.interrupted) { try Base64.encodeLines([1, 2, 3], cancellation: token) }
    #expect(throws: Never.self) { try Base64.encodeLines([], cancellation: token) }
  }
}
