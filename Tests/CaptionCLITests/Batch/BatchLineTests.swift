import Testing

@testable import CaptionCLI

struct BatchLineTests {
  @Test func compactsLayoutButNotStrings() {
    let json = Array("{\n  \"a\": \"x  \\\" y\\\\\",\n  \"b\": [\n    1,\n    null\n  ]\n}\n".utf8)
    #expect(
      String(decoding: BatchLine.compacted(json), as: UTF8.self)
        == "{\"a\":\"x  \\\" y\\\\\",\"b\":[1,null]}")
  }

  @Test func theKeyEndsBeforeTheStatus() {
    let line = Array(
      "{\"input\":\"a,\\\"status\\\":.vtt\",\"size\":3,\"mtime\":1.5,\"status\":\"ok\"}".utf8)
    let key = BatchLine.key(of: line[...]).map { String(decoding: $0, as: UTF8.self) }
    #expect(key == "{\"input\":\"a,\\\"status\\\":.vtt\",\"size\":3,\"mtime\":1.5")
    #expect(BatchLine.key(of: Array("{\"input\":\"x\"}".utf8)[...]) == nil)
  }
}
