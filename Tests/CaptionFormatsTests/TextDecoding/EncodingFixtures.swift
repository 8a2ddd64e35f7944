import Foundation
import Testing

/// The files `Scripts/make-encoding-fixtures.py` writes: caption files in each encoding and
/// the UTF-8 text each must decode to.
enum EncodingFixtures {
  static func url(_ name: String) throws -> URL {
    let root = try #require(Bundle.module.url(forResource: "Fixtures", withExtension: nil))
    return root.appendingPathComponent("encodings").appendingPathComponent(name)
  }

  static func bytes(_ name: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: url(name)))
  }

  static func expectedText(_ name: String) throws -> String {
    String(decoding: try bytes("expected/\(name).txt"), as: UTF8.self)
  }
}
