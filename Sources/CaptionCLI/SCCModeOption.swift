import CaptionKit

/// The names of the CEA-608 modes that `convert --scc-mode` and `mux --track FILE:mode=`
/// take.
enum SCCModeOption {
  /// The names users write, in the order messages list them.
  static let names = ["pop-on", "roll-up", "roll-up-3", "roll-up-4"]

  /// The mode called `name` (`roll-up-2` too, the same as `roll-up`); nil for another name.
  static func mode(named name: String) -> CEA608Encoder.Mode? {
    switch name {
    case "pop-on": return .popOn
    case "roll-up", "roll-up-2": return .rollUp(rows: 2)
    case "roll-up-3": return .rollUp(rows: 3)
    case "roll-up-4": return .rollUp(rows: 4)
    default: return nil
    }
  }
}
