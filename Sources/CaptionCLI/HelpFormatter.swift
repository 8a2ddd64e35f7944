/// Writes the `--help` text of the tool and of each command from their configurations.
enum HelpFormatter {
  /// Width of the left column (option synopses) including its indent.
  static let column = 28

  static func help(for configuration: CommandConfiguration) -> String {
    var text = "OVERVIEW: \(configuration.abstract)\n\n"
    text += "USAGE: captionkit \(configuration.usage)\n"
    if let discussion = configuration.discussion {
      text += "\n\(discussion)\n"
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
    text += row("--version", "Show the version.")
    text += row("-h, --help", "Show help information.")
    text += "\nSee 'captionkit <command> --help' for the options of a command.\n"
    return text
  }

  /// One two-column row; a long left part puts the help on the next line.
  private static func row(_ left: String, _ help: String) -> String {
    let indented = "  " + left
    if indented.count + 2 > column {
      return indented + "\n" + String(repeating: " ", count: column) + help + "\n"
    }
    return indented + String(repeating: " ", count: column - indented.count) + help + "\n"
  }
}
