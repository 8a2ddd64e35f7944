/// Sorts a command's arguments into options, flags and positionals by its configuration.
///
/// Accepted forms: `--name value`, `--name=value`, `-n value`, `-nvalue`, flags, repeated
/// options, positionals anywhere, `--` to end options, and `-` as a positional (standard
/// input or output). An option that takes a value takes the next argument whatever it looks
/// like, so `--shift -1.5` works.
enum ArgumentParser {
  static func parse(
    _ arguments: [String], for configuration: CommandConfiguration
  ) throws(UsageError) -> ParsedArguments {
    var result = ParsedArguments()
    let endOfOptions = arguments.firstIndex(of: "--") ?? arguments.count
    if arguments[..<endOfOptions].contains(where: { $0 == "-h" || $0 == "--help" }) {
      result.helpRequested = true
      return result
    }
    var index = 0
    var onlyPositionals = false
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if onlyPositionals || argument == "-" || !argument.hasPrefix("-") {
        result.positionals.append(argument)
        continue
      }
      if argument == "--" {
        onlyPositionals = true
        continue
      }
      let option: CommandConfiguration.Option
      var inlineValue: String?
      if argument.hasPrefix("--") {
        let body = argument.dropFirst(2)
        let name: Substring
        if let equals = body.firstIndex(of: "=") {
          name = body[..<equals]
          inlineValue = String(body[body.index(after: equals)...])
        } else {
          name = body
        }
        guard let found = configuration.option(long: String(name)) else {
          throw UsageError(
            "unknown option '--\(name)'", given: "--\(name)",
            candidates: configuration.options.map { "--\($0.long)" } + ["--help"])
        }
        option = found
      } else {
        let body = argument.dropFirst()
        guard let letter = body.first, let found = configuration.option(short: letter) else {
          throw UsageError("unknown option '\(argument)'")
        }
        option = found
        let rest = body.dropFirst()
        if !rest.isEmpty {
          inlineValue = String(rest.hasPrefix("=") ? rest.dropFirst() : rest)
        }
      }
      let display = "--\(option.long)"
      if option.isFlag {
        if inlineValue != nil { throw UsageError("option '\(display)' takes no value") }
        result.flags.insert(option.long)
        continue
      }
      let value: String
      if let inlineValue {
        value = inlineValue
      } else if index < arguments.count {
        value = arguments[index]
        index += 1
      } else {
        throw UsageError("missing value for option '\(display)'")
      }
      if !option.repeats, result.options[option.long] != nil {
        throw UsageError("option '\(display)' given more than once")
      }
      result.options[option.long, default: []].append(value)
    }
    try checkPositionals(result.positionals, for: configuration)
    return result
  }

  private static func checkPositionals(
    _ positionals: [String], for configuration: CommandConfiguration
  ) throws(UsageError) {
    let expected = configuration.arguments
    let required = expected.prefix { !$0.optional }.count
    if positionals.count < required {
      throw UsageError("missing argument <\(expected[positionals.count].name)>")
    }
    let repeats = expected.last?.repeats ?? false
    if !repeats, positionals.count > expected.count {
      throw UsageError("unexpected argument '\(positionals[expected.count])'")
    }
  }
}
