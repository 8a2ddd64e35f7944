import CaptionCore

/// Builds cues from `XMLStreamParser`'s events: keeps the stack of open elements with their
/// times, styles, regions and languages, and turns each `p` into a cue.
final class TTMLDocumentHandler: XMLStreamDelegate {
  /// Deepest nesting of elements read as elements; deeper ones count as their parent's text.
  static let maximumDepth = 256

  private(set) var diagnostics: [Diagnostic] = []
  private(set) var cues: [Cue] = []
  private(set) var language: LanguageTag?
  private(set) var header: [String] = []

  private let map: TTMLSourceMap
  private let file: String?

  // Namespaces in scope, by prefix.
  private var prefixes: [String: [String]] = ["xml": [TTMLNamespace.xml]]
  /// The namespace content elements are in: TTML's, or none for a `tt` without one.
  private var contentNamespace = TTMLNamespace.ttml
  private var seenRoot = false

  // Document parameters.
  private var parameters = TTMLTimingParameters()
  private var rootHeight: Double?
  private var cellRows = 15.0
  private var trackLanguage = ""

  // Definitions from the head.
  private struct Definition {
    var specified = TTMLStyle()
    var references: [String] = []
    /// Styles given by `<style>` elements inside a region.
    var nested = TTMLStyle()
    var location: SourceLocation
  }
  private var styles: [String: Definition] = [:]
  private var resolvedStyles: [String: TTMLStyle] = [:]
  private var regions: [String: Definition] = [:]
  private var regionSettings: [String: CueSettings] = [:]
  private var agents: [String: String] = [:]
  private var agentName: (id: String, text: String)?

  // The open elements.
  private enum Kind {
    case tt, head, styling, style, layout, region, metadata, agent, agentName
    case body, div, p, span, br, other
  }
  private struct Frame {
    var kind: Kind
    var begin: MediaTime = .zero
    var end: MediaTime?
    var sequential = false
    /// For a sequential container: where its next child begins.
    var cursor: MediaTime = .zero
    var region: String?
    /// The style given on the element (references and inline), not inherited.
    var specified = TTMLStyle()
    /// The computed style inside a paragraph (paragraph and spans).
    var computed = TTMLStyle()
    var language = ""
    var preserve = false
    var voice: String?
  }
  private var frames: [Frame] = []
  /// Elements nested too deep, read as text of the innermost frame.
  private var transparentDepth = 0
  /// Elements whose content is not read (foreign, unsupported), and their descendants.
  private var prunedDepth = 0
  /// The finding on the element being skipped, marked as losing text when text is found in
  /// it; nil when none is.
  private var prunedReport: Int?

  // The paragraph being read.
  private struct Run {
    var text: String
    var style: RunStyle
  }
  private struct RunStyle: Equatable {
    var italic = false
    var bold = false
    var underline = false
    /// The colour class; nil for white.
    var color: String?
    var voice: String?
    var language: String?
  }
  private struct Paragraph {
    var number: Int
    var id: String
    var begin: MediaTime
    var end: MediaTime?
    /// Whether the paragraph's own `end` or `dur` could not be read (its finding says why).
    var endUnread = false
    var location: SourceLocation
    var settings: CueSettings
    var runs: [Run] = []
    var atLineStart = true
    var collapsibleSpace = false
    /// The index of the first finding made while reading the paragraph.
    var firstFinding = 0
  }
  private var paragraph: Paragraph?
  private var paragraphCount = 0

  // Findings reported once, with a count of further uses.
  private var summaries: [String: (index: Int, count: Int)] = [:]
  private var reportedOnce: Set<String> = []

  // Where the current start tag and its attributes are.
  private var tagStart = 0
  private var attributeOffsets: [String: Int] = [:]

  init(bytes: [UInt8], file: String?) {
    self.map = TTMLSourceMap(bytes: bytes)
    self.file = file
  }

  // MARK: Findings

  private func report(
    _ severity: Severity, _ message: String, at location: SourceLocation?,
    cue: CueReference? = nil, hint: String? = nil, losesText: Bool = false
  ) {
    diagnostics.append(
      Diagnostic(
        rule: TTMLReader.rule, severity: severity, message: message, file: file,
        location: location, cue: cue, hint: hint, losesText: losesText))
  }

  /// Reports `message` at its first use only, counting the others in the message at the end.
  private func summarize(
    _ severity: Severity, _ message: String, at location: SourceLocation?, hint: String? = nil
  ) {
    if let summary = summaries[message] {
      summaries[message] = (summary.index, summary.count + 1)
      return
    }
    summaries[message] = (diagnostics.count, 1)
    report(severity, message, at: location, hint: hint)
  }

