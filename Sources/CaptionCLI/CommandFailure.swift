import CaptionKit

/// A command that cannot finish: a one-line reason and the exit code that classifies it.
struct CommandFailure: Error, Equatable {
  var exitCode: Int32
  var message: String
  var hint: String?

  init(_ exitCode: Int32, _ message: String, hint: String? = nil) {
    self.exitCode = exitCode
    self.message = message
    self.hint = hint
  }
}

extension CommandFailure {
  /// An input that could not be read: exit 66 when it is missing, 65 when it is unusable.
  init(_ failure: InputFailure) {
    let code = failure.kind == .missing ? ExitCode.noInput : ExitCode.dataError
    self.init(code, failure.message, hint: failure.hint)
  }

  /// Prints the findings of `result`'s reader about text it left out of the track
  /// (`CaptionFix.unreadParts`), if any, and throws `unreadParts`: `fix` and `sync` write
  /// nothing rather than a copy without that text.
  static func refuseUnreadParts(
    of result: ReadResult, path: String, copy: String, in context: CommandContext
  ) throws(CommandFailure) {
    let unread = CaptionFix.unreadParts(of: result)
    guard !unread.isEmpty else { return }
    var printer = FindingPrinter(limit: 20)
    printer.print(unread, in: context)
    printer.finish(in: context)
    throw unreadParts(path, count: unread.count, copy: copy)
  }

  /// A caption file that `fix` or `sync` (`copy`: "fixed", "synced") would copy without the
  /// parts its reader could not read.
  static func unreadParts(_ path: String, count: Int, copy: String = "fixed") -> CommandFailure {
    CommandFailure(
      ExitCode.dataError,
      "\(path == "-" ? "<stdin>" : path): \(count == 1 ? "a part" : "\(count) parts") the "
        + "reader could not read would be left out of a \(copy) copy; nothing was written",
      hint: "correct what the findings above name, then run the command again")
  }

  /// The refusal to write a track without a cue as SRT: SRT has no header, so such a file
  /// is empty, and an empty file is read as no caption file (by captionkit and by FFmpeg
  /// alike). `path` names the input.
  static func emptySRTRefusal(path: String) -> CommandFailure {
    CommandFailure(
      ExitCode.dataError, emptySRT(path == "-" ? "<stdin>" : path) + "; nothing was written",
      hint: emptySRTHint)
  }

  /// Why a track without a cue is not written as SRT, about `name` (a file or a stream).
  static func emptySRT(_ name: String) -> String {
    "\(name) has no cues, and an SRT file without cues is empty, which is read as no caption "
      + "file"
  }

  static let emptySRTHint =
    "write WebVTT instead (its header says what the file is), or leave the track out"

  /// A caption file whose reader read nothing from it (`ReadResult.isRejected`): exit 65,
  /// and nothing is written.
  static func rejected(_ path: String) -> CommandFailure {
    CommandFailure(
      ExitCode.dataError,
      "\(path == "-" ? "<stdin>" : path): not read as captions; nothing was written",
      hint: "fix the errors above, or name the format the file is in by its extension")
  }

  /// Damaged media (`MediaDamageReport`): each damage printed as an error finding, then
  /// exit 65 with `path is damaged: <consequence>`.
  static func damaged(
    _ damage: MediaDamageReport, path: String, _ consequence: String, in context: CommandContext
  ) -> CommandFailure {
    var lines = ""
    for diagnostic in MediaDamageFindings.diagnostics(damage, path: path) {
      lines += "\(path): error: \(diagnostic.message) [\(diagnostic.rule)]\n"
    }
    try? context.stderr.write(Array(lines.utf8))
    return CommandFailure(
      ExitCode.dataError, "\(path) is damaged: \(consequence)",
      hint: "'captionkit probe \(path)' shows the damage")
  }

  /// Standard output refused the command's output (a closed pipe, a full disk).
  static func standardOutput(_ failure: WriteFailure) -> CommandFailure {
    CommandFailure(ExitCode.cannotCreate, "cannot write to standard output: \(failure.reason)")
  }
}
