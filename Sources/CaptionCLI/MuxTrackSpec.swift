import CaptionKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One `--track FILE[:lang=L][:kind=K][:default][:codec=C][:mode=M]` of `captionkit mux`.
struct MuxTrackSpec: Equatable {
  var path: String
  var language: LanguageTag?
  var kind: TrackKind?
  var isDefault = false
  var codec: MuxSubtitleCodec?
  /// How `c608` captions are sent; nil for pop-on.
  var mode: CEA608Encoder.Mode?

  static let optionNames = ["lang", "kind", "default", "codec", "mode"]

  /// Parses a spec. A file whose whole name (colons and all) exists is taken as it is.
  static func parse(_ value: String) throws(UsageError) -> MuxTrackSpec {
    var status = stat()
    if !value.isEmpty, stat(value, &status) == 0 { return MuxTrackSpec(path: value) }
    var parts = value.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
    let path = parts.removeFirst()
    guard !path.isEmpty else {
      throw UsageError(
        "'--track \(value)' names no file",
        hint: "write --track FILE[:lang=L][:kind=K][:default][:codec=C][:mode=M]")
    }
    var spec = MuxTrackSpec(path: path)
    var seen: Set<String> = []
    for part in parts {
      let equals = part.firstIndex(of: "=")
      let name = String(part[..<(equals ?? part.endIndex)])
      let argument = equals.map { String(part[part.index(after: $0)...]) }
      guard optionNames.contains(name) else {
        throw UsageError(
          "unknown option '\(part)' in '--track \(value)'; expected lang=, kind=, default, "
            + "codec= or mode=", given: name, candidates: optionNames)
      }
      guard seen.insert(name).inserted else {
        throw UsageError("'\(name)' is given twice in '--track \(value)'")
      }
      switch name {
      case "default":
        guard argument == nil else {
          throw UsageError("'default' takes no value in '--track \(value)'")
        }
        spec.isDefault = true
      case "lang":
        guard let argument, let tag = LanguageTag(argument) else {
          throw UsageError(
            "'\(argument ?? "")' is not a BCP 47 language tag in '--track \(value)'",
            hint: "write a tag such as en, fr-CA or pt-BR")
        }
        spec.language = tag
      case "kind":
        let kinds = ["captions", "cc", "sdh", "subtitles", "forced", "descriptions", "ad"]
        guard let argument, kinds.contains(argument.lowercased()),
          let kind = SidecarName.kind(for: argument.lowercased())
        else {
          throw UsageError(
            "unknown kind '\(argument ?? "")' in '--track \(value)'; expected one of "
              + kinds.joined(separator: ", "), given: argument ?? "", candidates: kinds)
        }
        spec.kind = kind
      case "mode":
        let names = SCCModeOption.names
        guard let argument, let mode = SCCModeOption.mode(named: argument) else {
          throw UsageError(
            "unknown mode '\(argument ?? "")' in '--track \(value)'; expected one of "
              + names.joined(separator: ", "), given: argument ?? "", candidates: names)
        }
        spec.mode = mode
      default:
        let codecs = MuxSubtitleCodec.allCases.map(\.rawValue)
        guard let argument, let codec = MuxSubtitleCodec(rawValue: argument) else {
          throw UsageError(
            "unknown codec '\(argument ?? "")' in '--track \(value)'; expected one of "
              + codecs.joined(separator: ", "), given: argument ?? "", candidates: codecs)
        }
        spec.codec = codec
      }
    }
    return spec
  }
}
