import Foundation
import Testing

@testable import CaptionCLI

/// `captionkit completions`: scripts that shells load, made from the commands' definitions.
struct CompletionsCommandTests {
  static let names = CaptionKitCommand.commands.map(\.name)

  /// The script for `shell`, written to a file in `folder`.
  static func script(_ shell: String, in folder: TemporaryFolder) throws -> (String, String) {
    let run = ToolRun(["completions", shell])
    #expect(run.status == 0)
    #expect(run.stderr.isEmpty)
    return (run.stdout, try folder.file("captionkit.\(shell)", run.stdout))
  }

  /// Runs a shell command line and returns its standard output.
  static func shell(_ executable: String, _ arguments: [String]) throws -> EndToEndTests.Result {
    try EndToEndTests.run(executable, arguments, stdin: nil)
  }

  @Test(arguments: ["bash", "zsh", "fish"]) func namesEveryCommandAndTheirOptions(shell: String)
    throws
  {
    let folder = try TemporaryFolder()
    let (text, _) = try Self.script(shell, in: folder)
    #expect(!text.isEmpty)
    for name in Self.names + ["help"] {
      #expect(text.contains(name), "\(name) is missing from the \(shell) script")
    }
    // Options are spelled as each shell wants them.
    let spelled =
      shell == "fish"
      ? ["-l fail-on", "-l timeout", "-l manifest", "-s o", "-l version -s V"]
      : ["--fail-on", "--timeout", "--manifest", "--output", "--version"]
    for option in spelled {
      #expect(text.contains(option), "\(option) is missing from the \(shell) script")
    }
  }

  @Test func theBashScriptParsesAndCompletes() throws {
    let folder = try TemporaryFolder()
    let (_, path) = try Self.script("bash", in: folder)
    #expect(try Self.shell("/bin/bash", ["-n", path]).status == 0)
    try folder.file("media/film.mp4", "")
    try folder.file("media/notes/a.vtt", "")
    let lines = """
      source '\(path)'
      cd '\(folder.path)/media'
      complete -p captionkit
      try() { COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _captionkit; echo "${COMPREPLY[*]}"; }
      try captionkit val
      try captionkit validate --fail
      try captionkit completions ''
      try captionkit help tra
      try captionkit extract film.mp4 -o ''
      try captionkit probe fi
      try captionkit validate --fail-on ''
      """
    let result = try Self.shell("/bin/bash", ["-c", lines])
    #expect(result.stderr == "")
    #expect(
      result.stdout == """
        complete -o filenames -F _captionkit captionkit
        validate
        --fail-on
        bash zsh fish
        transcript
        notes
        film.mp4


        """)
  }

  @Test func theZshScriptParses() throws {
    let folder = try TemporaryFolder()
    let (text, path) = try Self.script("zsh", in: folder)
    #expect(text.hasPrefix("#compdef captionkit\n"))
    #expect(try Self.shell("/usr/bin/zsh", ["-n", path]).status == 0)
    #expect(text.contains("'validate:Check media and caption files and report what is wrong"))
    #expect(text.contains("'1:shell:(bash zsh fish)'"))
    #expect(
      text.contains("'(-o --output)'{-o,--output}'[Write the report to this file]:file:_files'"))
  }

  @Test func theFishScriptParsesAndCompletes() throws {
    let folder = try TemporaryFolder()
    let (_, path) = try Self.script("fish", in: folder)
    #expect(try Self.shell("/usr/bin/fish", ["--no-execute", path]).status == 0)
    let lines = """
      source '\(path)'
      complete -C'captionkit val'
      complete -C'captionkit validate --fail'
      complete -C'captionkit completions '
      """
    let result = try Self.shell("/usr/bin/fish", ["--no-config", "-c", lines])
    #expect(result.stderr == "")
    #expect(
      result.stdout == """
        validate\tCheck media and caption files and report what is wrong with them
        --fail-on\terror (default), warning or never: the findings that make the exit status 1
        bash
        fish
        zsh

        """)
  }

  @Test func anUnknownShellIsAUsageError() {
    let run = ToolRun(["completions", "zhs"])
    #expect(run.status == 64)
    #expect(
      run.stderr == """
        error: unknown shell 'zhs'; expected one of bash, zsh, fish
        hint: did you mean 'zsh'?
        usage: captionkit completions <shell>

        """)
    #expect(ToolRun(["completions"]).status == 64)
  }
}
