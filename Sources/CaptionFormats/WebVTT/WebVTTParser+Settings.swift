import CaptionCore

/// The spec's "parse the WebVTT cue settings" and "collect WebVTT region settings", with a
/// syntax error for each setting the algorithm ignores or that the syntax forbids.
extension WebVTTParser {
  /// Splits `range` on ASCII whitespace.
  func tokens(_ range: Range<Int>) -> [Range<Int>] {
    var result: [Range<Int>] = []
    var index = range.lowerBound
    while index < range.upperBound {
      while index < range.upperBound, isASCIIWhitespace(bytes[index]) { index += 1 }
      let start = index
      while index < range.upperBound, !isASCIIWhitespace(bytes[index]) { index += 1 }
      if index > start { result.append(start..<index) }
    }
    return result
  }

  /// Splits a `name:value` token at its first colon; nil when the colon is missing, first
  /// or last.
  func nameAndValue(_ token: Range<Int>) -> (name: Range<Int>, value: Range<Int>)? {
    guard let colon = token.first(where: { bytes[$0] == 0x3A }),
      colon != token.lowerBound, colon != token.upperBound - 1
    else { return nil }
    return (token.lowerBound..<colon, colon + 1..<token.upperBound)
  }

  /// Why a token is not `name:value` (the algorithm ignores it), for a message.
  func shapeProblem(_ token: Range<Int>, kind: String) -> String {
    guard let colon = token.first(where: { bytes[$0] == 0x3A }) else {
      return "\(kind) setting \(quote(token)) has no \":\" and is ignored"
    }
    if colon == token.lowerBound {
      return "\(kind) setting \(quote(token)) has no name and is ignored"
    }
    return "\(kind) setting \(quote(token)) has no value and is ignored"
  }

  /// The spec's "parse a percentage string": a WebVTT percentage from 0 to 100.
  func percentage(_ range: Range<Int>) -> Double? {
    guard range.count >= 2, bytes[range.upperBound - 1] == 0x25 else { return nil }
    let number = range.lowerBound..<range.upperBound - 1
    guard isDecimal(number) else { return nil }
    guard let value = decimalValue(number), value >= 0, value <= 100 else { return nil }
    return value
  }

  /// One or more digits, optionally followed by "." and one or more digits.
  private func isDecimal(_ range: Range<Int>) -> Bool {
    var index = range.lowerBound
    var leading = 0
    while index < range.upperBound, isASCIIDigit(bytes[index]) {
      leading += 1
      index += 1
    }
    guard leading > 0 else { return false }
    if index == range.upperBound { return true }
    guard bytes[index] == 0x2E else { return false }
    index += 1
    let fractionStart = index
    while index < range.upperBound, isASCIIDigit(bytes[index]) { index += 1 }
    return index == range.upperBound && index > fractionStart
  }

  /// The powers of ten a `Double` holds exactly.
  static let powersOfTen: [Double] = [
    1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
    1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
  ]

  /// The value of `-?digits(.digits)?` as the nearest `Double`, like HTML's float rules:
  /// exact integer arithmetic and one rounding when the digits fit, else the standard
  /// library's parser.
  func decimalValue(_ range: Range<Int>) -> Double? {
    var index = range.lowerBound
    let negative = index < range.upperBound && bytes[index] == 0x2D
    if negative { index += 1 }
    var mantissa: UInt64 = 0
    var digits = 0
    var fractionDigits = 0
    var seenDot = false
    while index < range.upperBound {
      let byte = bytes[index]
      if byte == 0x2E, !seenDot {
        seenDot = true
      } else if isASCIIDigit(byte) {
        if mantissa != 0 || byte != 0x30 { digits += 1 }
        mantissa = mantissa &* 10 &+ UInt64(byte - 0x30)
        if seenDot { fractionDigits += 1 }
      } else {
        return nil
      }
      index += 1
    }
    guard digits <= 15, fractionDigits <= 22 else { return Double(string(range)) }
    let magnitude = Double(mantissa) / Self.powersOfTen[fractionDigits]
    return negative ? -magnitude : magnitude
  }

