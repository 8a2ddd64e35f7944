import CaptionCore
import Testing

@testable import CaptionExport

struct TranscriptClockTests {
  @Test(arguments: [
    (0, "0:00", "0"), (83_200, "1:23", "83.2"), (3_723_045, "1:02:03", "3723.045"),
    (59_999, "0:59", "59.999"), (-500, "0:00", "0"), (10_050, "0:10", "10.05"),
  ])
  func showsTimes(milliseconds: Int64, display: String, fragment: String) {
    let time = MediaTime(milliseconds: milliseconds)
    #expect(TranscriptClock.display(time) == display)
    #expect(TranscriptClock.fragmentSeconds(time) == fragment)
  }
}
