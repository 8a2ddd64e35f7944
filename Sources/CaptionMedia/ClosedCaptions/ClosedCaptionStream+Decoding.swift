public import CaptionCore

extension ClosedCaptionStream {
  /// The CEA-608 captions of the stream's valid pairs, both fields through one
  /// `CEA608Decoder` in presentation order (field 1 first at equal times, as `cc_data`
  /// carries them); a caption still shown at the end ends at `end` (see
  /// `CEA608Decoder.finish(at:)`).
  public func decoded608(endingAt end: MediaTime? = nil) -> CEA608Captions {
    var decoder = CEA608Decoder()
    var ones = field1.makeIterator()
    var twos = field2.makeIterator()
    var one = ones.next()
    var two = twos.next()
    while one != nil || two != nil {
      let field: Int
      let pair: CaptionPair
      if let first = one, two.map({ first.time <= $0.time }) ?? true {
        (field, pair, one) = (1, first, ones.next())
      } else if let second = two {
        (field, pair, two) = (2, second, twos.next())
      } else {
        break
      }
      guard pair.isValid else { continue }
      decoder.decode(CEA608Pair(pair.first, pair.second, field: field, time: pair.time))
    }
    return decoder.finish(at: end)
  }
}
