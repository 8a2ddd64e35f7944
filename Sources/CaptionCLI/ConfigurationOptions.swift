import CaptionKit

/// `--config` and `--profile`, shared by the commands that run or list rules: the compiled-in
/// defaults, a user's file merged over them, and one profile picked.
struct ConfigurationOptions {
  static let options: [CommandConfiguration.Option] = [
    .init(
      "config", value: "file",
      help: "A configuration file merged over the defaults (see Docs/config.md)."),
    .init(
      "profile", value: "name", help: "web (default), broadcast, streaming, or one the file adds."),
  ]

  var configuration: Configuration
  var profile: ValidationProfile

  init(_ arguments: ParsedArguments) throws {
    var configuration = Configuration.defaults
    if let path = arguments.value("config") {
      let bytes: [UInt8]
      do {
        bytes = try CaptionFileReader.loadBytes(path: path, maximumSize: 16 << 20)
      } catch {
        throw InputOptions.failure(error)
      }
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
  }
}
