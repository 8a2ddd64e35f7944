import CaptionKit

/// `captionkit rules`: lists every rule with its id, severity, what it needs and what it
/// finds.
enum RulesCommand: CaptionCommand {
  static let configuration = CommandConfiguration(
    name: "rules",
    abstract: "List the rules validate runs, with their severities.",
    usage: "rules [--format <format>] [--config <file>] [--profile <name>]",
    discussion: """
      Severities are those of the profile, after --config; a rule turned off shows as off. \
      Each rule is described in Docs/rules/<id>.md.
      """,
    options: [
      .init("format", value: "format", help: "text (default), json or markdown.")
    ] + ConfigurationOptions.options)

  static let formats = ["text", "json", "markdown"]

  static func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> Int32 {
    let format = arguments.value("format") ?? "text"
    guard formats.contains(format) else {
      throw UsageError(
        "unknown format '\(format)' for '--format'; expected one of "
          + formats.joined(separator: ", "), given: format, candidates: formats)
    }
    let profile = try ConfigurationOptions(arguments).profile
    let bytes: [UInt8]
    switch format {
    case "json": bytes = json(profile)
    case "markdown": bytes = Array(markdown(profile).utf8)
    default: bytes = Array(text(profile).utf8)
    }
    do {
      try context.stdout.write(bytes)
    } catch {
      throw CommandFailure.standardOutput(error)
    }
    return ExitCode.success
  }

  /// The path of a rule's page, relative to the repository.
  static func page(_ rule: any Rule) -> String { "Docs/rules/\(rule.id).md" }

  private static func setting(_ rule: any Rule, _ profile: ValidationProfile) -> String {
    profile.severity(of: rule)?.rawValue ?? "off"
  }

  private static func text(_ profile: ValidationProfile) -> String {
    let rules = RuleRegistry.rules
    let width = rules.map(\.id.count).max() ?? 0
    var text = ""
    for rule in rules {
      let id = rule.id + String(repeating: " ", count: width - rule.id.count)
      let severity = setting(rule, profile)
      text += "\(id)  \(severity)\(String(repeating: " ", count: 8 - severity.count))"
      text += rule.summary + "\n"
    }
    text += "\(rules.count) rules, profile \(profile.name)\n"
    return text
  }

  private static func json(_ profile: ValidationProfile) -> [UInt8] {
    var json = JSONOutput(reservingCapacity: 8192)
    json.beginObject()
    json.key("profile")
    json.string(profile.name)
    json.key("rules")
    json.beginArray()
    for rule in RuleRegistry.rules {
      json.beginObject()
      json.key("id")
      json.string(rule.id)
      json.key("area")
      json.string(rule.area.rawValue)
      json.key("severity")
      json.string(setting(rule, profile))
      json.key("defaultSeverity")
      json.string(rule.defaultSeverity.rawValue)
      json.key("needs")
      json.beginArray()
      for need in rule.needs.names { json.string(need) }
      json.endArray()
      json.key("summary")
      json.string(rule.summary)
      json.key("help")
      json.string(page(rule))
      json.endObject()
    }
    json.endArray()
    json.endObject()
    json.finish()
    return json.bytes
  }

  private static func markdown(_ profile: ValidationProfile) -> String {
    var text = "| rule | severity | what it finds |\n|---|---|---|\n"
    for rule in RuleRegistry.rules {
      let summary = rule.summary.replacingOccurrences("|", with: "\\|")
        .replacingOccurrences("<", with: "&lt;")
      text += "| [`\(rule.id)`](rules/\(rule.id).md) | \(setting(rule, profile)) | \(summary) |\n"
    }
    return text
  }
}

extension String {
  /// The string with every `target` replaced (without Foundation).
  fileprivate func replacingOccurrences(_ target: Character, with replacement: String) -> String {
    var result = ""
    for character in self {
      if character == target { result += replacement } else { result.append(character) }
    }
    return result
  }
}
