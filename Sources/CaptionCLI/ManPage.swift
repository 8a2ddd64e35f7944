import CaptionKit

/// The manual page `captionkit.1`, in roff with the `man` macros, made from the same
/// configurations as the help (`captionkit help --man`), so that it never falls behind it.
enum ManPage {
  /// The exit statuses every command shares, in order.
  static let exitStatuses: [(code: Int32, meaning: String)] = [
    (ExitCode.success, "Success: no finding at or above --fail-on."),
    (
      ExitCode.findings,
      "A finding is at or above --fail-on (validate, batch); or the output is written but "
        + "a finding is (convert, extract, fix, mux, package, transcript)."
    ),
    (ExitCode.usage, "The command line is wrong: an unknown option or command, a bad value."),
    (
      ExitCode.dataError,
      "An input is not readable as its format (not captions, damaged media), or took longer "
        + "than --timeout."
    ),
    (ExitCode.noInput, "An input is missing or cannot be opened."),
    (ExitCode.unavailable, "FFmpeg's libraries cannot be loaded, so media cannot be read."),
    (ExitCode.software, "An internal error: a bug, please report it."),
    (ExitCode.cannotCreate, "An output cannot be written; the old file is intact."),
  ]

  static func page(commands: [CommandConfiguration]) -> String {
    var text = ".\\\" The manual page of captionkit, made by 'captionkit help --man'.\n"
    text += ".TH CAPTIONKIT 1 \"\" \"captionkit \(CaptionKitVersion.current)\" \"User Commands\"\n"
    text += ".SH NAME\n"
    text += "captionkit \\- read, check and convert captions, subtitles and transcripts\n"
    text += ".SH SYNOPSIS\n"
    text += ".B captionkit\n.I command\n.RI [ options ]\n.br\n"
    text += ".B captionkit\n.BR \\-\\-version \" | \" \\-V\n.br\n"
    text += ".B captionkit help\n.RI [ command ]\n"
    text += ".SH DESCRIPTION\n"
    text += paragraph(
      "captionkit checks that a media file's captions, subtitles in each locale and audio "
        + "descriptions are present, correct and in sync, reports each problem "
        + "compiler-style with its file, line and column (or as JSON, JUnit or SARIF), "
        + "converts captions between WebVTT, SRT and TTML, and writes accessible "
        + "transcripts. It reads media through FFmpeg's libraries.")
    text += ".SH COMMANDS\n"
    for command in commands {
      text += ".SS \(quoted("captionkit " + command.name))\n"
      text += paragraph(command.abstract)
      text += ".PP\n.nf\n"
      text += HelpFormatter.usageLines(command.usage).map(escaped).joined(separator: "\n    ")
      text += "\n.fi\n"
      if let discussion = command.discussion {
        for part in discussion.split(separator: "\n", omittingEmptySubsequences: true) {
          text += ".PP\n" + paragraph(String(part))
        }
      }
      for argument in command.arguments {
        text += ".TP\n.I \(quoted(escaped(argument.name) + (argument.repeats ? " ..." : "")))\n"
        text += paragraph(argument.help)
      }
      for option in command.options {
        text += ".TP\n" + synopsis(option) + paragraph(option.help)
      }
      text += ".TP\n.BR \\-h \", \" \\-\\-help\n" + paragraph("Show help information.")
    }
    text += ".SH OPTIONS\n"
    text += ".TP\n.BR \\-V \", \" \\-\\-version\n" + paragraph("Show the version.")
    text += ".TP\n.BR \\-h \", \" \\-\\-help\n" + paragraph("Show help information.")
    text += ".SH \"EXIT STATUS\"\n"
    for (code, meaning) in exitStatuses {
      text += ".TP\n.B \(code)\n" + paragraph(meaning)
    }
    text += ".SH ENVIRONMENT\n"
    text += ".TP\n.B NO_COLOR\n"
    text += paragraph("When set and not empty, progress on standard error has no colour.")
    text += ".SH FILES\n"
    text += ".TP\n.I captionkit.json\n"
    text += paragraph(
      "The configuration of an input of validate or batch: the file in the input's folder, "
        + "else in the nearest folder above it, merged over the defaults. --config FILE "
        + "names one file for every input instead; --no-config uses the defaults alone.")
    text += ".SH \"SEE ALSO\"\n"
    text += ".BR ffmpeg (1),\n.BR ffprobe (1)\n"
    return text
  }

  /// An option's synopsis in bold with its value in italics: `-o, --output <file>`.
  private static func synopsis(_ option: CommandConfiguration.Option) -> String {
    var names = "\\-\\-" + escaped(option.long)
    if let short = option.short { names = "\\-" + escaped(String(short)) + ", " + names }
    guard let value = option.valueName else { return ".B \(quoted(names))\n" }
    return ".BI \(quoted(names + " ")) \(quoted("<" + value + ">"))\n"
  }

  /// Text as roff input lines: escaped, and never starting with a control character.
  private static func paragraph(_ text: String) -> String {
    var line = escaped(text)
    if line.hasPrefix(".") || line.hasPrefix("'") { line = "\\&" + line }
    return line + "\n"
  }

  /// A macro argument in double quotes.
  private static func quoted(_ text: String) -> String {
    "\"" + text.replacingAll("\"", with: "\\(dq") + "\""
  }

  /// Backslashes and hyphens as roff prints them as typed.
  static func escaped(_ text: String) -> String {
    var result = ""
    for character in text {
      switch character {
      case "\\": result += "\\e"
      case "-": result += "\\-"
      default: result.append(character)
      }
    }
    return result
  }
}

extension String {
  /// The string with every `character` replaced by `replacement`.
  fileprivate func replacingAll(_ character: Character, with replacement: String) -> String {
    var result = ""
    for each in self { result += each == character ? replacement : String(each) }
    return result
  }
}
