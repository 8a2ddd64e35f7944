import Testing

@testable import CaptionCLI

struct NearestNameTests {
  @Test func editDistanceCountsInsertionsDeletionsSubstitutionsAndSwaps() {
    func distance(_ a: String, _ b: String) -> Int {
      NearestName.editDistance(Array(a.utf8), Array(b.utf8))
    }
    #expect(distance("format", "format") == 0)
    #expect(distance("formt", "format") == 1)
    #expect(distance("fromat", "format") == 1)
    #expect(distance("", "abc") == 3)
    #expect(distance("kitten", "sitting") == 3)
  }

  @Test func suggestsOnlyCloseNames() {
    let names = ["--format", "--fail-on", "--output", "--help"]
    #expect(NearestName.find("--formt", among: names) == "--format")
    #expect(NearestName.find("--fail-no", among: names) == "--fail-on")
    #expect(NearestName.find("--colour", among: names) == nil)
    #expect(NearestName.find(String(repeating: "x", count: 1000), among: names) == nil)
  }
}
