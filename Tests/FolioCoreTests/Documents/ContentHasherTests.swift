import Testing

@testable import FolioCore

/// The content hash of file snapshots is XXH64 (seed 0), whatever the chunks it streams in.
@Suite struct ContentHasherTests {
  /// `count` bytes `(i * 7 + 3) % 256`.
  private static func pattern(_ count: Int) -> [UInt8] {
    (0..<count).map { UInt8(truncatingIfNeeded: $0 * 7 + 3) }
  }

  /// Values printed by `xxhsum -H1` (xxHash 0.8.1) for the same bytes: every tail length
  /// (8-, 4- and 1-byte steps), one stripe and more.
  private static let vectors: [(bytes: [UInt8], hash: UInt64)] = [
    ([], 0xef46_db37_51d8_e999), (Array("a".utf8), 0xd24e_c4f1_a98c_6e5b),
    (Array("abc".utf8), 0x44bc_2cf5_ad77_0999), (pattern(3), 0x31d2_363f_52e5_64c9),
    (pattern(4), 0x9bb6_4b7d_66ee_9fda), (pattern(7), 0x9a7b_1499_59ce_60d8),
    (pattern(8), 0xdab9_9d95_c6f9_0092),
    (pattern(12), 0xd52e_4078_33af_5133), (pattern(31), 0xa2aa_5f33_cc4a_6119),
    (pattern(32), 0x23c3_c17e_f790_fd97), (pattern(33), 0x50a7_cfc7_ba58_8784),
    (pattern(63), 0x5e3e_54b4_31c7_493c), (pattern(64), 0x0eb6_4b3e_f6ee_b01f),
    (pattern(100), 0xa61f_8d4c_170f_e531), (pattern(1000), 0x5f23_5fa0_33f1_a3fb),
  ]

  @Test("the hash is XXH64's, as xxhsum prints it")
  func knownValues() {
    for (bytes, hash) in Self.vectors {
      #expect(FileSnapshot.contentHash(of: bytes) == hash, "\(bytes.count) bytes")
    }
  }

  @Test("the hash does not depend on how the bytes are cut into chunks")
  func chunking() {
    let bytes = Self.pattern(1000)
    let whole = FileSnapshot.contentHash(of: bytes)
    for size in [1, 3, 7, 31, 32, 33, 64, 999] {
      var hasher = ContentHasher()
      var start = 0
      while start < bytes.count {
        let end = min(start + size + start % 5, bytes.count)
        bytes[start..<end].withUnsafeBytes { hasher.combine($0) }
        start = end
      }
      #expect(hasher.finalize() == whole, "chunks of about \(size)")
    }
  }
}
