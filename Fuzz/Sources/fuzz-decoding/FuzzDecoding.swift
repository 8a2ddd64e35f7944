import CaptionKit

/// Decodes arbitrary bytes, letting the first byte choose a forced encoding or a language.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  guard size > 0 else { return 0 }
  let selector = Int(data[0])
  let bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
  let encodings = TextEncoding.allCases
  let languages = ["ko", "ja", "zh", "ar", "he", "ru", "fr"].compactMap { LanguageTag($0) }
  let decoded: DecodedText
  if selector < encodings.count {
    decoded = TextDecoding.decode(bytes, encoding: encodings[selector])
  } else {
    decoded = TextDecoding.decode(bytes, language: languages[selector % languages.count])
  }
  // Decoded text must always be valid UTF-8.
  if String(validating: decoded.utf8, as: UTF8.self) == nil {
    fatalError("decoder returned invalid UTF-8")
  }
  return 0
}
