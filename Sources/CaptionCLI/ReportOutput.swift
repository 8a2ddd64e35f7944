/// Where a report goes as it is made: a file at `path`, written to a temporary file opened
/// with the first bytes and renamed into place by `finish` (`AtomicFileWriter`), or standard
/// output (no path, or `-`). The first failure is kept, later bytes are dropped, and
/// `finish` throws it.
final class ReportOutput {
  private let path: String?
  private let context: CommandContext
  private var file: AtomicFileWriter?
  private var failure: CommandFailure?

  init(path: String?, context: CommandContext) {
    self.path = path == "-" ? nil : path
    self.context = context
  }

  func write(_ bytes: [UInt8]) {
    bytes.withUnsafeBufferPointer { write($0) }
  }

  func write(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard failure == nil else { return }
    guard let path else {
      do throws(WriteFailure) {
        try context.stdout.write(bytes)
      } catch {
        failure = CommandFailure.standardOutput(error)
      }
      return
    }
    if file == nil {
      do throws(CommandFailure) {
        file = try AtomicFileWriter.open(path)
      } catch {
        failure = error
        return
      }
    }
    // Writing to the file never fails here: a failure shows when it is committed.
    file?.write(bytes)
  }

  /// `write`, for a writer that hands over its report in pieces: throws once a failure is
  /// kept, so that it stops making the rest.
  func flush(_ bytes: [UInt8]) throws(WriteFailure) {
    write(bytes)
    if let failure { throw WriteFailure(reason: failure.message) }
  }

  /// Commits the file; throws the first failure.
  func finish() throws(CommandFailure) {
    if let failure { throw failure }
    try file?.commit()
  }
}
