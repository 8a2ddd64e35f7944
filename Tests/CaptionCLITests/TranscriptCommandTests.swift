import Foundation
import Testing

@testable import CaptionCLI

struct TranscriptCommandTests {
  static let samples = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Samples/lighthouse").path

  /// A folder holding the lighthouse captions, descriptions, chapters and an empty
  /// `lighthouse.mp4`.
  func lighthouseFolder() throws -> TemporaryFolder {
    let folder = try TemporaryFolder()
    for name in [
      "lighthouse.en.captions.vtt", "lighthouse.en.descriptions.vtt", "lighthouse.chapters.vtt",
    ] {
      try folder.file(name, String(contentsOfFile: Self.samples + "/" + name, encoding: .utf8))
    }
    try folder.file("lighthouse.mp4", "")
    return folder
  }

  @Test func aTranscriptOfDamagedMediaIsWrittenAndExits1() throws {
    let folder = try TemporaryFolder()
    let cut = try ProgrammeDurationTests.cutMedia("mkv", in: folder)
    let run = ToolRun(["transcript", cut, "-o", folder.path + "/cut.md"])
    #expect(run.status == 1, "\(run.stderr)")
    #expect(run.stderr.contains("ends at"))
    #expect(run.stderr.contains("[container.damaged]"))
    #expect(try folder.contents("cut.md").contains("Hello."))
  }

