// The personal-name rule of docs/rules.md, as one pass over the scalars of the normalized name.
//
// A character that can never be in a name (digit, symbol, emoji, control, invisible format,
// private use…) is refused as soon as it is met, as is a combining mark without a letter or
// a fifth mark in a row. Faults that need to see further (a hyphen not followed by a letter,
// a word without a letter, a word mixing look-alike scripts) are noted, the earliest kept, and
// reported only if no forbidden character follows: the character a person must delete comes
// first. A name with no letter at all is "only punctuation".

enum PersonalNameRule {
  /// The most grapheme clusters a name may have.
  static let maximumLength = 256
  /// The most combining marks in a row.
  static let maximumMarks = 4

  /// Validates and normalizes a personal name.
  ///
  /// Most input is already normalized, so the first pass scans it as it is, watching for
  /// anything normalization would change; only then is it normalized and scanned again.
  /// - Complexity: O(*n*) in the number of scalars; grapheme breaking only when refused or
  ///   longer than 256 scalars.
  static func validate(_ input: String) -> Validation {
    LatinNameFastPath.accepts(input) || LetterNameFastPath.accepts(input)
      ? .valid(input) : scanned(input)
  }

  /// ``validate(_:)`` without the fast paths (plain Latin, plain letters): the rule itself,
  /// which they must agree with.
  static func scanned(_ input: String) -> Validation {
    if input.isEmpty { return .invalid(RefusalMessage.empty(.name)) }
    if input.utf8.count <= maximumLength {
      var scanner = NameScanner(text: input, watchingNormalization: true)
      switch scanner.scan() {
      case .valid: return .valid(input)
      case .refused(let refusal): return .invalid(refusal)
      case .needsNormalization: break
      }
    }
    let text = Normalizer.name(input)
    if text.isEmpty { return .invalid(RefusalMessage.empty(.name)) }
    if let refusal = LengthLimit.check(text, limit: maximumLength, subject: .name) {
      return .invalid(refusal)
    }
    var scanner = NameScanner(text: text, watchingNormalization: false)
    switch scanner.scan() {
    case .refused(let refusal): return .invalid(refusal)
    case .valid, .needsNormalization: return .valid(text)
    }
  }
}

/// Refuses text longer than a number of grapheme clusters.
enum LengthLimit {
  /// A ``Refusal/Reason/tooLong`` refusal, or `nil` when `text` fits.
  /// - Complexity: O(1) when `text` has at most `limit` UTF-8 bytes, else O(*n*).
  static func check(_ text: String, limit: Int, subject: Subject) -> Refusal? {
    // Each grapheme cluster holds at least one scalar and each scalar at least one byte.
    guard text.utf8.count > limit, text.unicodeScalars.count > limit else { return nil }
    let count = text.count
    guard count > limit else { return nil }
    return RefusalMessage.tooLong(text, count: count, limit: limit, subject: subject)
  }
}

/// The state of one pass over a name. Places are UTF-8 offsets, turned into positions in
/// characters only for a refusal.
private struct NameScanner {
  enum Outcome {
    case valid
    case refused(Refusal)
    /// Watching for normalization, the scan met something normalization would change.
    case needsNormalization
  }

  let text: String
  let watchingNormalization: Bool

  /// A fault that needs more context to be sure of, waiting for the end of the scan.
  private var noted: (offset: Int, reason: Refusal.Reason)?
  private var notedScripts: (minority: LookAlikeScript, majority: LookAlikeScript)?

  private var previous: ScalarClass = .space
  private var marksInRow = 0
  private var anyLetter = false
  private var pendingHyphen: Int?
  private var nfc = NFCQuickCheck()

  private var wordStart = 0
  private var wordHasLetter = false
  /// Per word, how many Latin, Greek and Cyrillic letters, and where each script first appears.
  private var scriptCounts = (0, 0, 0)
  private var scriptFirst: (Int?, Int?, Int?) = (nil, nil, nil)

