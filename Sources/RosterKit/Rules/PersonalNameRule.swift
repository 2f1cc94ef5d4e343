// The personal-name rule of names.md, as one pass over the scalars of the normalized name.
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
  /// - Complexity: O(*n*) in the number of scalars; grapheme breaking only when refused or
  ///   longer than 256 scalars.
  static func validate(_ input: String) -> Validation {
    let text = Normalizer.name(input)
    if text.isEmpty { return .invalid(RefusalMessage.empty(.name)) }
    if let refusal = LengthLimit.check(text, limit: maximumLength, subject: .name) {
      return .invalid(refusal)
    }
    var scanner = NameScanner(text: text)
    if let refusal = scanner.scan() { return .invalid(refusal) }
    return .valid(text)
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

/// The state of one pass over a name.
private struct NameScanner {
  let text: String

  /// A fault that needs more context to be sure of, waiting for the end of the scan.
  private var noted: (index: String.Index, reason: Refusal.Reason)?
  private var notedScripts: (minority: LookAlikeScript, majority: LookAlikeScript)?

  private var previous: ScalarClass = .space
  private var marksInRow = 0
  private var anyLetter = false
  private var pendingHyphen: String.Index?

  private var wordStart: String.Index
  private var wordHasLetter = false
  /// Per word, how many Latin, Greek and Cyrillic letters, and where each script first appears.
  private var scriptCounts = (0, 0, 0)
  private var scriptFirst: (String.Index?, String.Index?, String.Index?) = (nil, nil, nil)

  init(text: String) {
    self.text = text
    wordStart = text.startIndex
  }

  /// Scans the whole name; the refusal, or `nil` when it is a valid name.
  mutating func scan() -> Refusal? {
    let scalars = text.unicodeScalars
    var index = scalars.startIndex
    while index < scalars.endIndex {
      let scalar = scalars[index]
      if let refusal = step(scalar, ScalarTable.info(scalar), at: index) { return refusal }
      scalars.formIndex(after: &index)
    }
    if let refusal = endWord(at: scalars.endIndex) { return refusal }
    if !anyLetter {
      return RefusalMessage.blaming(
        text.startIndex, in: text, reason: .onlyPunctuation, subject: .name)
    }
    if let noted {
      if noted.reason == .mixedScript, let scripts = notedScripts {
        return RefusalMessage.mixedScript(
          noted.index, in: text, minority: scripts.minority, majority: scripts.majority)
      }
      return RefusalMessage.blaming(noted.index, in: text, reason: noted.reason, subject: .name)
    }
    return nil
  }

  private mutating func step(
    _ scalar: Unicode.Scalar, _ info: ScalarInfo, at index: String.Index
  ) -> Refusal? {
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
      tally(info.script, at: index)
    case .mark:
      guard previous == .letter || previous == .mark else {
        return refuse(index, .orphanMark)
      }
      marksInRow += 1
      if marksInRow > PersonalNameRule.maximumMarks { return refuse(index, .tooManyMarks) }
    case .space:
      if let refusal = endWord(at: index) { return refusal }
      wordStart = scalarsIndex(after: index)
    case .hyphen:
      if previous != .letter && previous != .mark { note(index, .misplacedHyphen) }
      pendingHyphen = index
    case .apostrophe, .fullStop, .middleDot:
      break
    case .zeroWidthJoiner:
      guard JoinControls.allowsJoiner(in: text, at: index) else {
        return refuse(index, .invisibleFormat)
      }
    case .zeroWidthNonJoiner:
      guard JoinControls.allowsNonJoiner(in: text, at: index) else {
        return refuse(index, .invisibleFormat)
      }
    default:
      return refuse(index, reason(for: scalarClass, at: index))
    }
    if scalarClass != .mark { marksInRow = 0 }
    previous = scalarClass
    return nil
  }

  /// The checks due at a space or at the end: the word's hyphen, ZWNJ, letter and scripts.
  private mutating func endWord(at index: String.Index) -> Refusal? {
    if let hyphen = pendingHyphen {
      pendingHyphen = nil
      note(hyphen, .misplacedHyphen)
    }
    if !wordHasLetter { note(wordStart, .wordWithoutLetter) }
    checkScripts()
    wordHasLetter = false
    scriptCounts = (0, 0, 0)
    scriptFirst = (nil, nil, nil)
    return nil
  }

  private mutating func tally(_ script: LookAlikeScript, at index: String.Index) {
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
    if noted == nil || index < noted!.index {
      notedScripts = (
        LookAlikeScript(rawValue: UInt8(minority + 1))!,
        LookAlikeScript(rawValue: UInt8(majority + 1))!
      )
      noted = (index, .mixedScript)
    }
  }

  private mutating func note(_ index: String.Index, _ reason: Refusal.Reason) {
    if noted == nil || index < noted!.index { noted = (index, reason) }
  }

  private func refuse(_ index: String.Index, _ reason: Refusal.Reason) -> Refusal {
    RefusalMessage.blaming(index, in: text, reason: reason, subject: .name)
  }

  private func scalarsIndex(after index: String.Index) -> String.Index {
    text.unicodeScalars.index(after: index)
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
  private func reason(for scalarClass: ScalarClass, at index: String.Index) -> Refusal.Reason {
    switch scalarClass {
    case .digit: .digit
    // A text-style emoji (☺ ♥ ✈) asked to look like emoji by VS16 is an emoji.
    case .symbol:
      text.unicodeScalars[index...].dropFirst().first == "\u{FE0F}" ? .emoji : .symbol
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