  private var elementLocation: SourceLocation { map.location(ofByte: tagStart) }

  /// The location of attribute `name` in the current start tag (the tag's when not found).
  private func location(ofAttribute name: String) -> SourceLocation {
    guard let offset = attributeOffsets[name] else { return elementLocation }
    return map.location(ofByte: offset)
  }

  // MARK: Parser events

  func startMapping(prefix: String, namespace: String) {
    prefixes[prefix, default: []].append(TTMLNamespace.canonical(namespace))
  }

  func endMapping(prefix: String) {
    if prefixes[prefix]?.isEmpty == false { prefixes[prefix]?.removeLast() }
  }

  func startElement(_ tag: XMLStartTag) {
    if prunedDepth > 0 {
      prunedDepth += 1
      return
    }
    let elementName = tag.localName
    let namespace = TTMLNamespace.canonical(tag.namespace)
    if transparentDepth > 0 {
      transparentDepth += 1
      if namespace == contentNamespace, elementName == "br" { lineBreak() }
      return
    }
    tagStart = tag.offset
    var attributes: [String: String] = [:]
    attributes.reserveCapacity(tag.attributes.count)
    attributeOffsets.removeAll(keepingCapacity: true)
    for attribute in tag.attributes {
      attributes[attribute.qualifiedName] = attribute.value
      attributeOffsets[attribute.qualifiedName] = attribute.offset
    }
    let name = tag.qualifiedName
    if !seenRoot {
      seenRoot = true
      guard elementName == "tt", namespace == TTMLNamespace.ttml || namespace.isEmpty else {
        report(
          .error, "the root element is <\(name)>, not <tt> in the TTML namespace",
          at: elementLocation,
          hint: "a TTML document starts with <tt xmlns=\"\(TTMLNamespace.ttml)\">")
        prunedDepth = 1
        return
      }
      if namespace.isEmpty {
        contentNamespace = ""
        report(
          .warning, "<tt> has no namespace; read as TTML", at: elementLocation,
          hint: "add xmlns=\"\(TTMLNamespace.ttml)\" to <tt>")
      }
      startRoot(attributes)
      return
    }
    if frames.count >= Self.maximumDepth {
      if reportedOnce.insert("depth").inserted {
        report(
          .error, "elements nest more than \(Self.maximumDepth) deep; deeper ones are read as text",
          at: elementLocation)
      }
      transparentDepth = 1
      if namespace == contentNamespace, elementName == "br" { lineBreak() }
      return
    }
    let parent = frames.last ?? Frame(kind: .tt)
    if namespace == TTMLNamespace.metadata {
      startMetadata(elementName, name: name, parent: parent, attributes: attributes)
      return
    }
    guard namespace == contentNamespace else {
      if parent.kind != .metadata, parent.kind != .agent {
        summarize(
          .remark, "element <\(name)> from another vocabulary is not read", at: elementLocation)
      }
      push(Frame(kind: .other), pruned: true)
      return
    }
    switch (parent.kind, elementName) {
    case (.tt, "head"): push(Frame(kind: .head))
    case (.tt, "body"): startTimed(.body, parent: parent, attributes: attributes)
    case (.head, "styling"): push(Frame(kind: .styling))
    case (.head, "layout"): push(Frame(kind: .layout))
    case (.styling, "style"), (.region, "style"): startStyle(parent: parent, attributes)
    case (.layout, "region"): startRegion(attributes)
    case (_, "metadata"):
      readOtherAttributes(attributes, element: "metadata", known: ["xml:id", "xml:lang"])
      push(Frame(kind: .metadata))
    case (.body, "div"), (.div, "div"): startTimed(.div, parent: parent, attributes: attributes)
    case (.body, "p"), (.div, "p"): startTimed(.p, parent: parent, attributes: attributes)
    case (.p, "span"), (.span, "span"): startTimed(.span, parent: parent, attributes: attributes)
    case (.p, "br"), (.span, "br"):
      readOtherAttributes(attributes, element: "br", known: ["xml:id", "style", "xml:space"])
      lineBreak()
      push(Frame(kind: .br))
    case (.p, "p"), (.span, "p"), (.p, "div"), (.span, "div"):
      report(
        .error, "<\(name)> inside a paragraph; its text is read as part of the paragraph",
        at: elementLocation, hint: "close the paragraph before starting another")
      var frame = parent
      frame.kind = .span
      push(frame)
    case (_, "set"), (_, "animate"), (_, "animation"):
      summarize(.warning, "<\(name)> animation is not applied", at: elementLocation)
      push(Frame(kind: .other), pruned: true)
    case (_, "image"), (_, "audio"), (_, "data"), (_, "font"), (_, "resources"), (_, "chunk"),
      (_, "source"):
      summarize(
        .warning, "<\(name)> is not supported in IMSC Text; not read", at: elementLocation)
      push(Frame(kind: .other), pruned: true)
    case (_, "initial"):
      summarize(.remark, "<initial> style defaults are not applied", at: elementLocation)
      push(Frame(kind: .other), pruned: true)
    default:
      report(
        .warning, "<\(name)> is not allowed inside <\(frameName(parent.kind))>; not read",
        at: elementLocation)
      push(Frame(kind: .other), pruned: true)
      prunedReport = diagnostics.count - 1
    }
  }

