public import CaptionCore

/// One caption service an MPEG transport stream announces in its program map table
/// (ATSC A/65 `caption_service_descriptor`, tag 0x86).
public struct CaptionServiceDescriptor: Sendable, Hashable {
  /// Which captions the service is.
  public enum Service: Sendable, Hashable {
    /// CEA-608 captions on line 21 field 1 or 2.
    case line21(field: Int)
    /// CEA-708 (DTVCC) caption service 1-63.
    case digital(service: Int)
  }

  public var service: Service
  /// The ISO 639-2 code as written (`eng`, `spa`); nil when it is not three letters.
  public var language: String?
  /// Whether the captions are tailored for beginning readers (`easy_reader`).
  public var isEasyReader: Bool
  /// Whether the captions are formatted for a 16:9 picture (`wide_aspect_ratio`).
  public var isWideAspectRatio: Bool

  public init(
    service: Service, language: String?, isEasyReader: Bool = false,
    isWideAspectRatio: Bool = false
  ) {
    self.service = service
    self.language = language
    self.isEasyReader = isEasyReader
    self.isWideAspectRatio = isWideAspectRatio
  }
}

extension CaptionServiceDescriptor {
  /// The language as BCP 47 (`eng` is `en`); nil when none is given or it is not known.
  public var languageTag: LanguageTag? { language.flatMap(ISO639.languageTag(for:)) }
}

extension [CaptionServiceDescriptor] {
  /// The descriptor of CEA-708 service `service`, when one announces it.
  public func digital(_ service: Int) -> CaptionServiceDescriptor? {
    first { $0.service == .digital(service: service) }
  }
}
