public import CaptionCore

/// Reads a DASH manifest (MPD) with captionkit's own XML parser (no document type, no
/// external entity, bounded depth): the periods, adaptation sets, descriptors and
/// representations `DASHManifest` keeps. Problems are `parse.dash` findings at their lines.
public enum DASHManifestParser {
  public static let rule = "parse.dash"
  /// Largest manifest read.
  public static let maximumSize = 16 * 1024 * 1024

  public struct Result: Sendable {
    /// The manifest; nil when the bytes are not one (not XML, no `MPD` root).
    public var manifest: DASHManifest?
    public var diagnostics: [Diagnostic]
  }

  public static func parse(_ bytes: [UInt8], path: String? = nil) -> Result {
    guard bytes.count <= maximumSize else {
      return Result(
        manifest: nil,
        diagnostics: [
          Diagnostic(
            rule: rule, severity: .error,
            message: "the manifest is \(bytes.count) bytes, over the limit of \(maximumSize); "
              + "not read", file: path)
        ])
    }
    let handler = Handler(bytes: bytes, path: path)
    bytes.withUnsafeBufferPointer { _ = XMLStreamParser.parse($0, delegate: handler) }
    return handler.result()
  }

  /// The `xs:duration` `PT1H2M3.5S` (days too), as a time in milliseconds; nil when it is not
  /// one.
  public static func duration(_ text: String) -> MediaTime? {
    var rest = Substring(text)
    guard rest.hasPrefix("P") else { return nil }
    rest = rest.dropFirst()
    var milliseconds: Int64 = 0
    var components = 0
    var inTime = false
    var number = ""
    for character in rest {
      switch character {
      case "T": inTime = true
      case "0"..."9", ".": number.append(character)
      case "D", "H", "M", "S":
        guard let value = Double(number) else { return nil }
        let unit: Double
        switch character {
        case "D": unit = 86_400_000
        case "H": unit = 3_600_000
        case "M": unit = inTime ? 60_000 : 2_592_000_000
        default: unit = 1000
        }
        milliseconds += Int64((value * unit).rounded())
        number = ""
        components += 1
      default: return nil
      }
    }
    return number.isEmpty && components > 0 ? MediaTime(milliseconds: milliseconds) : nil
  }

  private final class Handler: XMLStreamDelegate {
    let bytes: [UInt8]
    let path: String?
    var manifest: DASHManifest?
    var diagnostics: [Diagnostic] = []
    /// Byte offsets where each line starts.
    let lineStarts: [Int]
    var elements: [String] = []
    var text = ""
    var collectingText = false

    init(bytes: [UInt8], path: String?) {
      self.bytes = bytes
      self.path = path
      var starts = [0]
      for (index, byte) in bytes.enumerated() where byte == 0x0A { starts.append(index + 1) }
      lineStarts = starts
    }

    func line(_ offset: Int) -> Int {
      var low = 0
      var high = lineStarts.count
      while low < high {
        let middle = (low + high) / 2
        if lineStarts[middle] <= offset { low = middle + 1 } else { high = middle }
      }
      return max(1, low)
    }

    func result() -> Result {
      if faulted { manifest = nil }
      if manifest == nil, !diagnostics.contains(where: { $0.severity == .error }) {
        diagnostics.append(
          Diagnostic(
            rule: DASHManifestParser.rule, severity: .error,
            message: "the file has no MPD element: this is not a DASH manifest", file: path))
      }
      return Result(manifest: manifest, diagnostics: diagnostics)
    }

    func startMapping(prefix: String, namespace: String) {}
    func endMapping(prefix: String) {}

    func startElement(_ tag: XMLStartTag) {
      let name = tag.localName
      let number = line(tag.offset)
      func value(_ attribute: String) -> String? {
        tag.attributes.first { $0.localName == attribute && $0.namespace.isEmpty }?.value
      }
      defer { elements.append(name) }
      if elements.isEmpty {
        guard name == "MPD" else { return }
        var read = DASHManifest(type: value("type"))
        read.rootTagEnd = tag.endOffset
        if let text = value("mediaPresentationDuration") {
          read.duration = DASHManifestParser.duration(text)
          if read.duration == nil {
            report(.error, "mediaPresentationDuration '\(text)' is not an xs:duration", number)
          }
        }
        manifest = read
        return
      }
      guard manifest != nil else { return }
      let parent = elements.last ?? ""
      switch (parent, name) {
      case ("MPD", "Period"):
        var period = DASHManifest.Period(id: value("id"), line: number)
        if let text = value("duration") {
          period.duration = DASHManifestParser.duration(text)
          if period.duration == nil {
            report(.error, "Period duration '\(text)' is not an xs:duration", number)
          }
        }
        manifest?.periods.append(period)
      case ("Period", "AdaptationSet"):
        var set = DASHManifest.AdaptationSet(
          id: value("id"), contentType: value("contentType"), mimeType: value("mimeType"),
          codecs: value("codecs"), language: value("lang"), line: number)
        set.byteRange = tag.offset..<tag.endOffset
        updatePeriod { $0.adaptationSets.append(set) }
      case ("AdaptationSet", "Role"), ("AdaptationSet", "Accessibility"):
        let descriptor = DASHManifest.Descriptor(
          scheme: value("schemeIdUri") ?? "", value: value("value"), line: number)
        if value("schemeIdUri") == nil {
          report(.error, "\(name) has no schemeIdUri, which it requires", number)
        }
        updateSet { set in
          if name == "Role" {
            set.roles.append(descriptor)
          } else {
            set.accessibility.append(descriptor)
          }
        }
      case ("AdaptationSet", "Representation"):
        var representation = DASHManifest.Representation(
          id: value("id"), mimeType: value("mimeType"), codecs: value("codecs"), line: number)
        representation.bandwidth = value("bandwidth")
        updateSet { $0.representations.append(representation) }
      case ("AdaptationSet", "SegmentTemplate"), ("Representation", "SegmentTemplate"):
        var template = DASHManifest.SegmentTemplate(
          initialization: value("initialization"), media: value("media"), line: number)
        func integer(_ attribute: String, minimum: Int64) -> Int64? {
          guard let text = value(attribute) else { return nil }
          guard let parsed = Int64(text), parsed >= minimum else {
            report(
              .error,
              "SegmentTemplate \(attribute) '\(text)' is not a whole number"
                + (minimum > 0 ? " above 0" : " of 0 or more"), number)
            return nil
          }
          return parsed
        }
        template.startNumber = integer("startNumber", minimum: 0) ?? 1
        template.timescale = integer("timescale", minimum: 1) ?? 1
        template.duration = integer("duration", minimum: 1)
        template.presentationTimeOffset = integer("presentationTimeOffset", minimum: 0) ?? 0
        openTemplate = (template, parent == "Representation")
      case ("SegmentTimeline", "S"):
        guard let text = value("d"), let duration = Int64(text), duration > 0 else {
          report(.error, "SegmentTimeline S has no duration d above 0", number)
          break
        }
        let time = value("t").flatMap { Int64($0) }
        let repeats = value("r").flatMap { Int64($0) } ?? 0
        if (value("t") != nil && (time ?? -1) < 0) || repeats < -1 {
          report(.error, "SegmentTimeline S has a t or r that is not a valid number", number)
          break
        }
        openTemplate?.template.timeline.append(
          DASHManifest.TimelineEntry(time: time, duration: duration, repeats: repeats))
      case (_, "BaseURL"):
        collectingText = true
        text = ""
        baseURLStart = tag.offset
      default:
        break
      }
    }