  @Test func inputThatIsNotCaptionsOrHasNoCueWritesNothing() throws {
    let folder = try TemporaryFolder()
    let output = folder.path + "/t.html"
    // A WebVTT signature, but no cue the reader can read.
    let unread = try folder.file("bad.vtt", "WEBVTT\n\n00:01.000 -> 00:02.000\nLost\n")
    let refused = ToolRun(["transcript", unread, "-o", output])
    #expect(refused.status == 65)
    #expect(
      refused.stderr.contains("error: \(unread): not read as captions; nothing was written\n"))
    let empty = try folder.file("empty.vtt", "WEBVTT\n")
    let nothing = ToolRun(["transcript", empty, "-o", output])
    #expect(nothing.status == 65)
    #expect(
      nothing.stderr
        == "error: \(empty): no cue of captions or descriptions to make a transcript of; "
        + "nothing was written\nhint: check the files with captionkit validate\n")
    #expect(!folder.exists("t.html"))
    // Cues that show nothing: markup, a space, a zero-width space, a directional mark.
    let blank = try folder.file(
      "blank.vtt",
      "WEBVTT\n\n00:01.000 --> 00:02.000\n<i> </i>\n\n00:03.000 --> 00:04.000\n\u{200B}\n\n"
        + "00:05.000 --> 00:06.000\n\u{200F} \u{00A0}\n")
    let invisible = ToolRun(["transcript", blank, "-o", output])
    #expect(invisible.status == 65)
    #expect(
      invisible.stderr
        == "error: \(blank): no cue of captions or descriptions has text to make a transcript "
        + "of; nothing was written\nhint: check the files with captionkit validate\n")
    #expect(!folder.exists("t.html"))
  }

  @Test func aCueOfOnlyInvisibleCharactersIsLeftOutAndMarksBesideTextStay() throws {
    let folder = try TemporaryFolder()
    let input = try folder.file(
      "marks.vtt",
      "WEBVTT\n\n00:01.000 --> 00:02.000\n\u{200B}\n\n00:02.000 --> 00:03.000\n\u{200F}Shalom\n")
    let run = ToolRun(["transcript", input, "-o", "-", "--to", "text"])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout == "Transcript: marks\n\n0:02 \u{200F}Shalom\n", "\(run.stdout)")
  }

  @Test func aCueTheReaderDroppedMakesTheStatusOneButTheRestIsWritten() throws {
    let folder = try TemporaryFolder()
    let input = try folder.file(
      "talk.en.vtt",
      "WEBVTT\n\n00:00:01,000 --> 00:00:02,000\nLost\n\n00:03.000 --> 00:04.000\nKept\n")
    let run = ToolRun(["transcript", input, "-o", folder.path + "/t.txt"])
    #expect(run.status == 1)
    #expect(run.stderr.contains("the cue is dropped [parse.webvtt]"))
    let text = try folder.contents("t.txt")
    #expect(text.contains("Kept") && !text.contains("Lost"))
    let anyway = ToolRun(["transcript", input, "-o", folder.path + "/t.txt", "--fail-on", "never"])
    #expect(anyway.status == 0)
  }

  @Test func writesTheReadmeExample() throws {
    let folder = try lighthouseFolder()
    let run = ToolRun([
      "transcript", folder.path + "/lighthouse.en.captions.vtt",
      "--descriptions", folder.path + "/lighthouse.en.descriptions.vtt",
      "--chapters", folder.path + "/lighthouse.chapters.vtt",
      "-o", folder.path + "/lighthouse.html",
    ])
    #expect(run.status == 0)
    #expect(run.stderr.isEmpty)
    let page = try folder.contents("lighthouse.html")
    #expect(page.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\" dir=\"ltr\">"))
    #expect(page.contains("<title>Transcript: lighthouse</title>"))
    #expect(page.contains("<h2 id=\"chapter-2\">The stairs</h2>"))
    #expect(
      page.contains(
        "<a class=\"time\" dir=\"ltr\" href=\"lighthouse.mp4#t=5\" aria-label=\"Play from 0:05\">"
          + "0:05</a> <b class=\"speaker\"><bdi>Mara</bdi>:</b> The lamp went out again, Jonas.</p>"
      ))
    #expect(
      page.contains(
        "<span class=\"label\">Description:</span> She reaches the top and strikes a match."))
    #expect(
      try folder.listing() == [
        "lighthouse.chapters.vtt", "lighthouse.en.captions.vtt", "lighthouse.en.descriptions.vtt",
        "lighthouse.html", "lighthouse.mp4",
      ])
  }

  @Test func tellsDescriptionsAndChaptersByTheirFileNames() throws {
    let folder = try lighthouseFolder()
    let run = ToolRun([
      "transcript", folder.path + "/lighthouse.chapters.vtt",
      folder.path + "/lighthouse.en.descriptions.vtt", folder.path + "/lighthouse.en.captions.vtt",
      "-o", "-", "--to", "txt", "--title", "The Lighthouse",
    ])
    #expect(run.status == 0)
    #expect(
      run.stdout.hasPrefix(
        """
        The Lighthouse

        Chapter: The kitchen, 0:00

        0:00 Description: Night. A lighthouse kitchen, rain on the windows.

        0:05 Mara: The lamp went out again, Jonas.

        """))
  }

  @Test func linksToTheMediaFromWhereTheOutputIs() throws {
    let folder = try lighthouseFolder()
    let run = ToolRun([
      "transcript", folder.path + "/lighthouse.en.captions.vtt", "-o",
      folder.path + "/out/transcript.md",
    ])
    #expect(run.status == 73)
    #expect(run.stderr.hasPrefix("error: cannot write \(folder.path)/out/transcript.md: "))
    try FileManager.default.createDirectory(
      atPath: folder.path + "/out", withIntermediateDirectories: true)
    let again = ToolRun([
      "transcript", folder.path + "/lighthouse.en.captions.vtt", "-o",
      folder.path + "/out/transcript.md",
    ])
    #expect(again.status == 0)
    let document = try folder.contents("out/transcript.md")
    #expect(document.contains("[0:05](../lighthouse.mp4#t=5) **Mara:** The lamp went out again"))
  }

  @Test func writesJSONByTheOutputExtension() throws {
    let folder = try lighthouseFolder()
    let run = ToolRun([
      "transcript", folder.path + "/lighthouse.en.captions.vtt", "--media",
      folder.path + "/media/my film.webm", "-o", folder.path + "/t.json",
    ])
    #expect(run.status == 0)
    let json = try folder.contents("t.json")
    #expect(json.contains("\"media\": \"media/my%20film.webm\","))
    #expect(
      json.contains(
        "\"kind\": \"sound\",\n      \"speaker\": null,\n      \"text\": \"[thunder rumbles]\""))
  }

  @Test func takesAnHTTPSMediaURLAsGiven() throws {
    let run = ToolRun(
      [
        "transcript", "-", "--media", "https://example.com/v/film.mp4", "-o", "-", "--to", "md",
      ], stdin: "WEBVTT\n\n00:01:23.200 --> 00:01:24.000\nHi.\n")
    #expect(
      run.stdout == "# Transcript: film\n\n[1:23](https://example.com/v/film.mp4#t=83.2) Hi.\n")
  }

  @Test func readsStandardInput() {
    let run = ToolRun(
      ["transcript", "-", "-o", "-", "--to", "md"],
      stdin: "WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n- Hi!\n- Who's there?\n")
    #expect(run.status == 0)
    #expect(run.stdout == "# Transcript\n\n0:01 Hi!\n\n0:01 Who's there?\n")
  }

  @Test func refusesTracksInAnotherLanguage() throws {
    let folder = try lighthouseFolder()
    try folder.file("lighthouse.ko.vtt", "WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n안녕\n")
    let run = ToolRun([
      "transcript", folder.path + "/lighthouse.en.captions.vtt", folder.path + "/lighthouse.ko.vtt",
      "-o", folder.path + "/t.html",
    ])
    #expect(run.status == 64)
    #expect(
      run.stderr.hasPrefix(
        "error: '\(folder.path)/lighthouse.ko.vtt' is in ko, the transcript is in en\n"
          + "hint: a transcript has one language: leave the file out or give --locale ko\n"))
    #expect(!folder.exists("t.html"))
  }

  @Test func takesTheLanguageFromLocale() throws {
    let folder = try TemporaryFolder()
    let input = try folder.file("notes.vtt", "WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nשלום\n")
    let run = ToolRun(["transcript", input, "--locale", "he", "-o", "-", "--to", "html"])
    #expect(run.status == 0)
    #expect(run.stdout.contains("<html lang=\"he\" dir=\"rtl\">"))
    #expect(run.stdout.contains("<title>תמליל: notes</title>"))
  }

  @Test(arguments: [
    (["transcript", "-o", "x.html"], "error: missing argument <path>"),
    (["transcript", "a.vtt"], "error: missing option '-o <output>'"),
    (
      ["transcript", "a.vtt", "-o", "x.docx"], "error: cannot tell the output format from 'x.docx'"
    ),
    (
      ["transcript", "a.vtt", "-o", "-", "--to", "htm1"], "error: unknown format 'htm1' for '--to'"
    ),
    (["transcript", "a.vtt", "-o", "-", "--to", "md", "--pause", "-1"], "error: '--pause' takes"),
    (["transcript", "-", "--captions", "-", "-o", "-", "--to", "md"], "error: standard input (-)"),
  ])
  func refusesBadCommandLines(arguments: [String], message: String) {
    let run = ToolRun(arguments)
    #expect(run.status == 64)
    #expect(run.stderr.hasPrefix(message))
  }

  @Test func reportsMissingAndUnreadableInputs() throws {
    let folder = try TemporaryFolder()
    let missing = ToolRun(["transcript", folder.path + "/none.vtt", "-o", "-", "--to", "md"])
    #expect(missing.status == 66)
    #expect(missing.stderr == "error: \(folder.path)/none.vtt: no such file\n")
    let binary = try folder.file("movie.en.vtt", bytes: [0, 1, 2, 3])
    let notCaptions = ToolRun(["transcript", binary, "-o", "-", "--to", "md"])
    #expect(notCaptions.status == 65)
  }

  @Test func neverOverwritesAnInput() throws {
    let folder = try lighthouseFolder()
    let input = folder.path + "/lighthouse.en.captions.vtt"
    let before = try folder.contents("lighthouse.en.captions.vtt")
    let run = ToolRun(["transcript", input, "-o", input, "--to", "txt"])
    #expect(run.status == 64)
    #expect(try folder.contents("lighthouse.en.captions.vtt") == before)
  }

  @Test func isListedInHelp() {
    let run = ToolRun(["--help"])
    #expect(run.stdout.contains("transcript"))
    let help = ToolRun(["transcript", "--help"])
    #expect(help.status == 0)
    #expect(help.stdout.contains("--descriptions <file>"))
  }

  @Test func findsTheSidecarsOfAMediaFile() throws {
    let folder = try TemporaryFolder()
    let run = ToolRun([
      "transcript", Self.samples + "/lighthouse.mp4", "-o", folder.path + "/lighthouse.txt",
    ])
    #expect(run.status == 0)
    #expect(run.stderr.isEmpty)
    let text = try folder.contents("lighthouse.txt")
    #expect(
      text.hasPrefix(
        """
        Transcript: lighthouse

        Chapter: The kitchen, 0:00

        0:00 Description: Night. A lighthouse kitchen, rain on the windows.

        0:05 Mara: The lamp went out again, Jonas.

        """))
    #expect(text.contains("Chapter: Morning, 0:42"))
  }

  @Test func choosesTheSidecarsOfTheLocale() throws {
    let run = ToolRun([
      "transcript", Self.samples + "/lighthouse.mp4", "--locale", "ko", "-o", "-", "--to", "html",
    ])
    #expect(run.status == 0)
    #expect(run.stdout.contains("<html lang=\"ko\" dir=\"ltr\">"))
    #expect(run.stdout.contains("등불이 또 꺼졌어, 요나스."))
    #expect(run.stdout.contains("<h2 id=\"chapter-1\">The kitchen</h2>"))
    #expect(!run.stdout.contains("Description"))
  }

  @Test func readsTheContainersTextTrackAndChaptersWithoutSidecars() throws {
    let folder = try TemporaryFolder()
    try FileManager.default.copyItem(
      atPath: Self.samples + "/lighthouse.mp4", toPath: folder.path + "/film.mp4")
    let run = ToolRun(["transcript", folder.path + "/film.mp4", "-o", folder.path + "/film.md"])
    #expect(run.status == 0)
    let document = try folder.contents("film.md")
    #expect(
      document.hasPrefix(
        """
        # Transcript: film

        ## The kitchen

        [0:05](film.mp4#t=5) **MARA:** The lamp went out again, Jonas.

        [0:08](film.mp4#t=8) **JONAS:** Then the ships can't see the rocks.

        [0:11](film.mp4#t=11) *\\[thunder rumbles\\]*

        """))
    #expect(document.contains("## Morning"))
  }

  @Test func reportsMissingAndCorruptMedia() throws {
    let folder = try TemporaryFolder()
    let missing = ToolRun(["transcript", folder.path + "/none.mp4", "-o", "-", "--to", "md"])
    #expect(missing.status == 66)
    #expect(missing.stderr == "error: \(folder.path)/none.mp4: no such file\n")
    let corrupt = try folder.file("bad.mp4", "not a movie")
    let run = ToolRun(["transcript", corrupt, "-o", "-", "--to", "md"])
    #expect(run.status == 65)
    #expect(run.stderr.hasPrefix("error: "))
    #expect(run.stdout.isEmpty)
  }
}

