import Testing

@testable import CaptionCLI

struct ArgumentParserTests {
  let configuration = CommandConfiguration(
    name: "demo", abstract: "Demo.", usage: "demo <file> ...",
    arguments: [.init("file", repeats: true, help: "Files.")],
    options: [
      .init("output", short: "o", value: "file", help: "Output."),
      .init("to", value: "format", help: "Format."),
      .init("track", value: "file", repeats: true, help: "Tracks."),
      .init("shift", value: "seconds", help: "Shift."),
      .init("verbose", help: "More."),
    ])

  @Test func acceptsEveryOptionForm() throws {
    let parsed = try ArgumentParser.parse(
      [
        "a.vtt", "--to", "srt", "-o", "out.srt", "--track=x.vtt", "--track", "y.vtt",
        "--verbose", "b.vtt",
      ], for: configuration)
    #expect(parsed.positionals == ["a.vtt", "b.vtt"])
    #expect(parsed.value("to") == "srt")
    #expect(parsed.value("output") == "out.srt")
    #expect(parsed.values("track") == ["x.vtt", "y.vtt"])
    #expect(parsed.flag("verbose"))
    #expect(!parsed.helpRequested)
  }

  @Test func shortOptionTakesAnAttachedValue() throws {
    let parsed = try ArgumentParser.parse(["a.vtt", "-oout.srt"], for: configuration)
    #expect(parsed.value("output") == "out.srt")
  }

  @Test func valueMayStartWithADash() throws {
    let parsed = try ArgumentParser.parse(["a.vtt", "--shift", "-1.5"], for: configuration)
    #expect(parsed.value("shift") == "-1.5")
  }

  @Test func dashIsAPositionalAndDoubleDashEndsOptions() throws {
    let parsed = try ArgumentParser.parse(
      ["-", "--", "--to", "-o", "--help"], for: configuration)
    #expect(parsed.positionals == ["-", "--to", "-o", "--help"])
    #expect(parsed.options.isEmpty)
    #expect(!parsed.helpRequested)
  }

  @Test func helpWinsOverMissingArguments() throws {
    let parsed = try ArgumentParser.parse(["--nonsense", "-h"], for: configuration)
    #expect(parsed.helpRequested)
  }

  @Test func unknownOptionSuggestsTheNearest() {
    #expect(throws: UsageError("unknown option '--tracks'", hint: "did you mean '--track'?")) {
      try ArgumentParser.parse(["a.vtt", "--tracks", "x"], for: configuration)
    }
    #expect(throws: UsageError("unknown option '--zzzzzz'")) {
      try ArgumentParser.parse(["a.vtt", "--zzzzzz"], for: configuration)
    }
    #expect(throws: UsageError("unknown option '-x'")) {
      try ArgumentParser.parse(["a.vtt", "-x"], for: configuration)
    }
  }

  @Test func reportsMisusedOptions() {
    #expect(throws: UsageError("missing value for option '--to'")) {
      try ArgumentParser.parse(["a.vtt", "--to"], for: configuration)
    }
    #expect(throws: UsageError("option '--verbose' takes no value")) {
      try ArgumentParser.parse(["a.vtt", "--verbose=yes"], for: configuration)
    }
    #expect(throws: UsageError("option '--to' given more than once")) {
      try ArgumentParser.parse(["a.vtt", "--to", "srt", "--to=vtt"], for: configuration)
    }
  }

  @Test func checksPositionalCounts() {
    #expect(throws: UsageError("missing argument <file>")) {
      try ArgumentParser.parse([], for: configuration)
    }
    var single = configuration
    single.arguments = [.init("input", help: "Input.")]
    #expect(throws: UsageError("unexpected argument 'b.vtt'")) {
      try ArgumentParser.parse(["a.vtt", "b.vtt"], for: single)
    }
  }
}