    /// Where the `BaseURL` element being read starts.
    var baseURLStart = 0
    /// Whether the XML was not well-formed: then there is no manifest.
    var faulted = false

    /// The templates of adaptation sets (by line), given to representations without one.
    var templates: [Int: DASHManifest.SegmentTemplate] = [:]
    /// The `SegmentTemplate` being read, and whether a representation (not its set) has it.
    var openTemplate: (template: DASHManifest.SegmentTemplate, ofRepresentation: Bool)?

    func endElement(_ tag: XMLEndTag) {
      elements.removeLast()
      if tag.localName == "SegmentTemplate", let (template, ofRepresentation) = openTemplate {
        openTemplate = nil
        updateSet { set in
          if ofRepresentation, !set.representations.isEmpty {
            set.representations[set.representations.count - 1].template = template
          } else if !ofRepresentation {
            // A set's template is each representation's, unless it has its own.
            templates[set.line] = template
          }
        }
      }
      if tag.localName == "BaseURL", collectingText {
        collectingText = false
        let url = text.trimmingCharacters()
        let closing = self.end(of: tag)
        switch elements.last {
        case "MPD"?:
          manifest?.baseURL = url
          manifest?.baseURLRange = baseURLStart..<closing
        case "Period"?: updatePeriod { $0.baseURL = url }
        case "AdaptationSet"?: updateSet { $0.baseURL = url }
        case "Representation"?:
          updateSet { set in
            if !set.representations.isEmpty {
              set.representations[set.representations.count - 1].baseURL = url
            }
          }
        default: break
        }
      }
      if tag.localName == "AdaptationSet" {
        let closing = self.end(of: tag)
        updateSet { set in
          set.byteRange = set.byteRange.lowerBound..<max(closing, set.byteRange.upperBound)
          guard let template = templates[set.line] else { return }
          for index in set.representations.indices
          where set.representations[index].template == nil {
            set.representations[index].template = template
          }
        }
      }
    }

    func characters(_ text: UnsafeBufferPointer<UInt8>, at offset: Int) {
      guard collectingText, self.text.utf8.count < 4096 else { return }
      self.text += String(decoding: text, as: UTF8.self)
    }

    /// Just after the `>` that ends `tag` (`</name>`, or the `/>` of an empty element).
    func end(of tag: XMLEndTag) -> Int {
      var index = tag.offset
      while index < bytes.count, bytes[index] != UInt8(ascii: ">") { index += 1 }
      return min(bytes.count, index + 1)
    }

    func fault(_ error: XMLStreamError) {
      faulted = true
      report(.error, "the manifest is not well-formed XML: \(error.message)", line(error.offset))
    }

    private func report(_ severity: Severity, _ message: String, _ line: Int) {
      diagnostics.append(
        Diagnostic(
          rule: DASHManifestParser.rule, severity: severity, message: message, file: path,
          location: SourceLocation(line: line, column: 1, offset: 0)))
    }

    private func updatePeriod(_ change: (inout DASHManifest.Period) -> Void) {
      guard var periods = manifest?.periods, !periods.isEmpty else { return }
      change(&periods[periods.count - 1])
      manifest?.periods = periods
    }

    private func updateSet(_ change: (inout DASHManifest.AdaptationSet) -> Void) {
      updatePeriod { period in
        guard !period.adaptationSets.isEmpty else { return }
        change(&period.adaptationSets[period.adaptationSets.count - 1])
      }
    }
  }
}

extension String {
  /// The text without white space at either end.
  fileprivate func trimmingCharacters() -> String {
    var slice = Substring(self)
    while let first = slice.first, first.isWhitespace { slice = slice.dropFirst() }
    while let last = slice.last, last.isWhitespace { slice = slice.dropLast() }
    return String(slice)
  }
}
