import CaptionBench
import Testing

/// The validation goals: `validate` of 100k cues against the fastest peer writing the same
/// file, and its memory against twice the file.
struct GoalCheckTests {
  private func row(
    _ tool: Tool, _ operation: Operation, wall: Double, rssMiB: Int, cues: Int = 100_000
  ) -> BenchmarkRow {
    var row = BenchmarkRow(
      benchmarkCase: BenchmarkCase(tool: tool, operation: operation, input: .srt),
      cueCount: cues, fileBytes: 10 * 1_048_576)
    row.measurements = [
      Measurement(wall: wall, maxRSSKiB: rssMiB * 1024, fields: ["cues": "\(cues)"])
    ]
    row.outputCues = cues
    return row
  }

  private func validateChecks(_ rows: [BenchmarkRow]) -> [String] {
    Report(rows: rows, sizes: [100_000], environment: [], notes: []).goals
      .filter { $0.goal == "validate" }.map(\.line)
  }

  @Test func comparesValidateWithTheFastestPeerWritingTheSameFile() {
    let checks = validateChecks([
      row(.command, .validate, wall: 90, rssMiB: 49),
      row(.ffmpeg, .write(.srt), wall: 1200, rssMiB: 100),
      row(.ffmpeg, .write(.vtt), wall: 900, rssMiB: 100),
      row(.pythonSRT, .write(.srt), wall: 1500, rssMiB: 90),
    ])
    #expect(
      checks == [
        "PASS  validate  100k srt validate, captionkit command: 90.0 ms vs ffmpeg parse+write vtt"
          + " 900.0 ms, 10.0× (goal ≥ 10×)",
        "PASS  validate  100k srt validate, captionkit command: 49.0 MiB vs limit 2 × 10.0 + 30"
          + " = 50.0 MiB",
      ])
  }

  @Test func failsASlowOrLargeValidate() {
    let checks = validateChecks([
      row(.command, .validate, wall: 91, rssMiB: 51),
      row(.ffmpeg, .write(.srt), wall: 900, rssMiB: 100),
    ])
    #expect(checks.count == 2)
    #expect(checks.allSatisfy { $0.hasPrefix("FAIL") })
  }
}
