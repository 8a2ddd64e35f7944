import CaptionBench
import Testing

struct TranscriptBenchmarkTests {
  @Test func generatesTheProgrammeTheGoalNames() {
    let programme = TranscriptProgramme()
    let tracks = programme.tracks()
    #expect(tracks.captions.cues.count == 2000)
    #expect(tracks.descriptions.cues.count == 300)
    #expect(tracks.chapters.cues.count == 12)
    #expect(tracks.captions.cues.last.map { $0.end.milliseconds <= 7_200_000 } == true)
    #expect(tracks.captions.cues.last.map { $0.start.milliseconds > 7_100_000 } == true)
  }

  @Test func isTheSameForTheSameSeedOnly() {
    let first = TranscriptProgramme(seed: 7).webVTT()
    let again = TranscriptProgramme(seed: 7).webVTT()
    let other = TranscriptProgramme(seed: 8).webVTT()
    #expect(first.captions == again.captions)
    #expect(first.descriptions == again.descriptions)
    #expect(first.captions != other.captions)
    for kind in ["<v ", ": ", "\n- ", "[", "(music)"] {
      #expect(first.captions.contains(kind))
    }
  }

  @Test func timesMergeAndHTMLAndReportsTheGoal() {
    let result = TranscriptBenchmark.run(
      TranscriptProgramme(durationMilliseconds: 600_000, captions: 100, descriptions: 10),
      runs: 3)
    #expect(result.runs.count == 3)
    #expect(result.captions == 100)
    #expect(result.outputBytes > 10_000)
    #expect(result.paragraphs > 12)
    #expect(result.report.contains(" captions=100 descriptions=10 chapters=12 "))
    #expect(result.report.contains("\ngoal: transcript (merge + HTML) under 50 ms: "))
  }
}