  init(text: String, watchingNormalization: Bool) {
    self.text = text
    self.watchingNormalization = watchingNormalization
  }

  /// Scans the whole name.
  mutating func scan() -> Outcome {
    let table = ScalarTable.lookup
    var offset = 0
    var last = ScalarInfo(bits: 0)
    for scalar in text.unicodeScalars {
      let info = table.info(scalar)
      if watchingNormalization {
        // White space at either end is trimmed; the end is checked after the loop.
        if offset == 0 && info.isWhiteSpace { return .needsNormalization }
        if normalizationChanges(scalar, info) { return .needsNormalization }
      }
      if let refusal = step(scalar, info, at: offset) { return refused(refusal) }
      offset += UTF8.width(scalar)
      last = info
    }
    if watchingNormalization && last.isWhiteSpace { return .needsNormalization }
    endWord()
    if !anyLetter {
      return refused(
        RefusalMessage.blaming(text.startIndex, in: text, reason: .onlyPunctuation, subject: .name))
    }
    guard let noted else { return .valid }
    let index = stringIndex(noted.offset)
    if noted.reason == .mixedScript, let scripts = notedScripts {
      return refused(
        RefusalMessage.mixedScript(
          index, in: text, minority: scripts.minority, majority: scripts.majority))
    }
    return refused(
      RefusalMessage.blaming(index, in: text, reason: noted.reason, subject: .name))
  }

  /// A refusal stands only if the text is normalized: else the text to blame is another.
  private func refused(_ refusal: Refusal) -> Outcome {
    if watchingNormalization && Normalizer.needsNameNormalization(text) {
      return .needsNormalization
    }
    return .refused(refusal)
  }

  /// Whether the name normalization would change the text at this scalar: a double space, a
  /// space other than U+0020, a halfwidth or fullwidth form, or a failed NFC quick check.
  private mutating func normalizationChanges(_ scalar: Unicode.Scalar, _ info: ScalarInfo)
    -> Bool
  {
    let value = scalar.value
    if value < 0x80 {
      if value == 0x20 && previous == .space && wordStart > 0 { return true }
      nfc.reset()
      return false
    }
    if (0xFF01...0xFFEF).contains(value) || info.scalarClass == .otherSpace { return true }
    return !nfc.accepts(info)
  }

  private mutating func step(_ scalar: Unicode.Scalar, _ info: ScalarInfo, at offset: Int)
    -> Refusal?
  {
    let scalarClass = info.scalarClass
    if let hyphen = pendingHyphen, scalarClass != .mark {
      pendingHyphen = nil
      if scalarClass != .letter && scalarClass != .apostrophe && !isRefused(scalarClass) {
        note(hyphen, .misplacedHyphen)
      }
    }
    switch scalarClass {
    case .letter:
      anyLetter = true
      wordHasLetter = true
      tally(info.script, at: offset)
    case .mark:
      guard previous == .letter || previous == .mark else {
        return refuse(offset, .orphanMark)
      }
      marksInRow += 1
      if marksInRow > PersonalNameRule.maximumMarks { return refuse(offset, .tooManyMarks) }
    case .space:
      endWord()
      wordStart = offset + 1
    case .hyphen:
      if previous != .letter && previous != .mark { note(offset, .misplacedHyphen) }
      pendingHyphen = offset
    case .apostrophe, .fullStop, .middleDot:
      break
    case .zeroWidthJoiner:
      guard JoinControls.allowsJoiner(in: text, at: stringIndex(offset)) else {
        return refuse(offset, .invisibleFormat)
      }
    case .zeroWidthNonJoiner:
      guard JoinControls.allowsNonJoiner(in: text, at: stringIndex(offset)) else {
        return refuse(offset, .invisibleFormat)
      }
    default:
      return refuse(offset, reason(for: scalarClass, at: offset))
    }
    if scalarClass != .mark { marksInRow = 0 }
    previous = scalarClass
    return nil
  }