/// Two caption tracks of one language are two versions of the same dialogue: the transcript
/// uses one and says which.
struct TranscriptSameLanguageTests {
  static let dialogue =
    "WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nHello there.\n\n"
    + "00:00:03.000 --> 00:00:04.000\nGoodbye now.\n"

  @Test func twoCaptionTracksOfOneLanguageGiveEachSentenceOnce() throws {
    let folder = try TemporaryFolder()
    let plain = try folder.file("movie.en.vtt", Self.dialogue)
    let captions = try folder.file("movie.en.captions.vtt", Self.dialogue)
    let run = ToolRun(["transcript", plain, captions, "-o", "-", "--to", "txt"])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.components(separatedBy: "Hello there.").count == 2, "\(run.stdout)")
    #expect(run.stdout.components(separatedBy: "Goodbye now.").count == 2)
    #expect(
      run.stderr
        == "note: 2 caption tracks in en (\(plain), \(captions)); the transcript uses "
        + "\(captions) only, as the same dialogue twice would repeat every sentence\n")
  }

  @Test func captionTracksOfAnotherLanguageAreStillRefused() throws {
    let folder = try TemporaryFolder()
    let english = try folder.file("movie.en.vtt", Self.dialogue)
    let french = try folder.file("movie.fr.vtt", Self.dialogue)
    let run = ToolRun(["transcript", english, french, "-o", "-", "--to", "txt"])
    #expect(run.status == 64)
    #expect(run.stderr.contains("is in fr, the transcript is in en"))
  }
}
