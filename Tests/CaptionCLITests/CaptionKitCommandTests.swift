import CaptionKit
import Testing

@testable import CaptionCLI

struct CaptionKitCommandTests {
  @Test(arguments: ["--version", "-V"]) func printsTheVersion(option: String) {
    let run = ToolRun([option])
    #expect(run.status == 0)
    #expect(run.stdout == "captionkit \(CaptionKitVersion.current)\n")
    #expect(run.stderr.isEmpty)
  }

  @Test func printsToolHelp() {
    let expected = """
      OVERVIEW: Read, check and convert caption files.

      USAGE: captionkit <command> [options]

      COMMANDS:
        convert                   Convert a caption file to another format.
        validate                  Check media and caption files and report what is
                                  wrong with them.
        fix                       Repair timing, line breaks and file-level problems
                                  of a caption file.
        sync                      Align a caption file to the speech of a media file
                                  or to another caption file.
        probe                     Show a media file's format, streams and chapters.
        extract                   Write the text subtitle streams of a media file as
                                  caption files.
        mux                       Add caption files to a media file as text tracks.
        package                   Write caption files as the subtitle renditions of an
                                  HLS package.
        speech                    List where a media file's audio holds speech.
        rules                     List the rules validate runs, with their severities.
        transcript                Merge captions, descriptions and chapters into an
                                  accessible transcript.
        batch                     Check many media and caption files in parallel, one
                                  JSON line per input.
        completions               Print a shell completion script for bash, zsh or
                                  fish.

      OPTIONS:
        -V, --version             Show the version.
        -h, --help                Show help information.

      See 'captionkit <command> --help' for the options of a command.

      """
    for arguments in [["--help"], ["-h"], ["help"]] {
      let run = ToolRun(arguments)
      #expect(run.status == 0)
      #expect(run.stdout == expected)
    }
  }

  @Test func printsConvertHelp() {
    let expected = """
      OVERVIEW: Convert a caption file to another format.

      USAGE: captionkit convert <input> -o <output> [--to <format>]
               [--encoding <name>] [--shift <seconds>] [--scc-mode <mode>]
               [--locale <tag>] [--max-findings <n>] [--fail-on <severity>]

      Reader findings and what the output format cannot carry are printed on standard
      error. The output is written to a temporary file in the same folder and renamed
      into place. Exits 1 when the output is written but a finding is at or above
      --fail-on (default error: the reader dropped cues or settings it could not
      read), 65 when the input cannot be read as captions.

      ARGUMENTS:
        <input>                   The caption file to read, or - for standard input.

      OPTIONS:
        -o, --output <output>     The file to write, or - for standard output.
        --to <format>             vtt, srt, ttml, ass, scc or json; by default taken
                                  from the output's extension.
        --shift <seconds>         Move every cue by this many seconds (exact to 1 ms,
                                  may be negative).
        --scc-mode <mode>         How SCC captions are sent: pop-on (the default),
                                  roll-up (2 rows), roll-up-3 or roll-up-4.
        --max-findings <n>        Print at most this many findings of each rule
                                  (default 20; 0 prints all).
        --fail-on <severity>      error (default), warning or never: the least
                                  severity of a finding that makes the exit status 1
                                  (the output is still written).
        --encoding <name>         auto (default) or the encoding to decode with:
                                  UTF-8, windows-1252, CP949, ...
        --locale <tag>            The language of the text (BCP 47), such as ko or
                                  pt-BR.
        --max-input-size <bytes>  Refuse larger inputs (default 536870912).
        -h, --help                Show help information.

      """
    for arguments in [["convert", "--help"], ["convert", "a.vtt", "-h"], ["help", "convert"]] {
      let run = ToolRun(arguments)
      #expect(run.status == 0)
      #expect(run.stdout == expected)
      #expect(run.stderr.isEmpty)
    }
  }

  @Test func validateHelpListsEveryOption() {
    let run = ToolRun(["validate", "--help"])
    #expect(run.status == 0)
    #expect(
      run.stdout.hasPrefix("OVERVIEW: Check media and caption files and report what is wrong"))
    for option in [
      "--format <format>", "-o, --output <file>", "--fail-on <severity>",
      "--encoding <name>", "--locale <tag>", "--max-input-size <bytes>", "-h, --help",
    ] {
      #expect(run.stdout.contains("\n  \(option) "), "missing \(option)")
    }
    #expect(run.stdout.contains("<path> ..."))
  }

  @Test func helpLinesFitEightyColumns() {
    for arguments in [
      ["--help"], ["convert", "--help"], ["validate", "--help"], ["rules", "--help"],
    ] {
      let long = ToolRun(arguments).stdout.split(separator: "\n").filter { $0.count > 80 }
      #expect(long.isEmpty, "\(arguments): \(long)")
    }
  }

  @Test func unknownOptionNamesTheNearest() {
    let run = ToolRun(["validate", "--formt", "json", "a.vtt"])
    #expect(run.status == 64)
    #expect(run.stdout.isEmpty)
    #expect(
      run.stderr == """
        error: unknown option '--formt'
        hint: did you mean '--format'?
        usage: captionkit validate <path> ... [--config <file>] [--profile <name>] \
        [--locales <tags>] [--source-locale <tag>] [--audio | --no-audio] \
        [--audio-stream <index>] [--format <format>] [-o <file>] [--report <file.html>] \
        [--fail-on <severity>] [--timeout <seconds>] [--encoding <name>] [--locale <tag>]

        """)
  }

  @Test func unknownCommandNamesTheNearest() {
    let run = ToolRun(["conver", "a.vtt"])
    #expect(run.status == 64)
    #expect(
      run.stderr == """
        error: unknown command 'conver'
        hint: did you mean 'convert'?
        usage: captionkit <command> [options]

        """)
  }

  @Test func unknownToolOption() {
    let run = ToolRun(["--verison"])
    #expect(run.status == 64)
    #expect(
      run.stderr == """
        error: unknown option '--verison'
        hint: did you mean '--version'?
        usage: captionkit <command> [options]

        """)
  }

  @Test func missingCommand() {
    let run = ToolRun([])
    #expect(run.status == 64)
    #expect(
      run.stderr == """
        error: missing command
        hint: see 'captionkit --help'
        usage: captionkit <command> [options]

        """)
  }

  @Test func missingArgument() {
    let run = ToolRun(["convert", "-o", "out.vtt"])
    #expect(run.status == 64)
    #expect(run.stderr.hasPrefix("error: missing argument <input>\nusage: captionkit convert "))
  }
}
