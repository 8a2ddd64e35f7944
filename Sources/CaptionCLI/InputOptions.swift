import CaptionKit

/// The options every command that reads caption files shares: `--encoding`, `--locale` and
/// `--max-input-size`, and reading a path or `-` with them.
struct InputOptions {
  static let options: [CommandConfiguration.Option] = [
    .init(
      "encoding", value: "name",
      help: "auto (default) or the encoding to decode with: UTF-8, windows-1252, CP949, ..."),
    .init("locale", value: "tag", help: "The language of the text (BCP 47), such as ko or pt-BR."),
    .init(
      "max-input-size", value: "bytes",
      help: "Refuse larger inputs (default \(CaptionFileReader.defaultMaximumSize))."),
  ]

  var reader: CaptionFileReader

  init(_ arguments: ParsedArguments) throws(UsageError) {
    var reader = CaptionFileReader()
    if let name = arguments.value("encoding"), name.lowercased() != "auto" {
      guard let encoding = TextEncoding(name: name) else {
        let names = ["auto"] + TextEncoding.allCases.map(\.rawValue)
        throw UsageError(
          "unknown encoding '\(name)' for '--encoding'; expected one of "
            + names.joined(separator: ", "),
          given: name, candidates: names)
      }
      reader.encoding = encoding
    }
    if let tag = arguments.value("locale") {
      guard let language = LanguageTag(tag) else {
        throw UsageError("'\(tag)' is not a BCP 47 language tag for '--locale'")
      }
      reader.language = language
    }
    if let size = arguments.value("max-input-size") {
      guard let bytes = Int(size), bytes >= 0 else {
        throw UsageError("'--max-input-size' takes a number of bytes, not '\(size)'")
      }
      reader.maximumSize = bytes
    }
    self.reader = reader
  }

  /// The bytes of standard input, at most `limit`; its failures are those of reading a
  /// caption file named `<stdin>`.
  static func readStandardInput(_ stdin: ByteSource, limit: Int) throws(CaptionFileReader.Failure)
    -> [UInt8]
  {
    do throws(ReadFailure) {
      return try stdin.readAll(limit: limit)
    } catch {
      switch error {
      case .tooLarge(let limit):
        throw .tooLarge(path: "<stdin>", size: nil, limit: limit)
      case .system(let reason):
        throw .unreadable(path: "<stdin>", reason: reason)
      }
    }
  }

  /// Reads a caption file, or standard input for `-`. Failures become exit 65 or 66.
  func read(_ path: String, in context: CommandContext) throws(CommandFailure) -> ReadResult {
    do throws(CaptionFileReader.Failure) {
      if path == "-" {
        let bytes = try Self.readStandardInput(context.stdin, limit: reader.maximumSize)
        var result = try reader.read(bytes: bytes, path: "<stdin>")
        result.track.path = "-"
        return result
      }
      return try reader.read(path: path)
    } catch {
      throw Self.failure(error)
    }
  }

  /// Reads a caption file, or standard input for `-`, keeping the bytes read (for a copy
  /// that keeps their line breaks). Failures become exit 65 or 66.
  func readKeepingBytes(_ path: String, in context: CommandContext) throws(CommandFailure) -> (
    result: ReadResult, bytes: [UInt8]
  ) {
    do throws(CaptionFileReader.Failure) {
      if path == "-" {
        let bytes = try Self.readStandardInput(context.stdin, limit: reader.maximumSize)
        var result = try reader.read(bytes: bytes, path: "<stdin>")
        result.track.path = "-"
        return (result, bytes)
      }
      let bytes = try CaptionFileReader.loadBytes(path: path, maximumSize: reader.maximumSize)
      return (try reader.read(bytes: bytes, path: path), bytes)
    } catch {
      throw Self.failure(error)
    }
  }

  static func failure(_ error: CaptionFileReader.Failure) -> CommandFailure {
    CommandFailure(InputFailure(error))
  }
}
