import Foundation
import Testing

/// Checks a JSON value against a JSON Schema draft 4 document: the keywords the SARIF 2.1.0
/// schema uses (`type`, `$ref`, `properties`, `additionalProperties`, `required`, `items`,
/// `minItems`, `uniqueItems`, `enum`, `minimum`, `maximum`, `pattern`, `anyOf`, `oneOf`).
/// `format` is not checked, as draft 4 validators do by default.
struct JSONSchemaValidator {
  let root: [String: Any]

  init(schema data: Data) throws {
    guard let root = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
      throw CocoaError(.coderReadCorrupt)
    }
    self.root = root
  }

  /// Every violation, as `path: problem`.
  func errors(in value: Any) -> [String] {
    var errors: [String] = []
    check(value, against: root, at: "$", into: &errors)
    return errors
  }

  private func resolve(_ schema: [String: Any]) -> [String: Any] {
    guard let reference = schema["$ref"] as? String, reference.hasPrefix("#/") else {
      return schema
    }
    var current: Any = root
    for part in reference.dropFirst(2).split(separator: "/") {
      guard let object = current as? [String: Any], let next = object[String(part)] else {
        return [:]
      }
      current = next
    }
    return resolve(current as? [String: Any] ?? [:])
  }

  private func typeName(_ value: Any) -> String {
    if value is NSNull { return "null" }
    if let number = value as? NSNumber {
      if String(cString: number.objCType) == "c" { return "boolean" }
      return number.doubleValue == number.doubleValue.rounded() ? "integer" : "number"
    }
    if value is String { return "string" }
    if value is [Any] { return "array" }
    if value is [String: Any] { return "object" }
    return "unknown"
  }

  private func check(
    _ value: Any, against raw: [String: Any], at path: String, into errors: inout [String]
  ) {
    let schema = resolve(raw)
    if let types = schema["type"] {
      let allowed = (types as? [String]) ?? [(types as? String) ?? ""]
      let actual = typeName(value)
      let matches =
        allowed.contains(actual) || (actual == "integer" && allowed.contains("number"))
      if !matches { errors.append("\(path): \(actual) is not \(allowed)") }
    }
    if let options = schema["enum"] as? [Any] {
      if !options.contains(where: { "\($0)" == "\(value)" }) {
        errors.append("\(path): \(value) is not one of \(options)")
      }
    }
    if let number = value as? NSNumber, typeName(value) != "boolean" {
      if let minimum = schema["minimum"] as? Double, number.doubleValue < minimum {
        errors.append("\(path): \(number) < \(minimum)")
      }
      if let maximum = schema["maximum"] as? Double, number.doubleValue > maximum {
        errors.append("\(path): \(number) > \(maximum)")
      }
    }
    if let string = value as? String, let pattern = schema["pattern"] as? String,
      let expression = try? NSRegularExpression(pattern: pattern)
    {
      let range = NSRange(string.startIndex..., in: string)
      if expression.firstMatch(in: string, range: range) == nil {
        errors.append("\(path): '\(string)' does not match \(pattern)")
      }
    }
    if let array = value as? [Any] {
      if let minimum = schema["minItems"] as? Int, array.count < minimum {
        errors.append("\(path): fewer than \(minimum) items")
      }
      if schema["uniqueItems"] as? Bool == true {
        let strings = array.map { "\($0)" }
        if Set(strings).count != strings.count { errors.append("\(path): items not unique") }
      }
      if let items = schema["items"] as? [String: Any] {
        for (index, item) in array.enumerated() {
          check(item, against: items, at: "\(path)[\(index)]", into: &errors)
        }
      }
    }
    if let object = value as? [String: Any] {
      let properties = schema["properties"] as? [String: Any] ?? [:]
      for name in schema["required"] as? [String] ?? [] where object[name] == nil {
        errors.append("\(path): missing required '\(name)'")
      }
      for (key, item) in object {
        if let property = properties[key] as? [String: Any] {
          check(item, against: property, at: "\(path).\(key)", into: &errors)
        } else if schema["additionalProperties"] as? Bool == false {
          errors.append("\(path): unexpected property '\(key)'")
        } else if let additional = schema["additionalProperties"] as? [String: Any] {
          check(item, against: additional, at: "\(path).\(key)", into: &errors)
        }
      }
    }
    for keyword in ["anyOf", "oneOf"] {
      guard let options = schema[keyword] as? [[String: Any]] else { continue }
      let passing = options.filter { option in
        var optionErrors: [String] = []
        check(value, against: option, at: path, into: &optionErrors)
        return optionErrors.isEmpty
      }.count
      if passing == 0 || (keyword == "oneOf" && passing > 1) {
        errors.append("\(path): \(passing) of the \(keyword) schemas match")
      }
    }
  }

  static let sarifVariable = "CAPTIONKIT_SARIF_SCHEMA"

  /// True when `CAPTIONKIT_SARIF_SCHEMA` is set; the schema tests are enabled by this.
  static var isSARIFConfigured: Bool {
    !(ProcessInfo.processInfo.environment[sarifVariable] ?? "").isEmpty
  }

  static let sarifSkipComment: Comment =
    "SARIF schema check not run: set CAPTIONKIT_SARIF_SCHEMA to sarif-schema-2.1.0.json"

  /// The SARIF 2.1.0 schema from the file `CAPTIONKIT_SARIF_SCHEMA` names (read in place).
  static func sarif() throws -> JSONSchemaValidator {
    let path = ProcessInfo.processInfo.environment[sarifVariable] ?? ""
    return try JSONSchemaValidator(schema: Data(contentsOf: URL(fileURLWithPath: path)))
  }
}
