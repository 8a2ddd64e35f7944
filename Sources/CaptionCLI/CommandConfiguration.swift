/// How a command presents itself: its name, summary, arguments and options, from which both
/// the parser and the help text are made.
struct CommandConfiguration: Sendable {
  /// An option: `--name value`, `--name=value`, `-n value`, or a flag without a value.
  struct Option: Sendable {
    var long: String
    var short: Character?
    /// The placeholder shown in help for the value; nil for a flag.
    var valueName: String?
    /// Whether the option may be given more than once.
    var repeats: Bool
    var help: String

    init(
      _ long: String, short: Character? = nil, value: String? = nil, repeats: Bool = false,
      help: String
    ) {
      self.long = long
      self.short = short
      self.valueName = value
      self.repeats = repeats
      self.help = help
    }

    var isFlag: Bool { valueName == nil }

    /// The option as shown in help: `-o, --output <file>`.
    var synopsis: String {
      var text = short.map { "-\($0), " } ?? ""
      text += "--\(long)"
      if let valueName { text += " <\(valueName)>" }
      return text
    }
  }

  /// A positional argument.
  struct Argument: Sendable {
    var name: String
    var help: String
    /// Whether the last argument takes every remaining positional.
    var repeats: Bool
    /// Whether the argument may be left out (the command checks what else it needs).
    var optional: Bool
    /// The only values it takes, which shells complete; empty when it names files.
    var choices: [String]

    init(
      _ name: String, repeats: Bool = false, optional: Bool = false, choices: [String] = [],
      help: String
    ) {
      self.name = name
      self.repeats = repeats
      self.optional = optional
      self.choices = choices
      self.help = help
    }
  }

  var name: String
  var abstract: String
  /// The usage line without the tool name: `convert <input> -o <output> [options]`.
  var usage: String
  var discussion: String?
  var arguments: [Argument]
  var options: [Option]

  init(
    name: String, abstract: String, usage: String, discussion: String? = nil,
    arguments: [Argument] = [], options: [Option] = []
  ) {
    self.name = name
    self.abstract = abstract
    self.usage = usage
    self.discussion = discussion
    self.arguments = arguments
    self.options = options
  }

  func option(long: String) -> Option? { options.first { $0.long == long } }

  func option(short: Character) -> Option? { options.first { $0.short == short } }
}
