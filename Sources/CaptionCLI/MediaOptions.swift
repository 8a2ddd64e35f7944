import CaptionKit

/// The options of `validate` about media: required locales, the source locale and the
/// audio analysis.
struct MediaOptions {
  /// `--locales`, split at commas; nil when not given.
  var locales: [String]?
  var sourceLocale: LanguageTag?
  var audio: MediaInput.AudioChoice
  var audioStream: Int?

  init(_ arguments: ParsedArguments) throws(UsageError) {
    if let text = arguments.value("locales") {
      let tags = text.split(separator: ",").map { String($0).trimmingCharacters(in: " ") }
        .filter { !$0.isEmpty }
      for tag in tags where LanguageTag(tag) == nil {
        throw UsageError("'--locales' takes BCP 47 tags such as en,ko,pt-BR; '\(tag)' is not one")
      }
      locales = tags
    }
    if let text = arguments.value("source-locale") {
      guard let tag = LanguageTag(text) else {
        throw UsageError("'--source-locale' takes a BCP 47 tag such as en, not '\(text)'")
      }
      sourceLocale = tag
    }
    switch (arguments.flag("audio"), arguments.flag("no-audio")) {
    case (true, true): throw UsageError("'--audio' and '--no-audio' cannot both be given")
    case (true, false): audio = .on
    case (false, true): audio = .off
    case (false, false): audio = .automatic
    }
    if let text = arguments.value("audio-stream") {
      guard let index = Int(text), index >= 0 else {
        throw UsageError("'--audio-stream' takes a stream index (0, 1, ...), not '\(text)'")
      }
      audioStream = index
    }
  }
}

extension MediaOptions {
  /// The check of `profile` and `reader` with these options.
  func check(profile: ValidationProfile, reader: CaptionFileReader) -> CaptionCheck {
    var check = CaptionCheck(profile: profile, reader: reader)
    check.audio = audio
    check.audioStream = audioStream
    check.sourceLocale = sourceLocale
    return check
  }
}

extension String {
  fileprivate func trimmingCharacters(in set: Character) -> String {
    var result = Substring(self)
    while result.first == set { result.removeFirst() }
    while result.last == set { result.removeLast() }
    return String(result)
  }
}
