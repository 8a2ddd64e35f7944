import CaptionKit

/// `--config` and `--profile`, shared by the commands that run or list rules: the compiled-in
/// defaults, a user's file merged over them, and one profile picked. The commands that
/// check inputs also find each input's own `captionkit.json` (`--no-config` turns that off).
struct ConfigurationOptions {
  static let options: [CommandConfiguration.Option] = [
    .init(
      "config", value: "file",
      help: "A configuration file merged over the defaults (see Docs/config.md)."),
    .init(
      "profile", value: "name", help: "web (default), broadcast, streaming, or one the file adds."),
  ]

  /// The option of the commands that find each input's configuration file.
  static let discoveryOption = CommandConfiguration.Option(
    "no-config",
    help: "Use only the defaults, not the captionkit.json found next to an input or above it.")

  var configuration: Configuration
  var profile: ValidationProfile
  var profileName: String
  /// Finds each input's `captionkit.json`; nil when `--config` or `--no-config` is given,
  /// or the command does not look for one.
  var discovery: ConfigurationDiscovery?
  /// A digest of the `--config` file's bytes; nil without one.
  var fileDigest: UInt64?

  /// `discovers`: whether each input's nearest `captionkit.json` applies to it.
  init(_ arguments: ParsedArguments, discovers: Bool = false) throws {
    if arguments.flag("no-config") && arguments.value("config") != nil {
      throw UsageError("'--config' and '--no-config' cannot both be given")
    }
    var configuration = Configuration.defaults
    if let path = arguments.value("config") {
      let bytes: [UInt8]
      do {
        bytes = try CaptionFileReader.loadBytes(path: path, maximumSize: 16 << 20)
      } catch {
        throw InputOptions.failure(error)
      }
      fileDigest = BatchResultsFile.hash(bytes)
      do {
        configuration = try configuration.merging(json: bytes)
      } catch {
        let place = error.line.map { ":\($0):\(error.column ?? 1)" } ?? ""
        throw CommandFailure(
          ExitCode.usage, "\(path)\(place): \(error.message)",
          hint: "see Docs/config.md for the keys and values")
      }
    }
    let name = arguments.value("profile") ?? Configuration.defaultProfileName
    guard let profile = configuration.profile(named: name) else {
      let names = configuration.profileNames
      throw UsageError(
        "unknown profile '\(name)' for '--profile'; expected one of "
          + names.joined(separator: ", "), given: name, candidates: names)
    }
    self.configuration = configuration
    self.profile = profile
    self.profileName = name
    if discovers && arguments.value("config") == nil && !arguments.flag("no-config") {
      discovery = ConfigurationDiscovery()
    }
  }

  /// The profile of the input at `path` from its nearest `captionkit.json`, with
  /// `requiredLocales` set when given; nil when it has none (the run's profile applies).
  func profile(
    forInput path: String, requiredLocales: [String]?
  ) throws(CommandFailure) -> ValidationProfile? {
    try discovery?.profile(forInput: path, named: profileName, requiredLocales: requiredLocales)
  }
}