  private func splitAtComma(_ range: Range<Int>) -> (Range<Int>, Range<Int>?) {
    guard let comma = range.first(where: { bytes[$0] == 0x2C }) else { return (range, nil) }
    return (range.lowerBound..<comma, comma + 1..<range.upperBound)
  }

  // MARK: - Cue settings

  private enum CueSettingName: Int, CaseIterable {
    case region, vertical, line, position, size, align

    var text: String {
      switch self {
      case .region: return "region"
      case .vertical: return "vertical"
      case .line: return "line"
      case .position: return "position"
      case .size: return "size"
      case .align: return "align"
      }
    }

    /// What the syntax allows, for messages.
    var allowed: String {
      switch self {
      case .region: return "the id of a region"
      case .vertical: return "rl or lr"
      case .line:
        return "a line number or a percentage from 0% to 100%, optionally followed by"
          + " ,start ,center or ,end"
      case .position:
        return "a percentage from 0% to 100%, optionally followed by ,line-left ,center or"
          + " ,line-right"
      case .size: return "a percentage from 0% to 100%"
      case .align: return "start, center, end, left or right"
      }
    }
  }

  private func cueSettingName(_ range: Range<Int>) -> CueSettingName? {
    switch (range.count, bytes[range.lowerBound]) {
    case (6, 0x72): return equals(range, "region") ? .region : nil
    case (8, 0x76): return equals(range, "vertical") ? .vertical : nil
    case (4, 0x6C): return equals(range, "line") ? .line : nil
    case (8, 0x70): return equals(range, "position") ? .position : nil
    case (4, 0x73): return equals(range, "size") ? .size : nil
    case (5, 0x61): return equals(range, "align") ? .align : nil
    default: return nil
    }
  }

