import CaptionKit

/// What an input of `batch` is checked with, as a digest in its result line (`settings`), so
/// that `--resume` checks again an input whose line was written with other settings: another
/// captionkit version, other options that change the checks (`--profile`, `--rules`,
/// `--locales`, `--no-audio`...), another `--config` file or another `captionkit.json`
/// found for it, or another profile, locales or tracks from the manifest.
///
/// Options that change only how the run goes (`--jobs`, `--results`, `--resume`,
/// `--retry-errors`, `--shard`, `--progress`, `--quiet`, `--timeout`) or what is written
/// beside the lines (`--transcripts`, `--transcript-format`, `--fix`), and the paths and
/// manifest given, are left out: the manifest's entries count for the inputs they name.
struct BatchSettings {
  /// Options left out of the digest.
  static let runOptions: Set<String> = [
    "jobs", "results", "resume", "retry-errors", "shard", "progress", "quiet", "timeout",
    "transcripts", "transcript-format", "fix", "manifest", "config",
  ]

  /// The digest's text for the whole run, before each input's own part.
  let run: String

  init(arguments: ParsedArguments, configurationDigest: UInt64?) {
    var text = "captionkit \(CaptionKitVersion.current)\n"
    for name in arguments.options.keys.sorted() where !Self.runOptions.contains(name) {
      text += "--\(name)=\(arguments.values(name).joined(separator: "\u{1}"))\n"
    }
    for name in arguments.flags.sorted() where !Self.runOptions.contains(name) {
      text += "--\(name)\n"
    }
    if let configurationDigest { text += "config \(configurationDigest)\n" }
    run = text
  }

  /// The settings of one input: the run's, the digest of the `captionkit.json` that
  /// applies to it (nil when none), and the manifest's profile, locales and tracks for it.
  func digest(
    configuration: UInt64?, profileName: String?, locales: [String]?, tracks: [String]?
  ) -> String {
    var text = run
    if let configuration { text += "found \(configuration)\n" }
    if let profileName { text += "profile \(profileName)\n" }
    if let locales { text += "locales \(locales.joined(separator: ","))\n" }
    if let tracks { text += "tracks \(tracks.joined(separator: "\u{1}"))\n" }
    let hash = BatchResultsFile.hash(Array(text.utf8))
    let digits = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }
}
