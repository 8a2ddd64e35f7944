/// `captionkit completions`: prints a completion script for a shell, made from the commands'
/// configurations.
enum CompletionsCommand: CaptionCommand {
  static let configuration = CommandConfiguration(
    name: "completions",
    abstract: "Print a shell completion script for bash, zsh or fish.",
    usage: "completions <shell>",
    discussion: """
      The script completes the commands, their options, and file or folder names where an \
      option takes one. It is made from the same definitions as the help, so it changes \
      with the tool: make it again after an update. Load it with \
      'source <(captionkit completions bash)' in ~/.bashrc, write it to a folder of \
      $fpath as _captionkit for zsh, or to ~/.config/fish/completions/captionkit.fish.
      """,
    arguments: [
      .init(
        "shell", choices: CompletionScript.Shell.allCases.map(\.rawValue),
        help: "bash, zsh or fish.")
    ])

  static func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> Int32 {
    let name = arguments.positionals[0]
    guard let shell = CompletionScript.Shell(rawValue: name) else {
      let names = CompletionScript.Shell.allCases.map(\.rawValue)
      throw UsageError(
        "unknown shell '\(name)'; expected one of " + names.joined(separator: ", "),
        given: name, candidates: names)
    }
    let script = CompletionScript.script(for: shell, commands: CaptionKitCommand.commands)
    do {
      try context.stdout.write(Array(script.utf8))
    } catch {
      throw CommandFailure.standardOutput(error)
    }
    return ExitCode.success
  }
}
