public import CaptionCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Loads a caption file: bytes from disk (refusing files over a size limit before reading
/// them), decoding, choosing the format by extension or content, and the format's reader.
/// It only reads; input files are never modified.
public struct CaptionFileReader: Sendable {
  /// The default largest input: 512 MiB.
  public static let defaultMaximumSize = 512 * 1024 * 1024

  /// Why a file could not be read as captions.
  public enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
    /// No file at the path.
    case missing(path: String)
    /// The file exists but cannot be read (a folder, no permission).
    case unreadable(path: String, reason: String)
    /// The file is larger than the limit; it was not read. `size` is nil when it is not
    /// known (standard input is read only up to the limit).
    case tooLarge(path: String, size: Int?, limit: Int)
    /// The bytes are not captions captionkit can read.
    case notCaptionFile(path: String, reason: String)

    public var description: String {
      switch self {
      case .missing(let path): return "\(path): \(SystemError.missing(path))"
      case .unreadable(let path, let reason): return "\(path): cannot read: \(reason)"
      case .tooLarge(let path, let size?, let limit):
        return "\(path): \(size) bytes is over the input limit of \(limit) bytes"
      case .tooLarge(let path, nil, let limit):
        return "\(path): more than the input limit of \(limit) bytes"
      case .notCaptionFile(let path, let reason): return "\(path): not a caption file: \(reason)"
      }
    }
  }

  public var maximumSize: Int
  /// The encoding to decode with; nil to detect it.
  public var encoding: TextEncoding?
  /// The language that hints at a legacy code page when the bytes are not UTF-8.
  public var language: LanguageTag?
  public init(
    maximumSize: Int = CaptionFileReader.defaultMaximumSize, encoding: TextEncoding? = nil,
    language: LanguageTag? = nil
  ) {
    self.maximumSize = maximumSize
    self.encoding = encoding
    self.language = language
  }

  /// Reads the caption file at `path`.
  public func read(path: String) throws(Failure) -> ReadResult {
    try read(bytes: Self.loadBytes(path: path, maximumSize: maximumSize), path: path)
  }

  /// Reads caption bytes already loaded (standard input). `path` names the file in
  /// diagnostics and chooses the format by extension when it has one.
  public func read(bytes: [UInt8], path: String) throws(Failure) -> ReadResult {
    let prepared = try prepare(bytes: bytes, path: path)
    var result = prepared.reader(prepared.decoded, path)
    if result.track.cues.isEmpty, prepared.sniffed == nil,
      !FormatRegistry.containsTimingLine(prepared.decoded.utf8)
    {
      throw .notCaptionFile(path: path, reason: "no cues found")
    }
    let decoded = prepared.decoded
    let missing = decoded.diagnostics.filter { !result.diagnostics.contains($0) }
    result.diagnostics = missing + result.diagnostics
    Self.place(&result.diagnostics, in: path)
    prepared.complete(&result.track)
    return result
  }

  /// Names `path` as the file of the findings that name none.
  private static func place(_ diagnostics: inout [Diagnostic], in path: String) {
    for index in diagnostics.indices where diagnostics[index].file == nil {
      diagnostics[index].file = path
    }
  }

  /// The language and kind of the track in the file at `path`: those the reader's options
  /// or the file name say, when it follows the sidecar convention (`movie.ko.sdh.vtt`).
  private func naming(_ path: String) -> (language: LanguageTag?, kind: TrackKind?) {
    let named = SidecarName(fileName: Self.fileName(of: path))
    return (language ?? named?.language, named?.kind)
  }

  /// What is known of a caption file's bytes before its reader reads them.
  private struct Prepared {
    var decoded: DecodedText
    /// The format the content says, if it says one.
    var sniffed: TrackFormat?
    var entry: FormatRegistry.Entry
    var reader: @Sendable (DecodedText, String?) -> ReadResult
    var path: String
    var language: LanguageTag?
    var kind: TrackKind?

    /// Fills in what the reader left out of `track`: its path, encoding, and the language
    /// and kind its file name (or the reader's options) say.
    func complete(_ track: inout Track) {
      if track.path == nil { track.path = path }
      if track.encoding == nil { track.encoding = decoded.encoding.rawValue }
      if track.language == nil { track.language = language }
      if track.kind == nil { track.kind = kind }
    }
  }

  /// Checks `bytes` are a caption file of a format with a reader and decodes them.
  private func prepare(bytes: [UInt8], path: String) throws(Failure) -> Prepared {
    if bytes.count > maximumSize {
      throw .tooLarge(path: path, size: bytes.count, limit: maximumSize)
    }
    // Zero bytes early on, and no caption signature: media or another binary file. (A caption
    // file may hold a stray zero byte; its reader reports it. UTF-16 or UTF-32 without a byte
    // order mark, named by --encoding or recognised by its zeros, is decoded first.)
    if !hasWideBOM(bytes), let zero = firstZero(bytes, limit: 8192),
      FormatRegistry.sniff(
        Array(bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...])) == nil,
      !isWideText(bytes)
    {
      throw .notCaptionFile(path: path, reason: "binary data (a zero byte at offset \(zero))")
    }
    // The language (of the options or the file name) hints at the legacy code page.
    let (language, kind) = naming(path)
    let decoded = TextDecoding.decode(bytes, encoding: encoding, language: language, file: path)
    if decoded.utf8.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) {
      throw .notCaptionFile(path: path, reason: "the file is empty")
    }
    let sniffed = FormatRegistry.sniff(decoded.utf8)
    if sniffed == nil, let zero = firstZero(decoded.utf8, limit: decoded.utf8.count) {
      throw .notCaptionFile(path: path, reason: "binary data (a zero byte at offset \(zero))")
    }
    let byExtension = FormatRegistry.entry(forPath: path)
    guard let entry = byExtension ?? sniffed.flatMap({ FormatRegistry.entry(for: $0) }) else {
      throw .notCaptionFile(
        path: path, reason: "unknown format (no WEBVTT signature, no SRT cue)")
    }
    guard let reader = entry.reader else {
      throw .notCaptionFile(
        path: path, reason: "reading \(entry.displayName) is not supported yet")
    }
    return Prepared(
      decoded: decoded, sniffed: sniffed, entry: entry, reader: reader, path: path,
      language: language, kind: kind)
  }

  private static func fileName(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return path }
    return String(path[path.index(after: slash)...])
  }

  /// The bytes of the file at `path`, refused before reading when over `maximumSize`.
  public static func loadBytes(path: String, maximumSize: Int) throws(Failure) -> [UInt8] {
    let (descriptor, size) = try openFile(path: path, maximumSize: maximumSize)
    defer { close(descriptor) }
    return try load(descriptor, size: size, path: path, maximumSize: maximumSize)
  }

  /// Opens the file at `path` for reading: its descriptor and the size `fstat` gives it,
  /// refused when it is a folder or over `maximumSize`.
  private static func openFile(path: String, maximumSize: Int) throws(Failure) -> (Int32, Int) {
    let descriptor = open(path, O_RDONLY)
    if descriptor < 0 {
      let code = errno
      if code == ENOENT || code == ENOTDIR { throw .missing(path: path) }
      throw .unreadable(path: path, reason: SystemError.describe(code))
    }
    var status = stat()
    var failure: Failure?
    if fstat(descriptor, &status) != 0 {
      failure = .unreadable(path: path, reason: SystemError.describe(errno))
    } else if (status.st_mode & S_IFMT) == S_IFDIR {
      failure = .unreadable(path: path, reason: "it is a folder")
    } else if Int(status.st_size) > maximumSize {
      failure = .tooLarge(path: path, size: Int(status.st_size), limit: maximumSize)
    }
    if let failure {
      close(descriptor)
      throw failure
    }
    return (descriptor, Int(status.st_size))
  }

  /// The bytes of the open file `descriptor`: the `size` that `fstat` gave, read into a
  /// buffer of that size, then whatever follows (the file grew, or it has no size, like a
  /// pipe); refused when a read fails or the bytes are over `maximumSize`.
  private static func load(_ descriptor: Int32, size: Int, path: String, maximumSize: Int)
    throws(Failure) -> [UInt8]
  {
    var bytes = [UInt8](repeating: 0, count: size)
    var filled = 0
    var failure: Int32?
    while filled < size {
      let got = bytes.withUnsafeMutableBytes { buffer in
        systemRead(descriptor, buffer.baseAddress.map { $0 + filled }, size - filled)
      }
      if got < 0, errno == EINTR { continue }
      if got < 0 { failure = errno }
      if got <= 0 { break }
      filled += got
    }
    if filled < size {
      // The file was shortened since it was opened: it ends here.
      bytes.removeSubrange(filled...)
    } else if failure == nil {
      failure = readRest(descriptor, into: &bytes, maximumSize: maximumSize)
    }
    if let failure { throw .unreadable(path: path, reason: SystemError.describe(failure)) }
    if bytes.count > maximumSize {
      throw .tooLarge(path: path, size: bytes.count, limit: maximumSize)
    }
    return bytes
  }

  /// Appends what the open file `descriptor` holds after the bytes read so far, until it
  /// ends or `bytes` is over `maximumSize`; the read's error, if one fails.
  static func readRest(_ descriptor: Int32, into bytes: inout [UInt8], maximumSize: Int)
    -> Int32?
  {
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while bytes.count <= maximumSize {
      let got = chunk.withUnsafeMutableBytes { buffer in
        systemRead(descriptor, buffer.baseAddress, buffer.count)
      }
      if got < 0 {
        if errno == EINTR { continue }
        return errno
      }
      if got == 0 { break }
      bytes.append(contentsOf: chunk[0..<got])
    }
    return nil
  }

  /// True when `bytes` are UTF-16 or UTF-32 without a byte order mark whose start holds a
  /// caption format's signature: in the encoding `--encoding` names, else in the one their
  /// zero bytes show beyond doubt (confidence 0.9 or more).
  private func isWideText(_ bytes: [UInt8]) -> Bool {
    let wide: TextEncoding
    if let encoding {
      guard encoding.isUnicode, encoding != .utf8 else { return false }
      wide = encoding
    } else {
      guard let guess = TextDecoding.unmarkedWideEncoding(bytes), guess.confidence >= 0.9 else {
        return false
      }
      wide = guess.encoding
    }
    // The start is enough for a signature; a cut code unit at its end is only replaced.
    let start = Array(bytes.prefix(4096))
    return FormatRegistry.sniff(TextDecoding.decode(start, encoding: wide).utf8) != nil
  }

  /// True when the bytes start with a UTF-16 or UTF-32 byte order mark (zero bytes expected).
  private func hasWideBOM(_ bytes: [UInt8]) -> Bool {
    bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF])
      || bytes.starts(with: [0x00, 0x00, 0xFE, 0xFF])
  }

  private func firstZero(_ bytes: [UInt8], limit: Int) -> Int? {
    bytes.withUnsafeBufferPointer { buffer in
      let end = min(limit, buffer.count)
      var index = 0
      while index < end {
        if buffer[index] == 0 { return index }
        index += 1
      }
      return nil
    }
  }
}

private func systemRead(_ descriptor: Int32, _ pointer: UnsafeMutableRawPointer?, _ count: Int)
  -> Int
{
  read(descriptor, pointer, count)
}