  /// The checks due at a space or at the end: the word's last hyphen, its letter, its scripts.
  private mutating func endWord() {
    if let hyphen = pendingHyphen {
      pendingHyphen = nil
      note(hyphen, .misplacedHyphen)
    }
    if !wordHasLetter { note(wordStart, .wordWithoutLetter) }
    checkScripts()
    wordHasLetter = false
    scriptCounts = (0, 0, 0)
    scriptFirst = (nil, nil, nil)
  }

  private mutating func tally(_ script: LookAlikeScript, at index: Int) {
    switch script {
    case .other: return
    case .latin:
      scriptCounts.0 += 1
      if scriptFirst.0 == nil { scriptFirst.0 = index }
    case .greek:
      scriptCounts.1 += 1
      if scriptFirst.1 == nil { scriptFirst.1 = index }
    case .cyrillic:
      scriptCounts.2 += 1
      if scriptFirst.2 == nil { scriptFirst.2 = index }
    }
  }

  /// Notes the first letter of the word's least used look-alike script, when it has two.
  private mutating func checkScripts() {
    let (latin, greek, cyrillic) = scriptCounts
    guard (latin > 0 ? 1 : 0) + (greek > 0 ? 1 : 0) + (cyrillic > 0 ? 1 : 0) > 1 else { return }
    let counts = [latin, greek, cyrillic]
    let firsts = [scriptFirst.0, scriptFirst.1, scriptFirst.2]
    let used = (0..<3).filter { counts[$0] > 0 }
    // Fewest letters is the intruder; on a tie, the script that came second.
    let minority = used.min { lhs, rhs in
      counts[lhs] != counts[rhs]
        ? counts[lhs] < counts[rhs] : firsts[lhs]! > firsts[rhs]!
    }!
    let majority = used.filter { $0 != minority }.max { counts[$0] < counts[$1] }!
    let index = firsts[minority]!
    if noted == nil || index < noted!.offset {
      notedScripts = (
        LookAlikeScript(rawValue: UInt8(minority + 1))!,
        LookAlikeScript(rawValue: UInt8(majority + 1))!
      )
      noted = (index, .mixedScript)
    }
  }

  private mutating func note(_ index: Int, _ reason: Refusal.Reason) {
    if noted == nil || index < noted!.offset { noted = (index, reason) }
  }

  private func refuse(_ offset: Int, _ reason: Refusal.Reason) -> Refusal {
    RefusalMessage.blaming(stringIndex(offset), in: text, reason: reason, subject: .name)
  }

  private func stringIndex(_ offset: Int) -> String.Index {
    text.utf8.index(text.utf8.startIndex, offsetBy: offset)
  }

  /// Classes refused on sight: their own refusal takes precedence over placement faults.
  private func isRefused(_ scalarClass: ScalarClass) -> Bool {
    switch scalarClass {
    case .letter, .apostrophe, .hyphen, .fullStop, .middleDot, .space, .mark,
      .zeroWidthJoiner, .zeroWidthNonJoiner:
      false
    default: true
    }
  }

  /// The refusal reason for a class that has no place in a name.
  private func reason(for scalarClass: ScalarClass, at offset: Int) -> Refusal.Reason {
    switch scalarClass {
    case .digit: .digit
    // A text-style emoji (☺ ♥ ✈) asked to look like emoji by VS16 is an emoji.
    case .symbol:
      text.unicodeScalars[stringIndex(offset)...].dropFirst().first == "\u{FE0F}"
        ? .emoji : .symbol
    case .punctuation, .dash, .tatweel, .otherSpace: .symbol
    case .emoji, .variationSelector, .tag: .emoji
    case .fancyText: .fancyText
    case .modifierLetter: .modifierLetter
    case .control: .control
    case .lineBreak: .multipleLines
    case .format, .zeroWidthJoiner, .zeroWidthNonJoiner: .invisibleFormat
    case .privateUse: .privateUse
    case .unassigned: .unassigned
    case .noncharacter: .noncharacter
    case .letter, .apostrophe, .hyphen, .fullStop, .middleDot, .space, .mark: .symbol
    }
  }
}
