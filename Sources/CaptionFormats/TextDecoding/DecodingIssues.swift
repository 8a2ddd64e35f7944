import CaptionCore

/// Collects what decoding found (undecodable bytes, notes about the encoding) and turns it
/// into `parse.encoding` diagnostics placed in the decoded text.
struct DecodingIssues {
  /// Runs of undecodable bytes listed one by one; the rest are counted.
  static let listedRunLimit = 20
  /// Bytes shown in the message of one run.
  static let shownBytesLimit = 8

  /// A run of consecutive undecodable bytes.
  struct Run {
    var fileOffset: Int
    var length: Int
    var shownBytes: [UInt8]
    var decodedOffset: Int
    var replacements: Int
  }

  /// A finding with a message already written, placed at a decoded offset.
  struct Note {
    var severity: Severity
    var message: String
    var decodedOffset: Int?
    var hint: String?
  }

  let encodingName: String
  private(set) var runs: [Run] = []
  private var omittedBytes = 0
  private var firstOmitted: (fileOffset: Int, decodedOffset: Int)?
  private var tail: Note?
  var notes: [Note] = []

  init(encodingName: String) {
    self.encodingName = encodingName
  }

  /// True when any byte could not be decoded.
  var hasUndecodableBytes: Bool { !runs.isEmpty || tail != nil }

  /// Records undecodable `bytes` found at `fileOffset`, replaced by one U+FFFD at
  /// `decodedOffset`.
  mutating func undecodable(
    _ bytes: UnsafeBufferPointer<UInt8>, at fileOffset: Int, decodedOffset: Int
  ) {
    if omittedBytes == 0, let last = runs.last, last.fileOffset + last.length == fileOffset {
      var extended = last
      extended.length += bytes.count
      extended.replacements += 1
      let room = DecodingIssues.shownBytesLimit - extended.shownBytes.count
      extended.shownBytes += bytes.prefix(max(room, 0))
      runs[runs.count - 1] = extended
      return
    }
    guard runs.count < DecodingIssues.listedRunLimit else {
      if firstOmitted == nil { firstOmitted = (fileOffset, decodedOffset) }
      omittedBytes += bytes.count
      return
    }
    runs.append(
      Run(
        fileOffset: fileOffset, length: bytes.count,
        shownBytes: Array(bytes.prefix(DecodingIssues.shownBytesLimit)),
        decodedOffset: decodedOffset, replacements: 1))
  }

  /// Records a UTF-16 or UTF-32 file that ends with `length` bytes short of a code unit.
  mutating func truncatedUnit(length: Int, at fileOffset: Int, decodedOffset: Int) {
    let bytes = length == 1 ? "1 byte" : "\(length) bytes"
    let verb = length == 1 ? "does" : "do"
    tail = Note(
      severity: .error,
      message:
        "file ends with \(bytes) at offset \(fileOffset) that \(verb) not make a whole "
        + "\(encodingName) code unit; replaced with U+FFFD",
      decodedOffset: decodedOffset,
      hint: "the file is cut short, or it is not \(encodingName): name its encoding with --encoding"
    )
  }

  /// The diagnostics, in the order of their place in the text, with line and column
  /// computed from the decoded `utf8`.
  func diagnostics(in utf8: [UInt8], file: String?) -> [Diagnostic] {
    var all = notes
    for run in runs {
      let shown = run.shownBytes.map(DecodingIssues.hex).joined(separator: " ")
      let more = run.length > run.shownBytes.count ? " …" : ""
      let what = run.length == 1 ? "byte \(shown)" : "\(run.length) bytes \(shown)\(more)"
      let verb = run.length == 1 ? "is" : "are"
      let replaced = run.replacements == 1 ? "U+FFFD" : "\(run.replacements) U+FFFD"
      all.append(
        Note(
          severity: .error,
          message:
            "\(what) at offset \(run.fileOffset) \(verb) not valid \(encodingName); "
            + "replaced with \(replaced)",
          decodedOffset: run.decodedOffset,
          hint: "the file may be in another encoding: name it with --encoding, or fix the bytes"))
    }
    if let firstOmitted {
      all.append(
        Note(
          severity: .error,
          message:
            "\(omittedBytes) more undecodable bytes from offset \(firstOmitted.fileOffset) "
            + "are not listed; each was replaced with U+FFFD",
          decodedOffset: firstOmitted.decodedOffset,
          hint: "the file may be in another encoding: name it with --encoding"))
    }
    if let tail { all.append(tail) }
    let locations = DecodingIssues.locations(
      of: all.map { $0.decodedOffset ?? 0 }, in: utf8)
    var result: [Diagnostic] = []
    for (note, location) in zip(all, locations) {
      result.append(
        Diagnostic(
          rule: "parse.encoding", severity: note.severity, message: note.message, file: file,
          location: note.decodedOffset == nil ? nil : location, hint: note.hint))
    }
    return result.enumerated()
      .sorted {
        ($0.element.location?.offset ?? 0, $0.offset) < (
          $1.element.location?.offset ?? 0, $1.offset
        )
      }
      .map(\.element)
  }

  static func hex(_ byte: UInt8) -> String {
    let digits = Array("0123456789ABCDEF")
    return "0x" + String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 0x0F)])
  }

  /// Line and column (UTF-8 bytes) of each decoded offset, lines ending at CR, LF or CRLF.
  /// One pass over the text up to the largest offset.
  static func locations(of offsets: [Int], in utf8: [UInt8]) -> [SourceLocation] {
    let order = offsets.indices.sorted { offsets[$0] < offsets[$1] }
    var result = [SourceLocation](
      repeating: SourceLocation(line: 1, column: 1, offset: 0), count: offsets.count)
    var line = 1
    var lineStart = 0
    var index = 0
    utf8.withUnsafeBufferPointer { buffer in
      for slot in order {
        let target = min(max(offsets[slot], 0), buffer.count)
        while index < target {
          let byte = buffer[index]
          if byte == 0x0A || byte == 0x0D {
            if byte == 0x0D, index + 1 < buffer.count, buffer[index + 1] == 0x0A {
              if index + 1 == target { break }
              index += 1
            }
            line += 1
            lineStart = index + 1
          }
          index += 1
        }
        result[slot] = SourceLocation(line: line, column: target - lineStart + 1, offset: target)
      }
    }
    return result
  }
}
