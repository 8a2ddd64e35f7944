public import CaptionFormats

/// An input that could not be checked: a one-line reason, and what kind of failure it is,
/// which a command turns into its exit status. The other inputs are still checked.
public struct InputFailure: Error, Sendable, Equatable, CustomStringConvertible {
  public enum Kind: Sendable, Equatable {
    /// The input is not there, or cannot be opened (a command's exit status 66).
    case missing
    /// The input is there but is not what it should be: not a caption file, damaged media,
    /// over the size limit (exit status 65).
    case unusable
  }

  public var kind: Kind
  public var message: String
  public var hint: String?

  public init(_ kind: Kind, _ message: String, hint: String? = nil) {
    self.kind = kind
    self.message = message
    self.hint = hint
  }

  public var description: String { message }

  /// The failure of reading a caption file.
  public init(_ failure: CaptionFileReader.Failure) {
    switch failure {
    case .missing, .unreadable:
      self.init(.missing, failure.description)
    case .tooLarge(_, let size, let limit):
      let hint =
        size.map { "raise the limit with --max-input-size \(max($0, limit + 1))" }
        ?? "raise the limit with --max-input-size"
      self.init(.unusable, failure.description, hint: hint)
    case .notCaptionFile:
      self.init(.unusable, failure.description)
    }
  }
}

/// A problem that stops a whole check, not one input: FFmpeg's libraries are missing, or an
/// option names what the media does not have.
public struct CheckStopped: Error, Sendable, Equatable, CustomStringConvertible {
  public enum Kind: Sendable, Equatable {
    /// FFmpeg's libraries cannot be loaded (a command's exit status 69).
    case ffmpegUnavailable
    /// An option does not fit the input, such as an audio stream it does not have (64).
    case badOption
  }

  public var kind: Kind
  public var message: String
  public var hint: String?
  /// What the check had said before it stopped (`ValidationReport.messages`).
  public var messagesBefore: [ValidationReport.Message] = []

  public init(_ kind: Kind, _ message: String, hint: String? = nil) {
    self.kind = kind
    self.message = message
    self.hint = hint
  }

  public var description: String { message }
}