  /// Applies the settings in `line` from `start` to `settings`, as the algorithm does.
  mutating func parseCueSettings(
    _ line: TextLine, from start: Int, into settings: inout CueSettings, cue: CueReference
  ) {
    let end = line.range.upperBound
    var next = start
    while next < end, isASCIIWhitespace(bytes[next]) { next += 1 }
    guard next < end else { return }
    var seen = 0
    var reportedDuplicates = 0
    var regionSetting: (index: Int, id: String)?
    var droppedBy: String?

    func invalid(_ name: CueSettingName, _ value: Range<Int>, token: Range<Int>) -> LineIssue {
      LineIssue(
        index: token.lowerBound,
        message: "invalid value \(quote(value)) for cue setting \"\(name.text)\";"
          + " expected \(name.allowed)",
        hint: nil)
    }

    var issues: [LineIssue] = []
    while next < end {
      let tokenStart = next
      while next < end, !isASCIIWhitespace(bytes[next]) { next += 1 }
      let token = tokenStart..<next
      while next < end, isASCIIWhitespace(bytes[next]) { next += 1 }
      guard let (nameRange, value) = nameAndValue(token) else {
        issues.append(
          LineIssue(
            index: token.lowerBound, message: shapeProblem(token, kind: "cue"),
            hint: "write settings as name:value with no space around the colon, such as"
              + " align:start"))
        continue
      }
      guard let name = cueSettingName(nameRange) else {
        issues.append(
          LineIssue(
            index: token.lowerBound, message: "unknown cue setting \(quote(nameRange))",
            hint: "use region, vertical, line, position, size or align"))
        continue
      }
      let bit = 1 << name.rawValue
      if seen & bit != 0, reportedDuplicates & bit == 0 {
        reportedDuplicates |= bit
        issues.append(
          LineIssue(
            index: token.lowerBound, message: "duplicate cue setting \"\(name.text)\"",
            hint: "keep one \(name.text) setting; the last one is used"))
      }
      seen |= bit
      switch name {
      case .region:
        let id = string(value)
        if regionsByID[id] != nil {
          settings.region = id
          regionSetting = (token.lowerBound, id)
          droppedBy = nil
        } else {
          settings.region = nil
          regionSetting = nil
          issues.append(
            LineIssue(
              index: token.lowerBound, message: "region \(quote(value)) is not defined",
              hint: "define the region in a REGION block before the first cue"))
        }
      case .vertical:
        if equals(value, "rl") {
          settings.vertical = .rl
        } else if equals(value, "lr") {
          settings.vertical = .lr
        } else {
          issues.append(invalid(name, value, token: token))
        }
        if settings.vertical != .horizontal {
          if settings.region != nil { droppedBy = "vertical" }
          settings.region = nil
        }
      case .line:
        if !applyLine(value, to: &settings) {
          issues.append(invalid(name, value, token: token))
        } else if !isValidLineSyntax(value) {
          issues.append(invalid(name, value, token: token))
        }
        if settings.line != nil {
          if settings.region != nil { droppedBy = "line" }
          settings.region = nil
        }
      case .position:
        if !applyPosition(value, to: &settings) {
          issues.append(invalid(name, value, token: token))
        }
      case .size:
        if let number = percentage(value) {
          settings.size = number
          if number != 100 {
            if settings.region != nil { droppedBy = "size" }
            settings.region = nil
          }
        } else {
          issues.append(invalid(name, value, token: token))
        }
      case .align:
        if equals(value, "start") {
          settings.align = .start
        } else if equals(value, "center") {
          settings.align = .center
        } else if equals(value, "end") {
          settings.align = .end
        } else if equals(value, "left") {
          settings.align = .left
        } else if equals(value, "right") {
          settings.align = .right
        } else {
          issues.append(invalid(name, value, token: token))
        }
      }
    }
    if let regionSetting, let droppedBy, settings.region == nil {
      issues.append(
        LineIssue(
          index: regionSetting.index,
          message:
            "region \(quoteString(regionSetting.id)) is ignored because the cue also has a"
            + " \(droppedBy) setting",
          hint: "remove the \(droppedBy) setting, or the region setting"))
    }
    issues.sort { $0.index < $1.index }
    for issue in issues {
      report(issue.message, line: line, at: issue.index, cue: cue, hint: issue.hint)
    }
  }

  /// The "line" setting; false when the algorithm ignores the value.
  private func applyLine(_ value: Range<Int>, to settings: inout CueSettings) -> Bool {
    let (linePosition, lineAlign) = splitAtComma(value)
    guard linePosition.contains(where: { isASCIIDigit(bytes[$0]) }) else { return false }
    let number: Double
    let isPercentage = bytes[linePosition.upperBound - 1] == 0x25
    if isPercentage {
      guard let parsed = percentage(linePosition) else { return false }
      number = parsed
    } else {
      var dots = 0
      for index in linePosition {
        let byte = bytes[index]
        if byte == 0x2D {
          guard index == linePosition.lowerBound else { return false }
        } else if byte == 0x2E {
          dots += 1
          guard dots == 1, index != linePosition.lowerBound, index != linePosition.upperBound - 1,
            isASCIIDigit(bytes[index - 1]), isASCIIDigit(bytes[index + 1])
          else { return false }
        } else if !isASCIIDigit(byte) {
          return false
        }
      }
      // HTML's float rules: a value that rounds to infinity is an error.
      guard let parsed = decimalValue(linePosition), parsed.isFinite else { return false }
      number = parsed
    }
    if let lineAlign {
      if equals(lineAlign, "start") {
        settings.lineAlign = .start
      } else if equals(lineAlign, "center") {
        settings.lineAlign = .center
      } else if equals(lineAlign, "end") {
        settings.lineAlign = .end
      } else {
        return false
      }
    }
    settings.line = number
    settings.snapToLines = !isPercentage
    return true
  }

