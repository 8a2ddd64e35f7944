public import CaptionCore

/// Runs every applicable rule over the tracks of a context: the cue rules in one pass over
/// each track's cues (each cue's visible text worked out once and shared), then the track
/// rules. Findings come sorted by track, then by position.
public struct Validator: Sendable {
  public var rules: [any Rule]
  /// Cues validated together, from what the cues before them leave.
  package var cueBlockSize = 4096
  /// True when the findings about a cue read the cue's identifier, times and place from the
  /// track's cues, and so keep the cues (and the file's text) for as long as the findings
  /// live, instead of a copy of those for each finding (56 bytes). For a caller that keeps
  /// the track anyway, such as a command checking one file: a large track's findings then
  /// take less than a third of the memory.
  public var findingsKeepCues = false

  public init(rules: [any Rule] = RuleRegistry.rules) {
    self.rules = rules
  }

  /// Every finding of the rules for the tracks of `context`: track by track in order, then
  /// those of the rules that look at all the tracks together (`ContextRule`).
  public func validate(_ context: ValidationContext) -> [Diagnostic] {
    var result: [Diagnostic] = []
    for track in context.tracks {
      result += validate(track, in: context)
    }
    return result + validateTogether(context)
  }

  /// The rules that look at all the tracks of `context` together and would run on it.
  public func contextRules(in context: ValidationContext) -> [any Rule] {
    let available = context.available
    return rules.filter { rule in
      rule.contextRule != nil && available.isSuperset(of: rule.needs)
        && context.profile.severity(of: rule) != nil
    }
  }

  /// The findings of the rules that look at all the tracks of `context` together
  /// (`ContextRule`); `ids` names the tracks in reports (one per track, in order).
  public func validateTogether(_ context: ValidationContext, ids: [String]? = nil)
    -> [Diagnostic]
  {
    let available = context.available
    var contextRules: [any ContextRule] = []
    var severities: [(id: String, severity: Severity)] = []
    for rule in rules where available.isSuperset(of: rule.needs) {
      guard let contextRule = rule.contextRule,
        let severity = context.profile.severity(of: rule)
      else { continue }
      contextRules.append(contextRule)
      severities.append((rule.id, severity))
    }
    guard !contextRules.isEmpty else { return [] }
    var inputs = context.tracks.map { Self.input(for: $0, context: context) }
    if let ids {
      for index in inputs.indices where index < ids.count { inputs[index].id = ids[index] }
    }
    var findings = Findings()
    findings.prepare(severities)
    for (index, rule) in contextRules.enumerated() {
      findings.begin(index)
      rule.check(context, tracks: inputs, findings: &findings)
    }
    return findings.diagnostics(cues: [])
  }

  /// Every finding of the rules for one track, sorted by position (findings about the whole
  /// track first).
  public func validate(_ track: Track, in context: ValidationContext, id: String? = nil)
    -> [Diagnostic]
  {
    var input = Self.input(for: track, context: context)
    let rules = TrackRules(self, for: input, in: context)
    let (passes, scripts) = cuePasses(
      track.cues, in: track.cues.indices, after: 0, previous: nil, latestEnd: nil, rules: rules,
      input: input, id: id, readsCues: findingsKeepCues)
    input.scripts = scripts
    let findings = trackFindings(rules, input: input, id: id)
    return Self.list(passes.map(\.findings) + [findings], cues: track.cues, after: 0)
  }

  /// The rules that run on one track, split into cue rules and rules about the whole track,
  /// with their severities.
  private struct TrackRules: Sendable {
    var cue: [any CueRule] = []
    var cueSeverities: [(id: String, severity: Severity)] = []
    var track: [any TrackRule] = []
    var trackSeverities: [(id: String, severity: Severity)] = []
    /// True when a rule reads the cues' text.
    var needsText = false

    init(_ validator: Validator, for input: TrackInput, in context: ValidationContext) {
      for rule in validator.applicableRules(to: input, in: context) {
        guard let severity = context.profile.severity(of: rule) else { continue }
        if let cueRule = rule.cueRule {
          cue.append(cueRule)
          cueSeverities.append((rule.id, severity))
        } else if let trackRule = rule.trackRule {
          track.append(trackRule)
          trackSeverities.append((rule.id, severity))
        } else {
          continue
        }
        if rule.needs.contains(.cueText) { needsText = true }
      }
    }
  }

