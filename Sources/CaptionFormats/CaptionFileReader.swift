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
      case .missing(let path): return "\(path): no such file"
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
  /// The language that chooses a legacy code page when the bytes are not UTF-8.
  public var language: LanguageTag?
  /// Threads a large file may be read on (1 or 2), with the same result.
  public var threads = 1
  /// Files from this size on are read in parts when `threads` is 2 (WebVTT in two, SRT in
  /// two or more), on two threads.
  static let twoPartSize = 1 << 20
  /// A large SRT file is read in one part for about every this many bytes (from 2 to 8
  /// parts), taken in turn by the two threads.
  static let partSize = 1 << 20
  /// A large SRT file whose cues are handed over as they are read (`stream`) is read in one
  /// part for about every this many bytes, so that what is made of a part is small.
  static let streamPartSize = 1 << 18
  /// A large SRT file is streamed (`stream`) when the system holds at least this share of it
  /// in memory; else it is read as it loads from the disk, and checked whole.
  static let streamedResidentShare = 0.5

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
    let loaded = try load(path: path, loadingMostlyCached: false)
    return try read(bytes: loaded.bytes, path: path, parsed: loaded.parsed)
  }

  /// The bytes of the caption file at `path`; `readAsItLoaded` when it was a large SRT file
  /// not all in memory, read as it loaded, each part as soon as its bytes were there, with
  /// `parsed`, what the SRT reader made of it (nil when that does not hold: not UTF-8, or the
  /// file changed). Any other file, or one in memory already, is read at once; with
  /// `loadingMostlyCached`, also one the system holds half of or more.
  private func load(path: String, loadingMostlyCached: Bool) throws(Failure)
    -> (bytes: [UInt8], readAsItLoaded: Bool, parsed: ReadResult?)
  {
    let (descriptor, size) = try Self.openFile(path: path, maximumSize: maximumSize)
    defer { close(descriptor) }
    let large = threads > 1 && size >= Self.twoPartSize
    // The second thread is started while a large file loads, so that it has work at once.
    if large { WorkerThread.prepareLingering() }
    let readsAsItLoads =
      large && (encoding == nil || encoding == .utf8)
      && FormatRegistry.entry(forPath: path)?.format == .srt
    let loading =
      readsAsItLoads
      ? FileLoading(descriptor: descriptor, size: size)
      : FileLoading(descriptor: descriptor, size: size, piece: max(1, size))
    var parsed: ReadResult?
    var readAsItLoaded = false
    if readsAsItLoads,
      !loadingMostlyCached || loading.residentShare() < Self.streamedResidentShare,
      !loading.loadCached()
    {
      parsed = SRTReader.read(loading: loading, path: path, threads: threads)
      readAsItLoaded = true
    }
    let (bytes, unchanged) = try Self.finish(loading, path: path, maximumSize: maximumSize)
    return (bytes, readAsItLoaded, unchanged ? parsed : nil)
  }

  /// Reads caption bytes already loaded (standard input). `path` names the file in
  /// diagnostics and chooses the format by extension when it has one.
  public func read(bytes: [UInt8], path: String) throws(Failure) -> ReadResult {
    try read(bytes: bytes, path: path, parsed: nil)
  }

  /// Reads `bytes` as `read(bytes:path:)` does; with `parsed`, what the SRT reader made of
  /// them while they loaded, which holds only when they are UTF-8 without a byte order mark.
  private func read(bytes: [UInt8], path: String, parsed: ReadResult?) throws(Failure)
    -> ReadResult
  {
    try read(prepare(bytes: bytes, path: path, decoded: parsed != nil), parsed: parsed)
  }

  /// Reads the bytes `prepared` holds with its reader (or takes `parsed`, what the SRT reader
  /// made of them while they loaded), and completes the track and findings.
  private func read(_ prepared: Prepared, parsed: ReadResult?) throws(Failure) -> ReadResult {
    let path = prepared.path
    var result = parsed ?? prepared.reader(prepared.decoded, path, threads)
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
    var reader: @Sendable (DecodedText, String?, Int) -> ReadResult
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

  /// Checks `bytes` are a caption file of a format with a reader and decodes them (unless
  /// `decoded`: they are UTF-8 without a byte order mark, as found while they loaded).
  private func prepare(bytes: [UInt8], path: String, decoded isDecoded: Bool) throws(Failure)
    -> Prepared
  {
    if bytes.count > maximumSize {
      throw .tooLarge(path: path, size: bytes.count, limit: maximumSize)
    }
    // Zero bytes early on, and no caption signature: media or another binary file. (A caption
    // file may hold a stray zero byte; its reader reports it.)
    if !hasWideBOM(bytes), let zero = firstZero(bytes, limit: 8192),
      FormatRegistry.sniff(
        Array(bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...])) == nil
    {
      throw .notCaptionFile(path: path, reason: "binary data (a zero byte at offset \(zero))")
    }
    // The language (of the options or the file name) chooses the legacy code page.
    let (language, kind) = naming(path)
    let decoded =
      isDecoded
      ? DecodedText(utf8: bytes)
      : TextDecoding.decode(
        bytes, encoding: encoding, language: language, file: path, threads: threads)
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

  /// What `stream` did with a file.
  package enum Streamed: Sendable {
    /// Its cues were handed over as they were read: the track, without its cues, and how
    /// many it had.
    case streamed(track: Track, cueCount: Int)
    /// It was read whole, as `read(path:)` reads it: it is not a large SRT file in UTF-8
    /// mostly in memory, or `accept` declined its track.
    case read(ReadResult)
  }

  /// Reads the caption file at `path` as `read(path:)` does, but when it is a large SRT file
  /// in UTF-8, mostly in memory, and `accept` takes its track (without cues), hands its
  /// cues to `handle` in runs as they are read, none kept, and what `handle` makes of each
  /// run to `consume`, in order (`SRTParser.stream`). Any failure `read(path:)` would report
  /// is thrown before the first run is handed over. A plain such file is mapped into memory
  /// rather than loaded (`streamMapped`), also when it is read whole.
  package func stream<Output>(
    path: String, accept: (Track) -> Bool, handle: @escaping @Sendable (CueRun, Track) -> Output,
    consume: (Output) -> Void
  ) throws(Failure) -> Streamed {
    if let streamed = streamMapped(path: path, accept: accept, handle: handle, consume: consume) {
      return streamed
    }
    // A file mostly on a disk is read as it loads, and whole (`read(path:)`); one mostly in
    // memory is loaded first, the rest of it from the disk.
    let loaded = try load(path: path, loadingMostlyCached: true)
    if loaded.readAsItLoaded {
      return .read(try read(bytes: loaded.bytes, path: path, parsed: loaded.parsed))
    }
    let prepared = try prepare(bytes: loaded.bytes, path: path, decoded: false)
    let decoded = prepared.decoded
    var track = Track(format: .srt, path: path, encoding: decoded.encoding.rawValue, cues: [])
    prepared.complete(&track)
    guard threads > 1, decoded.utf8.count >= Self.twoPartSize, prepared.entry.format == .srt,
      decoded.encoding == .utf8, decoded.diagnostics.isEmpty,
      prepared.sniffed != nil || FormatRegistry.containsTimingLine(decoded.utf8),
      accept(track)
    else {
      return .read(try read(prepared, parsed: nil))
    }
    var parser = SRTParser(
      source: CueSource(bytes: decoded.utf8, syntax: SRTCueTextMarkup.shared), path: path)
    let shared = track
    let cueCount = parser.stream(threads: threads, handle: { handle($0, shared) }, consume: consume)
    return .streamed(track: track, cueCount: cueCount)
  }

  /// `stream` of a file that can be mapped into memory (`FileMapping`) instead of loaded, in
  /// the plain case: a large SRT file (by its name), at least half in memory, in UTF-8 without
  /// a byte order mark or a zero byte early on, its first lines an SRT cue. When `accept`
  /// declines its track, it is read whole from the mapping, and the cues of the result hold
  /// the mapping (and its lease: writers wait) until they are let go. Nil, with nothing
  /// handed over, when the case is not plain: the file is then read as `stream` reads any
  /// other, which reports whatever is wrong with it.
  private func streamMapped<Output>(
    path: String, accept: (Track) -> Bool, handle: @escaping @Sendable (CueRun, Track) -> Output,
    consume: (Output) -> Void
  ) -> Streamed? {
    guard threads > 1, encoding == nil || encoding == .utf8,
      FormatRegistry.entry(forPath: path)?.format == .srt
    else { return nil }
    var track = Track(format: .srt, path: path, encoding: TextEncoding.utf8.rawValue, cues: [])
    (track.language, track.kind) = naming(path)
    let accepted = accept(track)
    guard
      let mapped = FileMapping.map(
        path: path, minimumSize: Self.twoPartSize, maximumSize: maximumSize,
        residentShare: Self.streamedResidentShare, threads: threads)
    else { return nil }
    let bytes = mapped.buffer
    // The start is looked at as `prepare` does: no byte order mark, no zero byte (binary data,
    // or UTF-16 without a mark), and an SRT cue first, found in whole lines.
    let head = UnsafeBufferPointer(rebasing: bytes[..<min(bytes.count, 1 << 16)])
    guard TextEncoding.byteOrderMark(of: Array(head.prefix(4))) == nil,
      !head.prefix(8192).contains(0),
      let lastLineFeed = head.lastIndex(of: 0x0A),
      FormatRegistry.sniff(Array(head[...lastLineFeed])) == .srt,
      UTF8Validation.scan(bytes, threads: threads) == nil
    else { return nil }
    var parser = SRTParser(
      source: CueSource(external: mapped, syntax: SRTCueTextMarkup.shared), path: path)
    guard accepted else {
      // Read whole, as `read(path:)` reads it (`SRTReader.read`, then `read(_:parsed:)`),
      // but from the mapping, which the cues then hold until they are let go.
      parser.parse(threads: threads)
      track.cues = parser.cues
      var diagnostics = parser.sortedDiagnostics
      Self.place(&diagnostics, in: path)
      return .read(ReadResult(track: track, diagnostics: diagnostics))
    }
    let shared = track
    let cueCount = parser.stream(
      threads: threads, handle: { handle($0, shared) }, consume: consume)
    return .streamed(track: track, cueCount: cueCount)
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
      throw .unreadable(path: path, reason: describe(code))
    }
    var status = stat()
    var failure: Failure?
    if fstat(descriptor, &status) != 0 {
      failure = .unreadable(path: path, reason: describe(errno))
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

  /// The bytes of the open file `descriptor`: the `size` that `fstat` gave, read without
  /// zero-filling first, then whatever follows (the file grew, or it has no size, like a
  /// pipe), never more than one byte over the limit.
  private static func load(_ descriptor: Int32, size: Int, path: String, maximumSize: Int)
    throws(Failure) -> [UInt8]
  {
    let loading = FileLoading(descriptor: descriptor, size: size, piece: max(1, size))
    return try finish(loading, path: path, maximumSize: maximumSize).bytes
  }

  /// The rest of `loading` read (`FileLoading.finish`), refused when a read fails or the file
  /// grew over `maximumSize`.
  private static func finish(_ loading: FileLoading, path: String, maximumSize: Int)
    throws(Failure) -> (bytes: [UInt8], unchanged: Bool)
  {
    let (bytes, unchanged, failure) = loading.finish(maximumSize: maximumSize)
    if let failure { throw .unreadable(path: path, reason: describe(failure)) }
    if bytes.count > maximumSize {
      throw .tooLarge(path: path, size: bytes.count, limit: maximumSize)
    }
    return (bytes, unchanged)
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

  static func describe(_ code: Int32) -> String {
    guard let text = strerror(code) else { return "error \(code)" }
    let message = String(cString: text)
    guard let first = message.first else { return "error \(code)" }
    return first.lowercased() + message.dropFirst()
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
