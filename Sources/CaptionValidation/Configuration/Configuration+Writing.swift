extension Configuration {
  /// The configuration as the JSON of `Config/captionkit.json`, keys in a fixed order.
  var json: JSONValue {
    var members: [(key: String, value: JSONValue)] = []
    members.append(("version", .number(Double(Self.currentVersion))))
    members.append(("rules", Self.json(rules)))
    members.append(("locales", Self.json(locales)))
    members.append(
      ("media", .object(MediaLimits.Key.allCases.map { ($0.rawValue, Self.json(media.value($0))) }))
    )
    members.append(("requiredLocales", .array(requiredLocales.map { .string($0) })))
    var profileMembers: [(key: String, value: JSONValue)] = []
    for name in profileNames {
      guard let profile = profiles[name] else { continue }
      var body: [(key: String, value: JSONValue)] = [("summary", .string(profile.summary))]
      if !profile.rules.isEmpty { body.append(("rules", Self.json(profile.rules))) }
      if !profile.locales.isEmpty { body.append(("locales", Self.json(profile.locales))) }
      if !profile.media.isEmpty {
        body.append(
          (
            "media",
            .object(
              MediaLimits.Key.allCases.compactMap { key in
                profile.media[key].map { (key.rawValue, Self.json($0)) }
              })
          ))
      }
      profileMembers.append((name, .object(body)))
    }
    members.append(("profiles", .object(profileMembers)))
    return .object(members)
  }

  /// The configuration as formatted JSON text, two spaces per level, ending with a newline.
  public var jsonText: String {
    var text = ""
    Self.render(json, indent: 0, into: &text)
    return text + "\n"
  }

  private static func json(_ rules: [String: RuleSetting]) -> JSONValue {
    let known = RuleRegistry.rules.map(\.id).filter { rules[$0] != nil }
    let others = rules.keys.filter { RuleRegistry.rule(id: $0) == nil }.sorted()
    return .object((known + others).compactMap { id in rules[id].map { (id, .string($0.name)) } })
  }

  private static func json(_ locales: [String: LocaleOverrides]) -> JSONValue {
    let keys =
      (locales[defaultLocaleKey] == nil ? [] : [defaultLocaleKey])
      + locales.keys.filter { $0 != defaultLocaleKey }.sorted()
    return .object(
      keys.map { key in
        let overrides = locales[key] ?? [:]
        return (
          key,
          .object(
            LocaleLimits.Key.allCases.compactMap { field in
              overrides[field].map { (field.rawValue, json($0)) }
            })
        )
      })
  }

  private static func json(_ value: ConfigurationValue) -> JSONValue {
    switch value {
    case .number(let n): return .number(n)
    case .bool(let b): return .bool(b)
    case .string(let s): return .string(s)
    }
  }

  private static func render(_ value: JSONValue, indent: Int, into text: inout String) {
    let padding = String(repeating: " ", count: indent + 2)
    switch value {
    case .null: text += "null"
    case .bool(let b): text += b ? "true" : "false"
    case .number(let n):
      text += n == n.rounded() && abs(n) < 1e15 ? String(Int64(n)) : String(n)
    case .string(let s): text += quote(s)
    case .array(let items):
      if items.isEmpty {
        text += "[]"
        return
      }
      text += "[\n"
      for (index, item) in items.enumerated() {
        text += padding
        render(item, indent: indent + 2, into: &text)
        text += index + 1 < items.count ? ",\n" : "\n"
      }
      text += String(repeating: " ", count: indent) + "]"
    case .object(let members):
      if members.isEmpty {
        text += "{}"
        return
      }
      text += "{\n"
      for (index, member) in members.enumerated() {
        text += padding + quote(member.key) + ": "
        render(member.value, indent: indent + 2, into: &text)
        text += index + 1 < members.count ? ",\n" : "\n"
      }
      text += String(repeating: " ", count: indent) + "}"
    }
  }

  private static func quote(_ string: String) -> String {
    var result = "\""
    for scalar in string.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\t": result += "\\t"
      case "\u{0}"..."\u{1F}":
        let hex = String(scalar.value, radix: 16)
        result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }
}
