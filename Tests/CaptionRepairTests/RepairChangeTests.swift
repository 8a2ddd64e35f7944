import CaptionRepair
import Testing

struct RepairChangeTests {
  @Test func aChangeIsFixedUnlessSaidOtherwise() {
    let change = RepairChange(rule: "timing.overlap", cueIndex: 3, message: "trimmed")
    #expect(change.fixed)
    #expect(
      RepairChange(rule: "timing.overlap", cueIndex: nil, fixed: false, message: "no room").fixed
        == false)
  }
}
