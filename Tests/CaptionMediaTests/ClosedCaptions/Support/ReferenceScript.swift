import CaptionTestSupport

/// The CC1 captions the reference tests carry in media: field 1 byte pairs written by hand
/// from the CEA-608 tables, one a picture at 29.97 pictures a second, control codes doubled as
/// encoders send them, null pairs (`80 80`) between. Four pop-on captions (two rows; an
/// italic song line; a mid-row colour change; special characters), then a roll-up caption of
/// three rows, each part erased before the next.
enum ReferenceScript {
  /// Pictures in the clip: 7 seconds.
  static let pictures = 210
  /// The pop-on captions, which come first; the rest is roll-up.
  static let popOnCaptions = 4
  /// The picture of the erasure (`EDM`) before the roll-up code.
  static let erasureBeforeRollUp = 145

  /// The field 1 pair of each picture, parity set.
  static let field1: [(UInt8, UInt8)] = {
    var pairs = Array(repeating: (UInt8(0x80), UInt8(0x80)), count: pictures)
    var picture = 0
    func bytes(_ first: UInt8, _ second: UInt8) {
      pairs[picture] = (parity(first), parity(second))
      picture += 1
    }
    func control(_ first: UInt8, _ second: UInt8) {
      bytes(first, second)
      bytes(first, second)
    }
    func text(_ string: String) {
      var characters = Array(string.utf8)
      if characters.count % 2 == 1 { characters.append(0) }
      for index in stride(from: 0, to: characters.count, by: 2) {
        bytes(characters[index], characters[index + 1])
      }
    }
    let rcl: UInt8 = 0x20
    let ru2: UInt8 = 0x25
    let edm: UInt8 = 0x2C
    let cr: UInt8 = 0x2D
    let enm: UInt8 = 0x2E
    let eoc: UInt8 = 0x2F
    // 1. Two rows, at rows 14 and 15.
    control(0x14, rcl)
    control(0x14, enm)
    control(0x14, 0x50)  // row 14, indent 0
    text("HELLO THERE,")
    control(0x14, 0x70)  // row 15, indent 0
    text("said the keeper.")
    control(0x14, eoc)
    // 2. An italic song line: row 15 in italics, music notes.
    picture = 45
    control(0x14, rcl)
    control(0x14, enm)
    control(0x14, 0x6E)  // row 15, italics
    control(0x11, 0x37)  // ♪
    text(" THE LAMP WENT OUT ")
    control(0x11, 0x37)
    control(0x14, eoc)
    // 3. A mid-row change to red, indented.
    picture = 85
    control(0x14, rcl)
    control(0x14, enm)
    control(0x14, 0x74)  // row 15, indent 4
    text("Ships on")
    control(0x11, 0x28)  // red
    text("the rocks")
    control(0x14, eoc)
    // 4. Special characters, then the display erased.
    picture = 120
    control(0x14, rcl)
    control(0x14, enm)
    control(0x14, 0x70)
    text("Half")
    control(0x11, 0x32)  // ½
    text(" past nine")
    control(0x14, eoc)
    picture = erasureBeforeRollUp
    control(0x14, edm)
    // 5. Roll-up, two rows deep, three rows sent.
    picture = 150
    control(0x14, ru2)
    control(0x14, 0x70)
    text("Bring the oil")
    control(0x14, cr)
    control(0x14, 0x70)
    text("climb the stairs")
    control(0x14, cr)
    control(0x14, 0x70)
    text("light it again")
    control(0x14, cr)
    picture = 200
    control(0x14, edm)
    return pairs
  }()

  /// `byte` with bit 7 set or cleared so that it has an odd number of ones; 0 stays 0x80.
  static func parity(_ byte: UInt8) -> UInt8 {
    byte.nonzeroBitCount % 2 == 1 ? byte & 0x7F : byte | 0x80
  }

  /// The triplets of picture `n`: its field 1 pair, and a null field 2 pair.
  static func triplets(_ picture: Int) -> [A53Writer.Triplet] {
    let one = picture < pictures ? field1[picture] : (0x80, 0x80)
    return [
      A53Writer.Triplet(type: 0, first: one.0, second: one.1),
      A53Writer.Triplet(type: 1, first: 0x80, second: 0x80),
    ]
  }
}
