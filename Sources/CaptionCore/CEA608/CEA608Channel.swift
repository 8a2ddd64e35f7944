/// A CEA-608 caption data channel: CC1 and CC2 in field 1, CC3 and CC4 in field 2.
public enum CEA608Channel: Int, Sendable, Hashable, CaseIterable, Comparable,
  CustomStringConvertible
{
  case cc1 = 1
  case cc2
  case cc3
  case cc4

  /// The channel of a field (1 or 2) and data channel within it (1 or 2).
  public init(field: Int, dataChannel: Int) {
    switch (field, dataChannel) {
    case (2, 1): self = .cc3
    case (2, _): self = .cc4
    case (_, 1): self = .cc1
    default: self = .cc2
    }
  }

  /// The field the channel is carried in.
  public var field: Int { rawValue <= 2 ? 1 : 2 }

  /// The data channel within its field: 1 (first bytes `0x10`-`0x17`) or 2 (`0x18`-`0x1F`).
  public var dataChannel: Int { rawValue % 2 == 1 ? 1 : 2 }

  /// `CC1` ... `CC4`.
  public var description: String { "CC\(rawValue)" }

  public static func < (lhs: CEA608Channel, rhs: CEA608Channel) -> Bool {
    lhs.rawValue < rhs.rawValue
  }
}

/// How captions are shown on a channel.
public enum CEA608Mode: String, Sendable, Hashable, CaseIterable {
  /// Loaded off screen, then shown at once by End Of Caption (`RCL` ... `EOC`).
  case popOn = "pop-on"
  /// Rows scroll up from a base row (`RU2`, `RU3`, `RU4`, `CR`).
  case rollUp = "roll-up"
  /// Written straight onto the screen (`RDC`).
  case paintOn = "paint-on"
  /// The channel's text service (`TR`, `RTD`: T1-T4), not captions.
  case text
}
