/// What a transcript writer needs besides the transcript: the title and where the media is.
public struct TranscriptExportOptions: Sendable, Hashable {
  /// The document's title and top heading.
  public var title: String
  /// The media file as a URL relative to the written file (percent-encoded), to which each
  /// paragraph's start time links as a media fragment (`movie.mp4#t=83.2`); nil for no links.
  public var mediaLink: String?

  public init(title: String, mediaLink: String? = nil) {
    self.title = title
    self.mediaLink = mediaLink
  }

  /// A relative URL for a file path: every byte but unreserved characters and `/`
  /// percent-encoded, colons included, so that no path can become a scheme (`javascript:`).
  public static func link(forPath path: String) -> String {
    var link = ""
    for byte in path.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
        UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
        link.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        let digits = Array("0123456789ABCDEF".unicodeScalars)
        link.unicodeScalars.append("%")
        link.unicodeScalars.append(digits[Int(byte >> 4)])
        link.unicodeScalars.append(digits[Int(byte & 0x0F)])
      }
    }
    return link
  }
}
