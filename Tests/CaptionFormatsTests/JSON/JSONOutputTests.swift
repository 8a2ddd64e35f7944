import Foundation
import Testing

@testable import CaptionFormats

struct JSONOutputTests {
  func encoded(_ string: String) -> String {
    var bytes: [UInt8] = []
    JSONOutput.appendString(string, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  @Test func escapesQuotesBackslashesAndControlCharacters() {
    #expect(encoded("plain") == #""plain""#)
    #expect(encoded("a\"b\\c") == #""a\"b\\c""#)
    #expect(encoded("l1\nl2\r\t\u{8}\u{C}") == #""l1\nl2\r\t\b\f""#)
    #expect(encoded("\u{0}\u{1}\u{1F}\u{7F}") == "\"\\u0000\\u0001\\u001f\u{7F}\"")
    #expect(encoded("a\u{2028}b\u{2029}c") == #""a\u2028b\u2029c""#)
    #expect(encoded("\u{FEFF}x\u{FEFF}") == #""\ufeffx\ufeff""#)
    #expect(encoded("한국어 🎬 é") == "\"한국어 🎬 é\"")
    #expect(encoded("") == #""""#)
  }

  @Test func readsBackWhatItWrote() throws {
    var scalars = (0..<0x300).compactMap { Unicode.Scalar($0) }.map(String.init).joined()
    scalars += "\u{2028}\u{2029}\u{FEFF}\u{10FFFF}"
    var json = JSONOutput()
    json.beginArray()
    json.string(scalars)
    json.endArray()
    let decoded = try JSONSerialization.jsonObject(with: Data(json.bytes)) as? [String]
    #expect(decoded == [scalars])
  }

  @Test func writesNumbersInTheirShortestForm() {
    var json = JSONOutput()
    json.beginArray()
    for value in [50, 12.5, -0.25, 1e-5, 1e20, .nan, .infinity] as [Double] {
      json.number(value)
    }
    json.integer(-3)
    json.bool(false)
    json.endArray()
    #expect(
      String(decoding: json.bytes, as: UTF8.self)
        == "[\n  50,\n  12.5,\n  -0.25,\n  1e-05,\n  1e+20,\n  null,\n  null,\n  -3,\n  false\n]")
  }

  @Test func writesIntegersAndMillisecondsDigitByDigit() {
    var json = JSONOutput()
    json.beginArray()
    for value in [0, 7, -42, 9_999_999_999, 10_000_000_000, Int.max, Int.min] {
      json.integer(value)
    }
    for value: Int64 in [0, 5, 12_345, -500, -1, 3_600_000, Int64.min + 1] {
      json.seconds(milliseconds: value)
    }
    json.endArray()
    let expected = [
      "0", "7", "-42", "9999999999", "10000000000", "\(Int.max)", "\(Int.min)",
      "0.000", "0.005", "12.345", "-0.500", "-0.001", "3600.000", "-9223372036854775.807",
    ]
    #expect(
      String(decoding: json.bytes, as: UTF8.self)
        == "[\n  " + expected.joined(separator: ",\n  ") + "\n]")
  }

  @Test func indentsNestedContainers() {
    var json = JSONOutput()
    json.beginObject()
    json.key("a")
    json.beginObject()
    json.endObject()
    json.key("b")
    json.beginArray()
    json.beginObject()
    json.key("c")
    json.null()
    json.endObject()
    json.endArray()
    json.endObject()
    json.finish()
    #expect(
      String(decoding: json.bytes, as: UTF8.self)
        == "{\n  \"a\": {},\n  \"b\": [\n    {\n      \"c\": null\n    }\n  ]\n}\n")
  }
}
