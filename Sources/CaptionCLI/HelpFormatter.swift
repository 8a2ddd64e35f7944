/// Writes the `--help` text of the tool and of each command from their configurations.
enum HelpFormatter {
  /// Width of the left column (option synopses) including its indent.
  static let column = 28

  static func help(for configuration: CommandConfiguration) -> String {
    var text = "OVERVIEW: \(configuration.abstract)\n\n"
    text += "USAGE: " + usageLines(configuration.usage).joined(separator: "\n         ") + "\n"
    if let discussion = configuration.discussion {
      text += "\n"
      for paragraph in discussion.split(separator: "\n", omittingEmptySubsequences: false) {
        text += wrap(String(paragraph), width: width).joined(separator: "\n") + "\n"
      }
    }
    if !configuration.arguments.isEmpty {
      text += "\nARGUMENTS:\n"
      for argument in configuration.arguments {
        let name = "<\(argument.name)>" + (argument.repeats ? " ..." : "")
        text += row(name, argument.help)
      }
    }
    text += "\nOPTIONS:\n"
    for option in configuration.options {
      text += row(option.synopsis, option.help)
    }
    text += row("-h, --help", "Show help information.")
    return text
  }

  static func toolHelp(commands: [CommandConfiguration]) -> String {
    var text = "OVERVIEW: Read, check and convert caption files.\n\n"
    text += "USAGE: captionkit <command> [options]\n\n"
    text += "COMMANDS:\n"
    for command in commands {
      text += row(command.name, command.abstract)
    }
    text += "\nOPTIONS:\n"
    text += row("-V, --version", "Show the version.")
    text += row("-h, --help", "Show help information.")
    text += "\nSee 'captionkit <command> --help' for the options of a command.\n"
    return text
  }

  /// One two-column row, the help wrapped to `width`; a long left part puts the help on the
  /// next line.
  private static func row(_ left: String, _ help: String) -> String {
    let indented = "  " + left
    let padding = String(repeating: " ", count: column)
    let lines = wrap(help, width: width - column)
    var text: String
    if indented.count + 2 > column {
      text = indented + "\n" + padding
    } else {
      text = indented + String(repeating: " ", count: column - indented.count)
    }
    text += lines.joined(separator: "\n" + padding) + "\n"
    return text
  }

  /// The usage line broken before `[` groups so that no line is longer than the width.
  static func usageLines(_ usage: String) -> [String] {
    let parts = ("captionkit " + usage).split(separator: " [").map(String.init)
    var lines: [String] = []
    var current = ""
    for (index, part) in parts.enumerated() {
      let unit = index == 0 ? part : "[" + part
      if current.isEmpty {
        current = unit
      } else if 9 + current.count + 1 + unit.count <= width {
        current += " " + unit
      } else {
        lines.append(current)
        current = unit
      }
    }
    lines.append(current)
    return lines
  }

  /// Total width of help text.
  static let width = 80

  /// Splits text into lines of at most `width` characters at spaces (a longer word gets a
  /// line of its own).
  static func wrap(_ text: String, width: Int) -> [String] {
    var lines: [String] = []
    var current = ""
    for word in text.split(separator: " ") {
      if current.isEmpty {
        current = String(word)
      } else if current.count + 1 + word.count <= width {
        current += " " + word
      } else {
        lines.append(current)
        current = String(word)
      }
    }
    lines.append(current)
    return lines
  }
}
