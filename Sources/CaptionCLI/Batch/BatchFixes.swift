import CaptionKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `--fix DIR`: a fixed copy of each caption file of the run, made as `fix` makes it, written
/// atomically into one folder under its own name.
///
/// A caption input is fixed itself; a media input's caption files (its sidecars, or those a
/// manifest names) are fixed with the media's frame rate and duration. A copy keeps its
/// file's name (`movie.en.vtt`), so that it is still the media's sidecar by name; when two
/// caption files of the run share a name, each goes into a subfolder named by the 64-bit
/// FNV-1a hash of its path (`3f2a9c1d0b7e6a54/movie.en.vtt`), so the names do not depend on
/// the order inputs finish, on `--shard` or on `--resume`.
struct BatchFixes {
  let folder: String
  /// The file names shared by two caption files of the run.
  private let shared: Set<String>

  /// Names the copies of the caption files among `inputs` (all inputs found, before shards
  /// and resume take theirs out): caption inputs, and each media input's caption files.
  init(folder: String, inputs: [BatchInput]) {
    self.folder = folder.hasSuffix("/") && folder.count > 1 ? String(folder.dropLast()) : folder
    var counts: [String: Int] = [:]
    for input in inputs {
      for path in Self.captionFiles(of: input) { counts[Self.name(path), default: 0] += 1 }
    }
    shared = Set(counts.filter { $0.value > 1 }.keys)
  }

  /// The caption files of an input: itself, or a media file's tracks or sidecars.
  private static func captionFiles(of input: BatchInput) -> [String] {
    guard input.isMedia else { return [input.path] }
    if let tracks = input.tracks { return tracks }
    return ((try? SidecarDiscovery.sidecars(forMedia: input.path)) ?? [])
      .filter { $0.name.kind != .chapters }.map(\.path)
  }

  private static func name(_ path: String) -> String {
    path.split(separator: "/").last.map(String.init) ?? path
  }

  /// Where the fixed copy of `path` goes.
  func path(for path: String) -> String {
    let name = Self.name(path)
    guard shared.contains(name) else { return folder + "/" + name }
    let hash = String(ShardSelector.fnv1a(path), radix: 16)
    return folder + "/" + String(repeating: "0", count: 16 - hash.count) + hash + "/" + name
  }

  /// Fixes the caption files of `input`; returns the result line's field:
  /// `,"fixed":[{"file","output","fixed","notFixed","remaining"} | {"file","reason"}]`.
  func write(
    for input: BatchInput, profile: ValidationProfile, reader: CaptionFileReader
  ) -> [UInt8] {
    var bytes = Array(",\"fixed\":[".utf8)
    let media = input.isMedia ? input.path : FixCommand.mediaFile(forCaptions: input.path)
    var frameRate: Double?
    var duration: MediaTime?
    var mediaFailure: String?
    if let media {
      do {
        (frameRate, duration) = try FixCommand.timing(ofMedia: media)
      } catch {
        mediaFailure = "\(media): \(BatchRunner.reason(error))"
      }
    }
    for (index, file) in Self.captionFiles(of: input).enumerated() {
      if index > 0 { bytes.append(0x2C) }
      bytes += Array("{\"file\":".utf8)
      JSONOutput.appendString(file, to: &bytes)
      do {
        if let mediaFailure { throw CommandFailure(ExitCode.dataError, mediaFailure) }
        let data: [UInt8]
        let result: ReadResult
        do {
          data = try CaptionFileReader.loadBytes(path: file, maximumSize: reader.maximumSize)
          result = try reader.read(bytes: data, path: file)
        } catch {
          throw InputOptions.failure(error)
        }
        if result.isRejected { throw CommandFailure.rejected(file) }
        let unread = CaptionFix.unreadParts(of: result)
        if !unread.isEmpty { throw CommandFailure.unreadParts(file, count: unread.count) }
        guard let format = FormatRegistry.entry(for: result.track.format), format.canWrite
        else {
          throw CommandFailure(ExitCode.usage, "\(file): its format cannot be written")
        }
        let output = path(for: file)
        let fix = CaptionFix(profile: profile, frameRate: frameRate, mediaDuration: duration)
        let outcome = fix.run(result, inputBytes: data, format: format, outputPath: output)
        try BatchFixes.makeFolder(of: output)
        try AtomicFileWriter.write(outcome.bytes, to: output)
        bytes += Array(",\"output\":".utf8)
        JSONOutput.appendString(output, to: &bytes)
        let fixed = outcome.changes.count(where: \.fixed)
        bytes += Array(",\"fixed\":\(fixed),\"notFixed\":\(outcome.changes.count - fixed)".utf8)
        bytes += Array(",\"remaining\":\(outcome.remaining.count + outcome.losses.count)}".utf8)
      } catch {
        bytes += Array(",\"output\":null,\"reason\":".utf8)
        JSONOutput.appendString(BatchRunner.reason(error), to: &bytes)
        bytes.append(0x7D)
      }
    }
    bytes.append(0x5D)
    return bytes
  }

  /// Creates the hash subfolder a copy goes into, when it does.
  private static func makeFolder(of path: String) throws(CommandFailure) {
    guard let slash = path.lastIndex(of: "/") else { return }
    let folder = String(path[..<slash])
    var status = stat()
    if stat(folder, &status) == 0 { return }
    if mkdir(folder, 0o755) != 0, errno != EEXIST {
      throw CommandFailure(
        ExitCode.cannotCreate, "\(folder): cannot create the folder: \(SystemError.describe(errno))"
      )
    }
  }
}
