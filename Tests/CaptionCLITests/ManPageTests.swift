import Foundation
import Testing

@testable import CaptionCLI

/// `captionkit help --man`: the manual page Scripts/install installs, made from the help.
struct ManPageTests {
  @Test func isARoffManPageWithEveryCommandAndOption() {
    let run = ToolRun(["help", "--man"])
    #expect(run.status == 0)
    #expect(run.stderr.isEmpty)
    let page = run.stdout
    let lines = page.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines[1].hasPrefix(".TH CAPTIONKIT 1 "))
    for section in [
      ".SH NAME", ".SH SYNOPSIS", ".SH DESCRIPTION", ".SH COMMANDS", ".SH OPTIONS",
      ".SH \"EXIT STATUS\"",
    ] {
      #expect(lines.contains(Substring(section)), "no \(section)")
    }
    for command in CaptionKitCommand.commands {
      #expect(lines.contains(Substring(".SS \"captionkit \(command.name)\"")))
      for option in command.options {
        #expect(page.contains("\\-\\-\(ManPage.escaped(option.long))"))
      }
    }
    // Every text line is plain text or a macro: none starts with a quote or a bare dot.
    for line in lines where !line.isEmpty && !line.hasPrefix(".") {
      #expect(!line.hasPrefix("'"))
    }
    #expect(page.hasSuffix(".BR ffprobe (1)\n"))
  }

  @Test func rendersWithGroffWithoutWarnings() throws {
    let folder = try TemporaryFolder()
    let path = try folder.file("captionkit.1", ToolRun(["help", "--man"]).stdout)
    let result = try EndToEndTests.run(
      "/usr/bin/groff",
      ["-man", "-Tutf8", "-ww", "-rLL=100n", "-dAD=l", "-rHY=0", "-P-c", "-P-b", "-P-u", path],
      stdin: nil)
    #expect(result.status == 0)
    #expect(result.stderr == "")
    let text = result.stdout
    #expect(text.contains("CAPTIONKIT(1)"))
    #expect(text.contains("NAME\n       captionkit - read, check and convert captions"))
    #expect(text.contains("   captionkit validate\n"))
    #expect(text.contains("       --fail-on <severity>\n"))
    #expect(text.contains("       -o, --output <file>\n"))
    // groff may justify a wrapped paragraph, doubling spaces between words.
    let squeezed = text.split(separator: " ", omittingEmptySubsequences: true)
      .joined(separator: " ")
    #expect(text.contains("       65     An "))
    #expect(squeezed.contains("\n 65 An input is not readable as its format"))
  }

  @Test func takesNoOtherArgument() {
    let run = ToolRun(["help", "--man", "validate"])
    #expect(run.status == 64)
    #expect(run.stderr.hasPrefix("error: unexpected argument 'validate'\n"))
  }
}
