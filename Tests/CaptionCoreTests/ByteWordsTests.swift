import CaptionCore
import Testing

struct ByteWordsTests {
  /// The word-at-a-time search finds the first `<` or `&` from every start of buffers of
  /// every length up to 40, wherever they are, as a search byte by byte does.
  @Test func findsTheFirstMarkedByteLikeAByteSearch() {
    var state: UInt64 = 11
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int(state >> 33) % bound
    }
    let alphabet = Array("ab <&\u{0}~".utf8)
    for length in 0...40 {
      for _ in 0..<20 {
        let bytes = (0..<length).map { _ in alphabet[next(alphabet.count)] }
        bytes.withUnsafeBufferPointer { buffer in
          for start in 0...length {
            let expected =
              bytes[start...].firstIndex { $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: "&") }
              ?? length
            let found = ByteWords.firstMarked(in: buffer, from: start) {
              ByteWords.equal($0, UInt8(ascii: "<")) | ByteWords.equal($0, UInt8(ascii: "&"))
            }
            #expect(found == expected, "\(bytes) from \(start)")
          }
        }
      }
    }
  }
}