  func endElement(_ tag: XMLEndTag) {
    if prunedDepth > 0 {
      prunedDepth -= 1
      if prunedDepth == 0 { prunedReport = nil }
      if prunedDepth > 0 || frames.last?.kind != .other { return }
      frames.removeLast()
      return
    }
    if transparentDepth > 0 {
      transparentDepth -= 1
      return
    }
    guard let frame = frames.popLast() else { return }
    switch frame.kind {
    case .p: finishParagraph()
    case .agentName:
      if let (id, text) = agentName {
        let name = text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
        if agents[id] == nil, !name.isEmpty { agents[id] = name }
      }
    default: break
    }
    // A sequential container's next child begins where this one ended.
    if let end = frame.end, let last = frames.indices.last, frames[last].sequential {
      frames[last].cursor = end
    }
  }

  func fault(_ error: XMLStreamError) {
    report(
      .error, "malformed XML: " + error.message, at: map.location(ofByte: error.offset),
      hint: "fix the XML; what follows it may be missing or read wrongly")
    // The paragraph the fault is in is kept with the text read before it, so that cue numbers
    // stay the positions in the track.
    finishParagraph()
  }

  /// Reports the document type declaration the reader blanked out at `offset`.
  func reportDocumentType(at offset: Int) {
    report(
      .warning, "the document type declaration is ignored; IMSC allows none",
      at: map.location(ofByte: offset),
      hint: "remove <!DOCTYPE ...>; write text instead of entity references")
  }

  // MARK: Text

  func characters(_ text: UnsafeBufferPointer<UInt8>, at offset: Int) {
    if prunedDepth > 0 {
      // Text in an element that is not read is left out of the track.
      if let index = prunedReport, text.contains(where: { !isXMLSpace($0) }) {
        // Content lost is an error, as the rule catalogue has it.
        diagnostics[index].losesText = true
        diagnostics[index].severity = .error
        prunedReport = nil
      }
      return
    }
    guard let frame = frames.last else { return }
    switch frame.kind {
    case .p, .span, .br:
      appendText(text, frame: frame)
    case .agentName:
      if var name = agentName, name.text.utf8.count < 1024 {
        name.text += String(decoding: text, as: UTF8.self)
        agentName = name
      }
    case .body, .div:
      if let first = text.firstIndex(where: { !isXMLSpace($0) }),
        reportedOnce.insert("stray").inserted
      {
        report(
          .error, "text outside a paragraph is not shown",
          at: map.location(ofByte: offset + first),
          hint: "put the text in a <p>", losesText: true)
      }
    default: break
    }
  }

