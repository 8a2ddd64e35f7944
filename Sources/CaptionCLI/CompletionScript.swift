/// Shell completion scripts for bash, zsh and fish, made from the commands' configurations,
/// so that a new command or option completes as soon as it exists.
enum CompletionScript {
  enum Shell: String, CaseIterable {
    case bash, zsh, fish
  }

  /// What the value of an option or argument completes to.
  enum ValueKind: Equatable {
    case file, folder, other

    /// Judged by the placeholder help shows: `<file>`, `<folder>`, ...
    init(valueName: String) {
      switch valueName {
      case "file", "file.html", "file[:options]", "output", "input", "media", "path",
        "captions":
        self = .file
      case "folder", "dir":
        self = .folder
      default:
        self = .other
      }
    }
  }

  /// The options the tool itself takes before a command.
  static let toolOptions: [CommandConfiguration.Option] = [
    .init("version", short: "V", help: "Show the version."),
    .init("help", short: "h", help: "Show help information."),
  ]

  static func script(for shell: Shell, commands: [CommandConfiguration]) -> String {
    switch shell {
    case .bash: return bash(commands)
    case .zsh: return zsh(commands)
    case .fish: return fish(commands)
    }
  }

  /// The first sentence of a help text, without its final period: a short description.
  static func summary(_ help: String) -> String {
    var text = Substring(help)
    for index in text.indices where text[index] == "." {
      let next = text.index(after: index)
      if next < text.endIndex, text[next] == " " {
        text = text[..<index]
        break
      }
    }
    if text.hasSuffix(".") && !text.hasSuffix("..") { text.removeLast() }
    return String(text)
  }

  /// Every spelling of an option: `--output`, `-o`.
  private static func spellings(_ option: CommandConfiguration.Option) -> [String] {
    ["--\(option.long)"] + (option.short.map { ["-\($0)"] } ?? [])
  }

  /// What a command's positional arguments complete to.
  private enum Arguments {
    case none, files
    case words([String])

    init(_ command: CommandConfiguration) {
      if let choices = command.arguments.first?.choices, !choices.isEmpty {
        self = .words(choices)
      } else {
        self = command.arguments.isEmpty ? .none : .files
      }
    }
  }

  // MARK: - bash

  private static func bash(_ commands: [CommandConfiguration]) -> String {
    let names = commands.map(\.name)
    let first = (names + ["help"] + toolOptions.flatMap(spellings)).joined(separator: " ")
    var text = """
      # bash completion for captionkit (made by 'captionkit completions bash')
      _captionkit() {
        local cur="${COMP_WORDS[COMP_CWORD]}" prev=""
        [ "$COMP_CWORD" -gt 0 ] && prev="${COMP_WORDS[COMP_CWORD-1]}"
        COMPREPLY=()
        if [ "$COMP_CWORD" -le 1 ]; then
          COMPREPLY=($(compgen -W "\(first)" -- "$cur"))
          return 0
        fi
        local options="" files="" folders="" others="" arguments="" words=""
        case "${COMP_WORDS[1]}" in

      """
    for command in commands {
      var files: [String] = []
      var folders: [String] = []
      var others: [String] = []
      for option in command.options {
        guard let valueName = option.valueName else { continue }
        switch ValueKind(valueName: valueName) {
        case .file: files += spellings(option)
        case .folder: folders += spellings(option)
        case .other: others += spellings(option)
        }
      }
      let options = (command.options.flatMap(spellings) + ["--help", "-h"])
      text += "    \(command.name))\n"
      text += "      options=\"\(options.joined(separator: " "))\"\n"
      if !files.isEmpty { text += "      files=\"\(files.joined(separator: " "))\"\n" }
      if !folders.isEmpty { text += "      folders=\"\(folders.joined(separator: " "))\"\n" }
      if !others.isEmpty { text += "      others=\"\(others.joined(separator: " "))\"\n" }
      switch Arguments(command) {
      case .none: break
      case .files: text += "      arguments=-f\n"
      case .words(let words): text += "      words=\"\(words.joined(separator: " "))\"\n"
      }
      text += "      ;;\n"
    }
    text += """
          help)
            [ "$COMP_CWORD" -eq 2 ] && COMPREPLY=($(compgen -W "\(names.joined(separator: " "))" -- "$cur"))
            return 0
            ;;
          *)
            return 0
            ;;
        esac
        case " $files " in *" $prev "*) COMPREPLY=($(compgen -f -- "$cur")); return 0 ;; esac
        case " $folders " in *" $prev "*) COMPREPLY=($(compgen -d -- "$cur")); return 0 ;; esac
        case " $others " in *" $prev "*) return 0 ;; esac
        if [[ "$cur" == -* ]]; then
          COMPREPLY=($(compgen -W "$options" -- "$cur"))
        elif [ -n "$words" ]; then
          COMPREPLY=($(compgen -W "$words" -- "$cur"))
        elif [ -n "$arguments" ]; then
          COMPREPLY=($(compgen -f -- "$cur"))
        fi
        return 0
      }
      complete -o filenames -F _captionkit captionkit

      """
    return text
  }

  // MARK: - zsh