  /// The stricter syntax of a line value: an integer or a percentage, then an alignment.
  private func isValidLineSyntax(_ value: Range<Int>) -> Bool {
    let (linePosition, _) = splitAtComma(value)
    if bytes[linePosition.upperBound - 1] == 0x25 { return true }
    var index = linePosition.lowerBound
    if bytes[index] == 0x2D { index += 1 }
    return index < linePosition.upperBound
      && (index..<linePosition.upperBound).allSatisfy { isASCIIDigit(bytes[$0]) }
  }

  /// The "position" setting; false when the algorithm ignores the value.
  private func applyPosition(_ value: Range<Int>, to settings: inout CueSettings) -> Bool {
    let (columnPosition, columnAlign) = splitAtComma(value)
    guard let number = percentage(columnPosition) else { return false }
    if let columnAlign {
      if equals(columnAlign, "line-left") {
        settings.positionAlign = .lineLeft
      } else if equals(columnAlign, "center") {
        settings.positionAlign = .center
      } else if equals(columnAlign, "line-right") {
        settings.positionAlign = .lineRight
      } else {
        return false
      }
    }
    settings.position = number
    return true
  }

  // MARK: - Region settings

  /// Applies the settings on `lines` (a REGION block after its first line) to `region`.
  mutating func parseRegionSettings(
    _ lines: [TextLine], into region: inout Region, hasID: inout Bool
  ) {
    var seen: Set<String> = []
    var reportedDuplicates: Set<String> = []
    for line in lines {
      for token in tokens(line.range) {
        guard let (nameRange, value) = nameAndValue(token) else {
          report(
            shapeProblem(token, kind: "region"), line: line, at: token.lowerBound,
            hint: "write settings as name:value with no space around the colon, such as"
              + " width:40%")
          continue
        }
        let name = string(nameRange)
        let known = ["id", "width", "lines", "regionanchor", "viewportanchor", "scroll"]
        guard known.contains(name) else {
          report(
            "unknown region setting \(quote(nameRange))", line: line, at: token.lowerBound,
            hint: "use id, width, lines, regionanchor, viewportanchor or scroll")
          continue
        }
        if !seen.insert(name).inserted, reportedDuplicates.insert(name).inserted {
          report(
            "duplicate region setting \"\(name)\"", line: line, at: token.lowerBound,
            hint: "keep one \(name) setting; the last valid one is used")
        }
        func invalid(_ allowed: String) {
          report(
            "invalid value \(quote(value)) for region setting \"\(name)\"; expected \(allowed)",
            line: line, at: token.lowerBound)
        }
        switch name {
        case "id":
          region.id = string(value)
          hasID = true
        case "width":
          if let number = percentage(value) {
            region.width = number
          } else {
            invalid("a percentage from 0% to 100%")
          }
        case "lines":
          if value.allSatisfy({ isASCIIDigit(bytes[$0]) }) {
            // Digits only, so the conversion cannot fail; it rounds correctly past 2^53.
            let digits = String(decoding: bytes[value], as: UTF8.self)
            region.lines = Double(digits) ?? 0
          } else {
            invalid("a whole number of lines")
          }
        case "regionanchor", "viewportanchor":
          let (x, y) = splitAtComma(value)
          if let y, let anchorX = percentage(x), let anchorY = percentage(y) {
            if name == "regionanchor" {
              region.regionAnchorX = anchorX
              region.regionAnchorY = anchorY
            } else {
              region.viewportAnchorX = anchorX
              region.viewportAnchorY = anchorY
            }
          } else {
            invalid("two percentages from 0% to 100% separated by a comma, such as 0%,100%")
          }
        default:  // scroll
          if equals(value, "up") {
            region.scroll = .up
          } else {
            invalid("up")
          }
        }
      }
    }
  }
}