  /// Runs the cue rules over the cues of `range` in `cues` (the track's after its first
  /// `base`) in blocks; each block starts from what the cues before it leave (the previous
  /// cue, the latest end), the first from `previous` and `latestEnd`.
  private func cuePasses(
    _ cues: [Cue], in range: Range<Int>, after base: Int,
    previous first: (index: Int, start: MediaTime, end: MediaTime)?,
    latestEnd firstLatest: (index: Int, end: MediaTime)?, rules: TrackRules, input: TrackInput,
    id: String?, readsCues: Bool
  ) -> (passes: [CuePass], scripts: ScriptCounts) {
    let blockSize = max(1, cueBlockSize)
    let blockCount =
      rules.cue.isEmpty && !rules.needsText || range.isEmpty
      ? 0 : (range.count - 1) / blockSize + 1
    var starts: [(index: Int, end: MediaTime)?] = []
    starts.reserveCapacity(blockCount)
    var latestEnd = firstLatest
    for offset in range where blockCount > 0 {
      if (offset - range.lowerBound) % blockSize == 0 { starts.append(latestEnd) }
      let end = cues[offset].end
      if latestEnd.map({ end > $0.end }) ?? true { latestEnd = (base + offset + 1, end) }
    }
    let file = input.track.path
    let counting = input.limits.counting
    let context = input
    let (cueRules, cueSeverities, needsText) = (rules.cue, rules.cueSeverities, rules.needsText)
    let pass = { (block: Int) -> CuePass in
      var findings = Findings(file: file, track: id, readsCues: readsCues)
      findings.prepare(cueSeverities)
      let lower = range.lowerBound + block * blockSize
      let range = lower..<min(lower + blockSize, range.upperBound)
      var previous = first
      if block > 0 {
        let cue = cues[range.lowerBound - 1]
        previous = (base + range.lowerBound, cue.start, cue.end)
      }
      // Cue texts are read from the file's bytes, taken once for the block.
      var state = CuePassState(
        findings: findings, scanner: CueTextScanner(counting: counting),
        cueInput: CueInput(index: base + range.lowerBound + 1, of: cues, after: base),
        previous: previous, latestEnd: starts[block])
      let source = cues[range.lowerBound].source
      cues.withUnsafeBufferPointer { cueBuffer in
        if let source {
          source.withBytes { bytes in
            state.check(
              range, of: cueBuffer, after: base, in: bytes, from: source, rules: cueRules,
              needsText: needsText, track: context)
          }
        } else {
          state.check(
            range, of: cueBuffer, after: base, in: UnsafeBufferPointer(start: nil, count: 0),
            from: nil, rules: cueRules, needsText: needsText, track: context)
        }
      }
      return CuePass(findings: state.findings, scripts: state.scanner.scripts)
    }
    var passes: [CuePass] = []
    passes.reserveCapacity(blockCount)
    var scripts = ScriptCounts()
    for block in 0..<blockCount {
      let part = pass(block)
      scripts.add(part.scripts)
      passes.append(part)
    }
    return (passes, scripts)
  }

  /// The findings of the rules about the whole track of `input`.
  private func trackFindings(_ rules: TrackRules, input: TrackInput, id: String?) -> Findings {
    var findings = Findings(file: input.track.path, track: id, readsCues: findingsKeepCues)
    findings.prepare(rules.trackSeverities)
    for (index, rule) in rules.track.enumerated() {
      findings.begin(index)
      rule.check(input, findings: &findings)
    }
    return findings
  }

  /// The findings of `groups` in one list sorted by position, those about cues taking what
  /// they read of their cue from `cues` (the track's after its first `base`).
  private static func list(_ groups: [Findings], cues: [Cue], after base: Int) -> [Diagnostic] {
    // In the order one pass would find them: findings not about one cue's text first, each
    // group in the order found, then sorted by position. The list is made once, at its size.
    var result: [Diagnostic] = []
    result.reserveCapacity(groups.reduce(0) { $0 + $1.count })
    for group in groups { group.appendOthers(to: &result) }
    let others = result.count
    for group in groups { group.appendCueFindings(cues: cues, after: base, to: &result) }
    if inOrder(result, others: others, cueFindings: groups.map(\.cuePlaces)) { return result }
    return sortedByPlace(result)
  }

  /// True when `list` (`others` findings, then those about cues, in the groups of
  /// `cueFindings`) is in the order of the findings' places. The places of the findings about
  /// cues were followed as they were found; only the others are read here.
  private static func inOrder(_ list: [Diagnostic], others: Int, cueFindings: [CuePlaces])
    -> Bool
  {
    guard Diagnostic.areInOrder(list[..<others]) else { return false }
    var last: SourceLocation?? = others > 0 ? .some(list[others - 1].location) : .none
    for group in cueFindings where group.count > 0 {
      guard group.inOrder else { return false }
      if case .some(let before) = last, SourceLocation.precedes(group.first, before) {
        return false
      }
      last = .some(group.last)
    }
    return true
  }

  /// What one pass of the cue rules carries from cue to cue of a block: one input moves
  /// along the block, and the scanner's view is swapped into it and back, so that no cue takes
  /// a reference to the cues or a copy of the view. Kept as one value, so that the loop reads
  /// and changes it in place.
  private struct CuePassState {
    var findings: Findings
    var scanner: CueTextScanner
    var cueInput: CueInput
    var previous: (index: Int, start: MediaTime, end: MediaTime)?
    var latestEnd: (index: Int, end: MediaTime)?

