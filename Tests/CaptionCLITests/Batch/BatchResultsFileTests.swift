import Foundation
import Testing

@testable import CaptionCLI

struct BatchResultsFileTests {
  @Test func readsTheKeysOfLinesAcrossPiecesAndCutsAPartialLastLine() throws {
    let folder = try TemporaryFolder()
    // About 300 KB of lines, so that lines straddle the 64 KB pieces it is read in.
    var whole = ""
    var expected: Set<UInt64> = []
    for index in 0..<3000 {
      let key = "{\"input\":\"library/show/episode\(index).mp4\",\"size\":\(index),\"mtime\":1.5"
      expected.insert(BatchResultsFile.hash(Array(key.utf8)))
      whole += key + ",\"status\":\"ok\",\"tool\":{\"name\":\"captionkit\"}}\n"
    }
    let path = try folder.file("results.jsonl", whole + "{\"input\":\"cut")
    let file = try BatchResultsFile(path: path, keep: true)
    let keys = try file.existingKeys()
    #expect(keys == expected)
    #expect(try folder.contents("results.jsonl") == whole)
    try file.append(Array("next\n".utf8))
    #expect(try folder.contents("results.jsonl") == whole + "next\n")
  }
}
