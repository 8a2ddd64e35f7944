import CaptionCore

extension Configuration {
  /// This configuration with a user's file applied over it: only the keys the file gives
  /// change. Unknown keys, rule ids and profile names are errors, as are values of the wrong
  /// kind, so a typo never silently does nothing.
  public func merging(json bytes: [UInt8]) throws(ConfigurationError) -> Configuration {
    let root: JSONValue
    do {
      root = try JSONParser.parse(bytes)
    } catch {
      throw ConfigurationError(
        "not valid JSON: \(error.message)", line: error.line, column: error.column)
    }
    guard case .object(let members) = root else {
      throw ConfigurationError("the configuration must be a JSON object, not \(root.typeName)")
    }
    var result = self
    for (key, value) in members {
      switch key {
      case "version":
        guard case .number(let version) = value, version == Double(Self.currentVersion) else {
          throw ConfigurationError(
            "\"version\" is \(Self.describe(value)); this captionkit reads version "
              + "\(Self.currentVersion)")
        }
      case "rules":
        try Self.mergeRules(value, into: &result.rules, path: "rules")
      case "locales":
        try Self.mergeLocales(value, into: &result.locales, path: "locales")
      case "media":
        var overrides: MediaOverrides = [:]
        try Self.mergeMedia(value, into: &overrides, path: "media")
        result.media = result.media.applying(overrides)
      case "requiredLocales":
        guard case .array(let items) = value else {
          throw ConfigurationError("\"requiredLocales\" must be an array of language tags")
        }
        var tags: [String] = []
        for item in items {
          guard case .string(let text) = item, let tag = LanguageTag(text) else {
            throw ConfigurationError(
              "\"requiredLocales\" holds \(Self.describe(item)), not a BCP 47 language tag")
          }
          tags.append(tag.rawValue)
        }
        result.requiredLocales = tags
      case "profiles":
        guard case .object(let profiles) = value else {
          throw ConfigurationError("\"profiles\" must be an object of profiles by name")
        }
        for (name, body) in profiles {
          var profile = result.profiles[name] ?? ProfileSettings()
          try Self.mergeProfile(body, into: &profile, path: "profiles.\(name)")
          result.profiles[name] = profile
        }
      default:
        throw Self.unknownKey(
          key, in: nil,
          known: ["version", "rules", "locales", "media", "requiredLocales", "profiles"])
      }
    }
    return result
  }

  private static func mergeProfile(
    _ value: JSONValue, into profile: inout ProfileSettings, path: String
  ) throws(ConfigurationError) {
    guard case .object(let members) = value else {
      throw ConfigurationError("\"\(path)\" must be an object")
    }
    for (key, value) in members {
      switch key {
      case "summary":
        guard case .string(let text) = value else {
          throw ConfigurationError("\"\(path).summary\" must be a string")
        }
        profile.summary = text
      case "rules": try mergeRules(value, into: &profile.rules, path: path + ".rules")
      case "locales": try mergeLocales(value, into: &profile.locales, path: path + ".locales")
      case "media": try mergeMedia(value, into: &profile.media, path: path + ".media")
      default:
        throw unknownKey(key, in: path, known: ["summary", "rules", "locales", "media"])
      }
    }
  }

  private static func mergeRules(
    _ value: JSONValue, into rules: inout [String: RuleSetting], path: String
  ) throws(ConfigurationError) {
    guard case .object(let members) = value else {
      throw ConfigurationError("\"\(path)\" must be an object of rule ids")
    }
    for (id, setting) in members {
      guard RuleRegistry.rule(id: id) != nil else {
        throw unknownKey(id, in: path, known: RuleRegistry.rules.map(\.id), noun: "rule")
      }
      guard case .string(let name) = setting, let parsed = RuleSetting(name: name) else {
        throw ConfigurationError(
          "\"\(path).\(id)\" is \(describe(setting)); expected \"error\", \"warning\", "
            + "\"remark\" or \"off\"")
      }
      rules[id] = parsed
    }
  }

  private static func mergeLocales(
    _ value: JSONValue, into locales: inout [String: LocaleOverrides], path: String
  ) throws(ConfigurationError) {
    guard case .object(let members) = value else {
      throw ConfigurationError("\"\(path)\" must be an object of locales")
    }
    for (name, fields) in members {
      let key: String
      if name == defaultLocaleKey {
        key = name
      } else if let tag = LanguageTag(name) {
        key = tag.rawValue
      } else {
        throw ConfigurationError(
          "\"\(path)\" has \"\(name)\", which is neither \"default\" nor a BCP 47 language tag")
      }
      guard case .object(let entries) = fields else {
        throw ConfigurationError("\"\(path).\(name)\" must be an object of limits")
      }
      var overrides = locales[key] ?? [:]
      for (field, value) in entries {
        guard let limit = LocaleLimits.Key(rawValue: field) else {
          throw unknownKey(
            field, in: "\(path).\(name)", known: LocaleLimits.Key.allCases.map(\.rawValue))
        }
        let expected = LocaleLimits.expectation(limit)
        guard let accepted = expected.accept(value) else {
          throw ConfigurationError(
            "\"\(path).\(name).\(field)\" is \(describe(value)); expected \(expected.description)"
          )
        }
        overrides[limit] = accepted
      }
      locales[key] = overrides
    }
  }

  private static func mergeMedia(
    _ value: JSONValue, into media: inout MediaOverrides, path: String
  ) throws(ConfigurationError) {
    guard case .object(let entries) = value else {
      throw ConfigurationError("\"\(path)\" must be an object of limits")
    }
    for (field, value) in entries {
      guard let limit = MediaLimits.Key(rawValue: field) else {
        throw unknownKey(field, in: path, known: MediaLimits.Key.allCases.map(\.rawValue))
      }
      let expected = MediaLimits.expectation(limit)
      guard let accepted = expected.accept(value) else {
        throw ConfigurationError(
          "\"\(path).\(field)\" is \(describe(value)); expected \(expected.description)")
      }
      media[limit] = accepted
    }
  }

  private static func unknownKey(
    _ key: String, in path: String?, known: [String], noun: String = "key"
  ) -> ConfigurationError {
    let place = path.map { " in \"\($0)\"" } ?? ""
    var message = "unknown \(noun) \"\(key)\"\(place)"
    if let near = nearest(key, in: known) { message += "; did you mean \"\(near)\"?" }
    return ConfigurationError(message)
  }

  /// The known name closest to `name` by edit distance, when it is close enough.
  private static func nearest(_ name: String, in known: [String]) -> String? {
    func distance(_ a: [Character], _ b: [Character]) -> Int {
      var previous = Array(0...b.count)
      for (i, x) in a.enumerated() {
        var current = [i + 1] + Array(repeating: 0, count: b.count)
        for (j, y) in b.enumerated() {
          current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1))
        }
        previous = current
      }
      return previous[b.count]
    }
    let target = Array(name)
    let scored = known.map { ($0, distance(target, Array($0))) }.min { $0.1 < $1.1 }
    guard let best = scored, best.1 <= max(2, name.count / 3) else { return nil }
    return best.0
  }

  private static func describe(_ value: JSONValue) -> String {
    switch value {
    case .string(let text): return "\"\(text)\""
    case .number(let n): return n == n.rounded() && abs(n) < 1e15 ? String(Int64(n)) : "\(n)"
    case .bool(let b): return b ? "true" : "false"
    default: return value.typeName
    }
  }
}