    /// Runs `rules` on the cues of `range` in `cues` (the track's after its first `base`),
    /// whose texts are read from `bytes`, the bytes of `source`, where they are ranges of it.
    mutating func check(
      _ range: Range<Int>, of cues: UnsafeBufferPointer<Cue>, after base: Int,
      in bytes: UnsafeBufferPointer<UInt8>, from source: CueSource?, rules: [any CueRule],
      needsText: Bool, track: TrackInput
    ) {
      let ruleCount = rules.count
      let markup = source.map(CueTextScanner.markup(of:))
      for offset in range {
        let index = base + offset + 1
        cueInput.move(to: index, previous: previous, latestEnd: latestEnd)
        if needsText {
          var scanned = false
          if let source, let markup, let slice = cues.slice(at: offset, of: source) {
            scanned = scanner.scan(slice, in: bytes, markup: markup)
          }
          if !scanned { scanner.scan(cues[offset]) }
          swap(&cueInput.text, &scanner.view)
        }
        var ruleIndex = 0
        while ruleIndex < ruleCount {
          findings.begin(ruleIndex)
          rules[ruleIndex].check(cueInput, in: track, findings: &findings)
          ruleIndex += 1
        }
        if needsText { swap(&cueInput.text, &scanner.view) }
        previous = (index, cueInput.start, cueInput.end)
        if latestEnd.map({ cueInput.end > $0.end }) ?? true {
          latestEnd = (index, cueInput.end)
        }
      }
    }
  }

  /// What the cue rules found in a block of cues, and the letters per script there.
  private struct CuePass: Sendable {
    var findings: Findings
    var scripts: ScriptCounts
  }

  /// The rules the validator runs on a track: those in force in the profile whose needs the
  /// context meets and that check the track's kind (a track of unknown kind counts as
  /// captions).
  public func applicableRules(to track: Track, in context: ValidationContext) -> [any Rule] {
    applicableRules(to: Self.input(for: track, context: context), in: context)
  }

  private func applicableRules(to input: TrackInput, in context: ValidationContext)
    -> [any Rule]
  {
    let available = context.available
    let kind = input.kind ?? .captions
    return rules.filter { rule in
      !rule.needs.contains(.external) && rule.contextRule == nil
        && available.isSuperset(of: rule.needs) && rule.trackKinds.contains(kind)
        && context.profile.severity(of: rule) != nil
    }
  }

  /// What rules know about a track: its language and kind (from its header when the track
  /// does not say), and the limits for them.
  public static func input(for track: Track, context: ValidationContext) -> TrackInput {
    var input = TrackInput(
      track: track, language: track.language, kind: track.kind,
      limits: context.profile.limits(for: track.language),
      frameRate: context.media?.frameRate ?? context.profile.media.assumedFrameRate)
    if input.language == nil, let declared = input.headerValue("Language"),
      let tag = LanguageTag(declared)
    {
      input.language = tag
      input.limits = context.profile.limits(for: tag)
    }
    if input.kind == nil, let declared = input.headerValue("Kind") {
      input.kind = TrackKind(rawValue: declared.lowercased())
    }
    return input
  }

  /// Applies the profile to findings other components emitted (readers' `parse.*`): drops
  /// those of rules turned off, and gives those at a rule's default severity the configured
  /// one (findings a reader raised above the default, like dropped content, keep theirs).
  public static func configure(_ diagnostics: [Diagnostic], profile: ValidationProfile)
    -> [Diagnostic]
  {
    guard !profile.rules.isEmpty else { return diagnostics }
    var result: [Diagnostic] = []
    result.reserveCapacity(diagnostics.count)
    for var diagnostic in diagnostics {
      if let rule = RuleRegistry.rule(id: diagnostic.rule), let setting = profile.rules[rule.id] {
        guard let severity = setting.severity else { continue }
        if diagnostic.severity == rule.defaultSeverity { diagnostic.severity = severity }
      }
      result.append(diagnostic)
    }
    return result
  }

  /// Two lists sorted by position merged into one, in linear time; at equal positions the
  /// findings of `first` come first.
  public static func merge(_ first: [Diagnostic], _ second: [Diagnostic]) -> [Diagnostic] {
    if first.isEmpty { return second }
    if second.isEmpty { return first }
    var result: [Diagnostic] = []
    result.reserveCapacity(first.count + second.count)
    var i = 0
    var j = 0
    while i < first.count, j < second.count {
      if precedes(second[j], first[i]) {
        result.append(second[j])
        j += 1
      } else {
        result.append(first[i])
        i += 1
      }
    }
    result.append(contentsOf: first[i...])
    result.append(contentsOf: second[j...])
    return result
  }

  /// Stable sort by position; findings without one first.
  public static func sorted(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
    // Most lists come in order: checked reading each place once.
    if Diagnostic.areInOrder(diagnostics) { return diagnostics }
    return sortedByPlace(diagnostics)
  }

  /// `diagnostics` sorted by position, stably, without first checking their order.
  private static func sortedByPlace(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
    diagnostics.enumerated().sorted { a, b in
      if precedes(a.element, b.element) { return true }
      if precedes(b.element, a.element) { return false }
      return a.offset < b.offset
    }.map(\.element)
  }

  /// True when `a` sorts before `b`: by position, findings without one first.
  public static func precedes(_ a: Diagnostic, _ b: Diagnostic) -> Bool {
    SourceLocation.precedes(a.location, b.location)
  }
}
