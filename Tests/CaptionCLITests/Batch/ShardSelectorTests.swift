import Testing

@testable import CaptionCLI

struct ShardSelectorTests {
  @Test func hashesWithFNV1a() {
    // The published FNV-1a 64-bit test vectors.
    #expect(ShardSelector.fnv1a("") == 0xcbf2_9ce4_8422_2325)
    #expect(ShardSelector.fnv1a("a") == 0xaf63_dc4c_8601_ec8c)
    #expect(ShardSelector.fnv1a("foobar") == 0x8594_4171_f739_67e8)
  }

  @Test func everyPathIsInExactlyOneShard() throws {
    let shards = try (0..<4).map { try ShardSelector("\($0)/4") }
    var counts = [0, 0, 0, 0]
    for index in 0..<400 {
      let path = "library/show\(index % 7)/episode\(index).mp4"
      let owners = shards.indices.filter { shards[$0].contains(path) }
      #expect(owners.count == 1)
      if let owner = owners.first { counts[owner] += 1 }
    }
    #expect(counts.allSatisfy { $0 > 50 })
  }

  @Test func parsesIndexSlashCount() throws {
    #expect(try ShardSelector("2/5") == ShardSelector(index: 2, count: 5))
    for text in ["5/5", "-1/3", "1/0", "1", "a/b", "1/2/3", ""] {
      #expect(throws: UsageError.self) { try ShardSelector(text) }
    }
  }
}