  private func isXMLSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }

  private func runStyle(_ frame: Frame) -> RunStyle {
    RunStyle(
      italic: frame.computed.italic ?? false, bold: frame.computed.bold ?? false,
      underline: frame.computed.underline ?? false,
      color: frame.computed.color.flatMap { $0.isEmpty ? nil : $0 }, voice: frame.voice,
      language: frame.language == trackLanguage || frame.language.isEmpty
        ? nil : frame.language)
  }

  private func appendText(_ text: UnsafeBufferPointer<UInt8>, frame: Frame) {
    // Taken out while changed, so that its runs are not copied on write.
    guard var current = paragraph else { return }
    paragraph = nil
    let piece = Self.normalize(text, preserve: frame.preserve, &current)
    if !piece.isEmpty {
      let style = runStyle(frame)
      if let last = current.runs.indices.last, current.runs[last].style == style {
        current.runs[last].text += piece
      } else {
        current.runs.append(Run(text: piece, style: style))
      }
    }
    paragraph = current
  }

  /// The text of `bytes` with XML white space handled as `xml:space` says: collapsed (line
  /// ends and tabs as spaces, one space in a row, none at a line start), or kept with line feeds
  /// as line breaks.
  private static func normalize(
    _ bytes: UnsafeBufferPointer<UInt8>, preserve: Bool, _ current: inout Paragraph
  ) -> String {
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count)
    for byte in bytes {
      switch byte {
      case 0x0A where preserve:
        output.append(byte)
        current.atLineStart = true
        current.collapsibleSpace = false
      case 0x0D where preserve:
        continue
      case 0x20, 0x09, 0x0A, 0x0D:
        if preserve {
          output.append(byte)
          current.atLineStart = false
          current.collapsibleSpace = false
        } else if !current.atLineStart, !current.collapsibleSpace {
          output.append(0x20)
          current.collapsibleSpace = true
        }
      default:
        output.append(byte)
        current.atLineStart = false
        current.collapsibleSpace = false
      }
    }
    return String(decoding: output, as: UTF8.self)
  }

  /// Removes a collapsible space at the end of the paragraph text.
  private func trimTrailingSpace(_ current: inout Paragraph) {
    guard current.collapsibleSpace, let last = current.runs.indices.last else { return }
    current.runs[last].text.removeLast()
    if current.runs[last].text.isEmpty { current.runs.removeLast() }
    current.collapsibleSpace = false
  }

  private func lineBreak() {
    guard var current = paragraph, let frame = frames.last else { return }
    paragraph = nil
    trimTrailingSpace(&current)
    let style = runStyle(frame)
    if let last = current.runs.indices.last, current.runs[last].style == style {
      current.runs[last].text += "\n"
    } else {
      current.runs.append(Run(text: "\n", style: style))
    }
    current.atLineStart = true
    paragraph = current
  }

  // MARK: Elements

  private func push(_ frame: Frame, pruned: Bool = false) {
    frames.append(frame)
    if pruned { prunedDepth = 1 }
  }

  private func frameName(_ kind: Kind) -> String {
    switch kind {
    case .tt: return "tt"
    case .head: return "head"
    case .styling: return "styling"
    case .style: return "style"
    case .layout: return "layout"
    case .region: return "region"
    case .metadata: return "metadata"
    case .agent: return "ttm:agent"
    case .agentName: return "ttm:name"
    case .body: return "body"
    case .div: return "div"
    case .p: return "p"
    case .span: return "span"
    case .br: return "br"
    case .other: return "unknown"
    }
  }

  /// An attribute's namespace and local name.
  private func resolve(_ qualifiedName: String) -> (namespace: String, local: String)? {
    guard let colon = qualifiedName.firstIndex(of: ":") else { return ("", qualifiedName) }
    let prefix = String(qualifiedName[..<colon])
    let local = String(qualifiedName[qualifiedName.index(after: colon)...])
    if prefix == "xmlns" { return nil }
    guard let namespace = prefixes[prefix]?.last else { return ("?" + prefix, local) }
    return (namespace, local)
  }

  /// The attributes sorted by name, so findings come in the same order every time.
  private func sorted(_ attributes: [String: String]) -> [(String, String)] {
    attributes.filter { $0.key != "xmlns" && !$0.key.hasPrefix("xmlns:") }
      .sorted { $0.key < $1.key }
  }

  /// Reports every attribute of an element that has no attribute captionkit reads but `known`.
  private func readOtherAttributes(
    _ attributes: [String: String], element: String, known: Set<String>
  ) {
    for (name, _) in sorted(attributes) {
      guard let (namespace, local) = resolve(name) else { continue }
      if known.contains(canonicalName(namespace, local)) { continue }
      unsupportedAttribute(name, namespace: namespace, local: local)
    }
  }

  private func canonicalName(_ namespace: String, _ local: String) -> String {
    if namespace.isEmpty { return local }
    guard let prefix = TTMLNamespace.prefix(of: namespace) else { return namespace + "#" + local }
    return prefix + ":" + local
  }

  private func unsupportedAttribute(_ name: String, namespace: String, local: String) {
    let known = canonicalName(namespace, local)
    if namespace.hasPrefix("?") {
      report(
        .error, "attribute \(name) has an undeclared namespace prefix",
        at: location(ofAttribute: name))
    } else if namespace == TTMLNamespace.styling {
      summarize(.remark, "styling \(known) is not kept", at: location(ofAttribute: name))
    } else if namespace.isEmpty || TTMLNamespace.prefix(of: namespace) != nil {
      summarize(.remark, "attribute \(known) is not read", at: location(ofAttribute: name))
    } else {
      summarize(
        .remark, "attribute \(name) from another vocabulary is not read",
        at: location(ofAttribute: name))
    }
  }

  private func startRoot(_ attributes: [String: String]) {
    var frame = Frame(kind: .tt)
    var frameRateGiven = false
    var tickRateGiven = false
    for (name, value) in sorted(attributes) {
      guard let (namespace, local) = resolve(name) else { continue }
      switch canonicalName(namespace, local) {
      case "xml:lang":
        let tag = value.trimmingXMLSpace()
        trackLanguage = tag
        frame.language = tag
        if !tag.isEmpty {
          if let parsed = LanguageTag(tag) {
            language = parsed
          } else {
            report(
              .warning, "xml:lang '\(value)' is not a BCP 47 language tag",
              at: location(ofAttribute: name), hint: "write a tag such as en or pt-BR")
          }
        }
      case "xml:space": frame.preserve = value.trimmingXMLSpace() == "preserve"
      case "ttp:contentProfiles", "ttp:profile":
        // Kept as a header line of its own (the first header line is WebVTT's signature line).
        if header.isEmpty { header.append("") }
        header.append("\(canonicalName(namespace, local)): \(value.trimmingXMLSpace())")
      case "ttp:frameRate":
        if let rate = positive(value, name: name, limit: 1_000_000) {
          parameters.frameRate = rate
          frameRateGiven = true
        }
      case "ttp:subFrameRate":
        if let rate = positive(value, name: name, limit: 1_000_000) {
          parameters.subFrameRate = rate
        }
      case "ttp:tickRate":
        if let rate = positive(value, name: name, limit: Int64(Int32.max)) {
          parameters.tickRate = rate
          tickRateGiven = true
        }
      case "ttp:frameRateMultiplier":
        let parts = value.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" })
        if parts.count == 2, let numerator = Int64(parts[0]), let denominator = Int64(parts[1]),
          (1...1_000_000).contains(numerator), (1...1_000_000).contains(denominator)
        {
          parameters.frameRateMultiplier = (numerator, denominator)
        } else {
          report(
            .error, "ttp:frameRateMultiplier '\(value)' is not two positive whole numbers",
            at: location(ofAttribute: name), hint: "write it as 1000 1001")
        }
      case "ttp:cellResolution":
        let parts = value.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" })
        if parts.count == 2, let rows = Double(parts[1]), rows >= 1, Double(parts[0]) != nil {
          cellRows = rows
        } else {
          report(
            .error, "ttp:cellResolution '\(value)' is not two positive whole numbers",
            at: location(ofAttribute: name), hint: "write it as 32 15")
        }
      case "ttp:timeBase":
        if value.trimmingXMLSpace() != "media" {
          report(
            .warning, "ttp:timeBase \(value) is not supported; times are read as media time",
            at: location(ofAttribute: name), hint: "IMSC uses the media time base")
        }
      case "ttp:dropMode", "ttp:markerMode", "ttp:clockMode", "xml:id":
        break
      case "tts:extent":
        let trimmed = value.trimmingXMLSpace()
        if trimmed == "auto" { break }
        if let (width, height) = TTMLLength.pair(trimmed), case .pixels = width,
          case .pixels(let pixels) = height, pixels > 0
        {
          rootHeight = pixels
        } else {
          report(
            .error, "tts:extent '\(value)' on <tt> is not two pixel lengths",
            at: location(ofAttribute: name), hint: "write it as 1920px 1080px")
        }
      default:
        unsupportedAttribute(name, namespace: namespace, local: local)
      }
    }
    if !tickRateGiven, frameRateGiven {
      parameters.tickRate = parameters.frameRate * parameters.subFrameRate
    }
    if attributes["xml:lang"] == nil {
      report(
        .warning, "<tt> has no xml:lang", at: elementLocation,
        hint: "IMSC requires xml:lang on <tt>; add xml:lang=\"en\" (or the language)")
    }
    push(frame)
  }

  /// A positive whole number no larger than `limit`, or nil with a finding.
  private func positive(_ value: String, name: String, limit: Int64) -> Int64? {
    let trimmed = value.trimmingXMLSpace()
    if let number = Int64(trimmed), number >= 1, number <= limit,
      trimmed.allSatisfy({ $0.isASCII && $0.isNumber })
    {
      return number
    }
    report(
      .error, "\(name) '\(value)' is not a whole number from 1 to \(limit)",
      at: location(ofAttribute: name))
    return nil
  }

  /// Reads a `tts:` attribute into `style`; false when it is not a styling attribute.
  private func readStyling(
    _ name: String, _ namespace: String, _ local: String, _ value: String,
    into style: inout TTMLStyle
  ) -> Bool {
    guard namespace == TTMLNamespace.styling else { return false }
    do throws(TTMLStyle.BadValue) {
      if try !style.set(local, value) {
        unsupportedAttribute(name, namespace: namespace, local: local)
      }
    } catch {
      report(
        .error, "tts:\(local) '\(value)' is not \(error.expected)", at: location(ofAttribute: name))
    }
    return true
  }

  private func idReferences(_ value: String) -> [String] {
    value.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).map(String.init)
  }

  private func startStyle(parent: Frame, _ attributes: [String: String]) {
    var definition = Definition(location: elementLocation)
    var id: String?
    for (name, value) in sorted(attributes) {
      guard let (namespace, local) = resolve(name) else { continue }
      if readStyling(name, namespace, local, value, into: &definition.specified) { continue }
      switch canonicalName(namespace, local) {
      case "xml:id": id = value.trimmingXMLSpace()
      case "style": definition.references = idReferences(value)
      default: unsupportedAttribute(name, namespace: namespace, local: local)
      }
    }
    if parent.kind == .region {
      // A style inside a region styles that region.
      if let region = parent.region, var regionDefinition = regions[region] {
        regionDefinition.nested = regionDefinition.nested.overridden(
          by: resolved(definition.references, at: definition.location).overridden(
            by: definition.specified))
        regions[region] = regionDefinition
      }
    } else if let id, !id.isEmpty {
      styles[id] = definition
    } else {
      report(
        .warning, "<style> has no xml:id, so nothing can refer to it", at: elementLocation,
        hint: "add xml:id")
    }
    push(Frame(kind: .style))
  }

  private func startRegion(_ attributes: [String: String]) {
    var definition = Definition(location: elementLocation)
    var id: String?
    for (name, value) in sorted(attributes) {
      guard let (namespace, local) = resolve(name) else { continue }
      if readStyling(name, namespace, local, value, into: &definition.specified) { continue }
      switch canonicalName(namespace, local) {
      case "xml:id": id = value.trimmingXMLSpace()
      case "style": definition.references = idReferences(value)
      case "begin", "end", "dur", "timeContainer":
        summarize(.remark, "timing on <region> is not applied", at: location(ofAttribute: name))
      default: unsupportedAttribute(name, namespace: namespace, local: local)
      }
    }
    var frame = Frame(kind: .region)
    frame.region = id
    frame.specified = definition.specified
    if let id, !id.isEmpty {
      regions[id] = definition
    } else {
      report(
        .warning, "<region> has no xml:id, so no content can be shown in it",
        at: elementLocation, hint: "add xml:id")
    }
    push(frame)
  }

  private func startMetadata(
    _ elementName: String, name: String, parent: Frame, attributes: [String: String]
  ) {
    switch (parent.kind, elementName) {
    case (_, "agent"):
      if let id = attributes["xml:id"]?.trimmingXMLSpace(), !id.isEmpty {
        var frame = Frame(kind: .agent)
        frame.region = id
        push(frame)
      } else {
        push(Frame(kind: .other), pruned: true)
      }
    case (.agent, "name"):
      if let id = parent.region { agentName = (id, "") }
      push(Frame(kind: .agentName))
    default:
      // Document metadata (ttm:title, ttm:desc, ttm:copyright, ...): not caption text.
      push(Frame(kind: .other), pruned: true)
    }
  }

  /// Resolves the styles `references` name, in order, later ones winning.
  private func resolved(_ references: [String], at location: SourceLocation) -> TTMLStyle {
    var result = TTMLStyle()
    for reference in references {
      result = result.overridden(by: resolvedStyle(reference, at: location, depth: 0))
    }
    return result
  }

  private func resolvedStyle(_ id: String, at location: SourceLocation, depth: Int) -> TTMLStyle {
    if let style = resolvedStyles[id] { return style }
    guard let definition = styles[id] else {
      report(
        .warning, "style '\(id)' is not defined", at: location,
        hint: "define <style xml:id=\"\(id)\"> in <styling>")
      resolvedStyles[id] = TTMLStyle()
      return TTMLStyle()
    }
    guard depth < 16 else {
      if reportedOnce.insert("style-loop:" + id).inserted {
        report(
          .warning, "style '\(id)' refers to itself through its references",
          at: definition.location)
      }
      return TTMLStyle()
    }
    var style = TTMLStyle()
    for reference in definition.references {
      style = style.overridden(
        by: resolvedStyle(reference, at: definition.location, depth: depth + 1))
    }
    style = style.overridden(by: definition.specified)
    resolvedStyles[id] = style
    return style
  }

  /// Reads a time attribute of `subject`; nil (with a finding) when it cannot be read.
  /// What an attribute that cannot be read is taken as, for its error.
  private static func unread(_ name: String) -> String {
    name == "begin" ? "; read as the begin of the element around it" : ""
  }

  private func time(_ name: String, _ value: String, subject: String) -> MediaTime? {
    switch TTMLTimeExpression.parse(value, parameters) {
    case .success(let parsed):
      if parsed.isRounded {
        report(
          .remark,
          "\(subject) \(name) '\(value)' does not fit an exact time; rounded to "
            + "the nanosecond", at: location(ofAttribute: name))
      }
      return parsed.time
    case .failure(.syntax):
      report(
        .error, "\(subject) \(name) '\(value)' is not a TTML time expression\(Self.unread(name))",
        at: location(ofAttribute: name),
        hint: "write a clock time such as 00:00:01.500 or an offset such as 1.5s")
    case .failure(.outOfRange(let part, let number, let limit)):
      report(
        .error,
        "\(subject) \(name) '\(value)' has \(part) \(number), more than the highest, \(limit)"
          + Self.unread(name),
        at: location(ofAttribute: name))
    }
    return nil
  }

  private func startTimed(_ kind: Kind, parent: Frame, attributes: [String: String]) {
    var frame = Frame(kind: kind)
    frame.region = parent.region
    frame.language = parent.language
    frame.preserve = parent.preserve
    frame.voice = parent.voice
    let subject = kind == .p ? "cue \(paragraphCount + 1)" : "<\(frameName(kind))>"
    let firstFinding = diagnostics.count
    var begin: MediaTime?
    var end: MediaTime?
    var duration: MediaTime?
    var endUnread = false
    var id = ""
    var inline = TTMLStyle()
    var references: [String] = []
    var referencesName = "style"
    for (name, value) in sorted(attributes) {
      guard let (namespace, local) = resolve(name) else { continue }
      if readStyling(name, namespace, local, value, into: &inline) { continue }
      switch canonicalName(namespace, local) {
      case "begin": begin = time(name, value, subject: subject)
      case "end":
        end = time(name, value, subject: subject)
        endUnread = endUnread || end == nil
      case "dur":
        duration = time(name, value, subject: subject)
        endUnread = endUnread || duration == nil
      case "timeContainer":
        switch value.trimmingXMLSpace() {
        case "seq": frame.sequential = true
        case "par": break
        default:
          report(
            .error, "timeContainer '\(value)' is not par or seq", at: location(ofAttribute: name))
        }
      case "xml:id": id = value.trimmingXMLSpace()
      case "xml:lang": frame.language = value.trimmingXMLSpace()
      case "xml:space": frame.preserve = value.trimmingXMLSpace() == "preserve"
      case "region":
        frame.region = value.trimmingXMLSpace()
        if kind == .span {
          summarize(.remark, "region on <span> is not applied", at: location(ofAttribute: name))
        }
      case "style":
        references = idReferences(value)
        referencesName = name
      case "ttm:agent":
        let ids = idReferences(value)
        if ids.count == 1, let voice = agents[ids[0]] {
          frame.voice = voice
        } else if ids.count == 1 {
          report(
            .warning, "\(subject) ttm:agent '\(ids[0])' names no <ttm:agent> with a <ttm:name>",
            at: location(ofAttribute: name))
        } else {
          report(
            .remark, "\(subject) names \(ids.count) agents; no voice kept",
            at: location(ofAttribute: name))
        }
      case "ttm:role": break
      default: unsupportedAttribute(name, namespace: namespace, local: local)
      }
    }
    frame.specified = resolved(
      references, at: references.isEmpty ? elementLocation : location(ofAttribute: referencesName)
    ).overridden(by: inline)

    // Times relative to the parent: its begin in a parallel container, the end of the previous
    // sibling in a sequential one.
    let reference = parent.sequential ? parent.cursor : parent.begin
    frame.begin = reference + (begin ?? .zero)
    var ends: [MediaTime] = []
    if let end { ends.append(reference + end) }
    if let duration { ends.append(frame.begin + duration) }
    frame.end = ends.min() ?? parent.end
    if let parentEnd = parent.end, let ownEnd = frame.end, ownEnd > parentEnd {
      frame.end = parentEnd
    }
    frame.cursor = frame.begin

    switch kind {
    case .p:
      frame.computed = paragraphStyle(frame)
      paragraphCount += 1
      paragraph = Paragraph(
        number: paragraphCount, id: id, begin: frame.begin, end: frame.end,
        endUnread: endUnread, location: elementLocation, settings: placement(frame),
        firstFinding: firstFinding)
    case .span:
      frame.computed = parent.computed.overridden(by: frame.specified.inheritable)
      if begin != nil || end != nil || duration != nil, let number = paragraph?.number {
        summarize(
          .remark,
          "cue \(number) has a span with its own timing; its text is shown for the "
            + "whole cue", at: elementLocation)
      }
    default: break
    }
    push(frame)
  }

  /// The computed style of a paragraph: its region's, then each ancestor's and its own.
  private func paragraphStyle(_ frame: Frame) -> TTMLStyle {
    var style = TTMLStyle()
    if let region = frame.region, let definition = regions[region] {
      style = regionStyle(definition).inheritable
    }
    for ancestor in frames where ancestor.kind == .body || ancestor.kind == .div {
      style = style.overridden(by: ancestor.specified.inheritable)
    }
    return style.overridden(by: frame.specified.inheritable)
  }

  private func regionStyle(_ definition: Definition) -> TTMLStyle {
    resolved(definition.references, at: definition.location).overridden(by: definition.nested)
      .overridden(by: definition.specified)
  }

  /// The cue settings of a paragraph from its region and text alignment.
  private func placement(_ frame: Frame) -> CueSettings {
    var settings = CueSettings()
    if let region = frame.region {
      if let cached = regionSettings[region] {
        settings = cached
      } else if let definition = regions[region] {
        if let placed = TTMLRegionPlacement.settings(
          for: regionStyle(definition), height: rootHeight, rows: cellRows)
        {
          settings = placed
        } else {
          report(
            .warning,
            "region '\(region)' uses pixel lengths but <tt> has no tts:extent; "
              + "placed by its displayAlign only", at: definition.location,
            hint: "add tts:extent=\"1920px 1080px\" (the video size) to <tt>")
          var style = regionStyle(definition)
          style.origin = nil
          style.extent = nil
          settings =
            TTMLRegionPlacement.settings(for: style, height: rootHeight, rows: cellRows)
            ?? CueSettings()
        }
        regionSettings[region] = settings
      } else {
        summarize(
          .warning, "region '\(region)' is not defined; cues in it are placed at the bottom",
          at: elementLocation, hint: "define <region xml:id=\"\(region)\"> in <layout>")
      }
    }
    let paragraphStyle = frame.computed
    if let align = paragraphStyle.textAlign, align != .center { settings.align = align }
    return settings
  }

  private func finishParagraph() {
    guard var current = paragraph else { return }
    paragraph = nil
    trimTrailingSpace(&current)
    // A line break at the very end adds no line.
    while let last = current.runs.indices.last, current.runs[last].text.hasSuffix("\n") {
      current.runs[last].text.removeLast()
      if current.runs[last].text.isEmpty { current.runs.removeLast() }
    }
    // Every paragraph is kept, so that cue numbers in messages are track positions.
    let end: MediaTime
    if let known = current.end {
      end = known
    } else if current.endUnread {
      // The finding about the time itself says what is wrong with it.
      end = current.begin
      report(
        .error, "cue \(current.number) has no end time that can be read; kept ending at its start",
        at: current.location, hint: "correct its end or dur")
    } else {
      end = current.begin
      report(
        .error, "cue \(current.number) has no end time; kept ending at its start",
        at: current.location, hint: "add end or dur to the <p> or to an element around it")
    }
    let text = TTMLCueText.build(
      current.runs.map {
        TTMLCueText.Segment(
          text: $0.text, italic: $0.style.italic, bold: $0.style.bold,
          underline: $0.style.underline, color: $0.style.color, voice: $0.style.voice,
          language: $0.style.language)
      })
    let cue = Cue(
      id: current.id, start: current.begin, end: end, settings: current.settings,
      text: text.text, rawText: text.raw, location: current.location)
    // An end before the begin is kept as read: `timing.zero-duration` (and `convert`'s
    // `convert.end-before-start`) report it, as for the other formats.
    // Findings about this cue name it.
    let reference = cue.reference(index: cues.count + 1)
    let prefix = "cue \(current.number) "
    for index in current.firstFinding..<diagnostics.count
    where diagnostics[index].cue == nil && diagnostics[index].message.hasPrefix(prefix) {
      diagnostics[index].cue = reference
    }
    cues.append(cue)
  }

  // MARK: End

  /// Completes the findings once the parser has stopped.
  func finish() {
    for (_, summary) in summaries where summary.count > 1 {
      diagnostics[summary.index].message += " (\(summary.count) times; this is the first)"
    }
    // Findings in document order; those without a place first.
    let ordered = diagnostics.enumerated().sorted { lhs, rhs in
      let left = lhs.element.location?.offset ?? -1
      let right = rhs.element.location?.offset ?? -1
      return left != right ? left < right : lhs.offset < rhs.offset
    }
    diagnostics = ordered.map(\.element)
  }
}