  private static func zsh(_ commands: [CommandConfiguration]) -> String {
    var text = """
      #compdef captionkit
      # zsh completion for captionkit (made by 'captionkit completions zsh')

      _captionkit() {
        local context state state_descr line
        typeset -A opt_args
        local -a commands
        commands=(

      """
    for command in commands {
      text += "    \(zshQuote("\(command.name):\(summary(command.abstract))"))\n"
    }
    text += "    'help:Show the help of a command'\n"
    text += "  )\n"
    text += "  _arguments -C \\\n"
    text += "    '(- *)'{-V,--version}'[Show the version]' \\\n"
    text += "    '(- *)'{-h,--help}'[Show help information]' \\\n"
    text += "    '1: :->command' \\\n"
    text += "    '*:: :->arguments'\n"
    text += """
        case $state in
          command)
            _describe -t commands 'captionkit command' commands
            ;;
          arguments)
            case $words[1] in

      """
    for command in commands {
      text += "        \(command.name))\n"
      text += "          _arguments -s \\\n"
      for option in command.options {
        text += "            \(zshSpec(option)) \\\n"
      }
      text += "            '(- *)'{-h,--help}'[Show help information]'"
      let repeats = command.arguments.last?.repeats ?? false
      let name = command.arguments.first?.name ?? "path"
      let position = repeats ? "*" : "1"
      switch Arguments(command) {
      case .none: break
      case .files: text += " \\\n            '\(position):\(name):_files'"
      case .words(let words):
        text += " \\\n            '\(position):\(name):(\(words.joined(separator: " ")))'"
      }
      text += "\n          ;;\n"
    }
    text += """
              help)
                _describe -t commands 'captionkit command' commands
                ;;
            esac
            ;;
        esac
      }

      _captionkit "$@"

      """
    return text
  }

  /// One `_arguments` spec: `'(-o --output)'{-o,--output}'[The file to write]:output:_files'`.
  private static func zshSpec(_ option: CommandConfiguration.Option) -> String {
    var description = "[\(zshBracketed(summary(option.help)))]"
    if let valueName = option.valueName {
      description += ":\(escaped(valueName, [":": "\\:"])):"
      description += zshAction(ValueKind(valueName: valueName))
    }
    let repeats = option.repeats ? "*" : ""
    guard let short = option.short else {
      return zshQuote("\(repeats)--\(option.long)\(description)")
    }
    let exclusion = option.repeats ? "*" : "'(-\(short) --\(option.long))'"
    return "\(exclusion){-\(short),--\(option.long)}\(zshQuote(description))"
  }

  private static func zshAction(_ kind: ValueKind) -> String {
    switch kind {
    case .file: return "_files"
    case .folder: return "_files -/"
    case .other: return " "
    }
  }

  /// Text inside `[...]` of a spec: brackets and backslashes escaped.
  private static func zshBracketed(_ text: String) -> String {
    escaped(text, ["\\": "\\\\", "[": "\\[", "]": "\\]"])
  }

  /// A single-quoted zsh word.
  private static func zshQuote(_ text: String) -> String {
    "'" + escaped(text, ["'": "'\\''"]) + "'"
  }

  // MARK: - fish

  private static func fish(_ commands: [CommandConfiguration]) -> String {
    var text = "# fish completion for captionkit (made by 'captionkit completions fish')\n"
    let names = commands.map(\.name) + ["help"]
    let noCommand = "not __fish_seen_subcommand_from \(names.joined(separator: " "))"
    text += "complete -c captionkit -n \(fishQuote(noCommand)) -f\n"
    for option in toolOptions {
      text +=
        "complete -c captionkit -n \(fishQuote(noCommand)) -l \(option.long)"
        + " -s \(option.short.map(String.init) ?? "") -d \(fishQuote(summary(option.help)))\n"
    }
    for command in commands {
      text +=
        "complete -c captionkit -n \(fishQuote(noCommand)) -a \(command.name)"
        + " -d \(fishQuote(summary(command.abstract)))\n"
    }
    text +=
      "complete -c captionkit -n \(fishQuote(noCommand)) -a help"
      + " -d \(fishQuote("Show the help of a command"))\n"
    for command in commands {
      let condition = fishQuote("__fish_seen_subcommand_from \(command.name)")
      switch Arguments(command) {
      case .none: text += "complete -c captionkit -n \(condition) -f\n"
      case .files: break
      case .words(let words):
        text +=
          "complete -c captionkit -n \(condition) -f -a "
          + fishQuote(words.joined(separator: " ")) + "\n"
      }
      for option in command.options + [toolOptions[1]] {
        var line = "complete -c captionkit -n \(condition) -l \(option.long)"
        if let short = option.short { line += " -s \(short)" }
        if let valueName = option.valueName {
          switch ValueKind(valueName: valueName) {
          case .file: line += " -r -F"
          case .folder: line += " -r -f -a '(__fish_complete_directories)'"
          case .other: line += " -x"
          }
        }
        line += " -d \(fishQuote(summary(option.help)))"
        text += line + "\n"
      }
    }
    let helpCondition = fishQuote("__fish_seen_subcommand_from help")
    text +=
      "complete -c captionkit -n \(helpCondition) -f -a "
      + fishQuote(commands.map(\.name).joined(separator: " ")) + "\n"
    return text
  }

  /// A single-quoted fish word.
  private static func fishQuote(_ text: String) -> String {
    "'" + escaped(text, ["\\": "\\\\", "'": "\\'"]) + "'"
  }

  /// `text` with each character that `replacements` names replaced by its replacement.
  private static func escaped(_ text: String, _ replacements: [Character: String]) -> String {
    var result = ""
    for character in text { result += replacements[character] ?? String(character) }
    return result
  }
}
