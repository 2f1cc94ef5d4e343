// Everything the rules ask about a scalar, packed in 32 bits and looked up in one step.
//
// `Unicode.Scalar.Properties` answers each question with its own table walk (tens of
// nanoseconds each); a name check asks five or six per scalar, on every keystroke and every row
// of an import. So the answers for the Basic Multilingual Plane are a table, and scalars above
// U+FFFF, rare in names, are classified on the fly by `classify`.
//
// Classifying all 65,536 BMP scalars costs about 16 ms, which every `roster check` paid at
// start-up. The table is therefore generated ahead of time from `classify` itself, as runs
// (`ScalarTableData.swift`, `make tables`), and expanded in about 0.1 ms on first use; a test
// checks that it still agrees with `classify` for every BMP scalar.

/// The scripts whose letters look alike, for the mixed-script check; every other script is
/// `other`, and never conflicts.
enum LookAlikeScript: UInt8 {
  case other = 0
  case latin
  case greek
  case cyrillic

  /// The script's English name, for messages.
  var name: String {
    switch self {
    case .other: "other"
    case .latin: "Latin"
    case .greek: "Greek"
    case .cyrillic: "Cyrillic"
    }
  }

  /// The script, as refusals name it.
  var script: Refusal.Script {
    switch self {
    case .other: .other
    case .latin: .latin
    case .greek: .greek
    case .cyrillic: .cyrillic
    }
  }
}

/// Joining types from ArabicShaping.txt that RFC 5892's CONTEXTJ rule for ZWNJ asks about.
enum JoiningType {
  case dual
  case left
  case right
  case nonJoining
}

/// What role a scalar can play in a name (or in a line of text).
enum ScalarClass: UInt8 {
  // Allowed in names.
  case letter = 0
  case apostrophe
  case hyphen
  case fullStop
  case middleDot
  case space
  case mark
  case zeroWidthJoiner
  case zeroWidthNonJoiner
  // Allowed in text, refused in names.
  case otherSpace
  case digit
  case symbol
  case punctuation
  case dash
  case tatweel
  case emoji
  case variationSelector
  case tag
  case fancyText
  case modifierLetter
  // Refused everywhere.
  case control
  case lineBreak
  case format
  case privateUse
  case unassigned
  case noncharacter
}

/// One scalar's answers: class, canonical combining class, look-alike script, and the bits the
/// NFC quick check and trimming need.
struct ScalarInfo {
  let bits: UInt32

  private static let classShift: UInt32 = 8
  private static let scriptShift: UInt32 = 13
  private static let nfcNoBit: UInt32 = 1 << 15
  private static let nfcMaybeBit: UInt32 = 1 << 16
  private static let composingBit: UInt32 = 1 << 17
  private static let whiteSpaceBit: UInt32 = 1 << 18

  init(bits: UInt32) { self.bits = bits }

  init(
    scalarClass: ScalarClass, combiningClass: UInt8, script: LookAlikeScript, nfcNo: Bool,
    nfcMaybe: Bool, composingStarter: Bool, whiteSpace: Bool
  ) {
    var bits = UInt32(combiningClass)
    bits |= UInt32(scalarClass.rawValue) << Self.classShift
    bits |= UInt32(script.rawValue) << Self.scriptShift
    if nfcNo { bits |= Self.nfcNoBit }
    if nfcMaybe { bits |= Self.nfcMaybeBit }
    if composingStarter { bits |= Self.composingBit }
    if whiteSpace { bits |= Self.whiteSpaceBit }
    self.bits = bits
  }

  /// The role the scalar plays.
  var scalarClass: ScalarClass {
    // Every entry was built from a valid class, so the bits always hold a valid raw value;
    // the bit cast spares the hot loop the range check of `init(rawValue:)`.
    unsafeBitCast(UInt8(truncatingIfNeeded: (bits >> Self.classShift) & 0x1F), to: ScalarClass.self)
  }
  /// Canonical_Combining_Class; 9 is virama.
  var combiningClass: UInt8 { UInt8(truncatingIfNeeded: bits) }
  /// Latin, Greek, Cyrillic or other.
  var script: LookAlikeScript {
    LookAlikeScript(rawValue: UInt8(truncatingIfNeeded: (bits >> Self.scriptShift) & 0x3))!
  }
  /// NFC_Quick_Check is No (or the scalar is newer than our data: be safe).
  var nfcNo: Bool { bits & Self.nfcNoBit != 0 }
  /// NFC_Quick_Check is Maybe.
  var nfcMaybe: Bool { bits & Self.nfcMaybeBit != 0 }
  /// A following NFC_QC=Maybe scalar may compose or reorder with this one.
  var composingStarter: Bool { bits & Self.composingBit != 0 }
  /// The scalar has the White_Space property.
  var isWhiteSpace: Bool { bits & Self.whiteSpaceBit != 0 }
}

enum ScalarTable {
  /// The table, built on first use. Hot loops copy it into a local once, which spares them
  /// the lazy-initialization check of a static on every scalar.
  static let lookup = Lookup()

  /// ``ScalarInfo`` for every BMP scalar, one 32-bit word each (256 KB).
  struct Lookup {
    private let table: [UInt32]

    /// Expands the generated runs (``ScalarTable/bmpRuns``): each holds a start scalar in its
    /// low 16 bits and the bits of every scalar from there to the next run's start above them.
    /// - Complexity: O(65,536).
    init() {
      let runs = ScalarTable.bmpRuns
      precondition(runs.first.map { $0 & 0xFFFF == 0 } ?? false, "the runs must start at U+0000")
      table = [UInt32](unsafeUninitializedCapacity: 0x1_0000) { buffer, count in
        for (number, run) in runs.enumerated() {
          let start = Int(run & 0xFFFF)
          let end = number + 1 < runs.count ? Int(runs[number + 1] & 0xFFFF) : 0x1_0000
          buffer[start..<end].initialize(repeating: UInt32(truncatingIfNeeded: run >> 16))
        }
        count = 0x1_0000
      }
    }

    /// The answers for `scalar`.
    /// - Complexity: O(1) for the BMP; O(log *n*) range lookups above it.
    @inline(__always)
    func info(_ scalar: Unicode.Scalar) -> ScalarInfo {
      let value = scalar.value
      guard value < 0x1_0000 else { return ScalarTable.classify(value) }
      return ScalarInfo(bits: table[Int(value)])
    }
  }

  /// The answers for `scalar`.
  /// - Complexity: O(1) for the BMP; O(log *n*) range lookups above it.
  static func info(_ scalar: Unicode.Scalar) -> ScalarInfo {
    lookup.info(scalar)
  }

  /// Modifier letters that real orthographies write inside names: 々 ー ๆ (ʻ ʼ ʾ ʿ are
  /// apostrophes, below), the kana iteration marks ゝ ゞ ヽ ヾ (as in 金子みすゞ) and Lao ໆ,
  /// the twin of Thai ๆ.
  private static let letterLikeModifiers: Set<UInt32> = [
    0x3005, 0x30FC, 0x0E46, 0x0EC6, 0x309D, 0x309E, 0x30FD, 0x30FE,
  ]
  /// Prepended_Concatenation_Mark (PropList.txt): visible signs such as U+0600 ARABIC NUMBER
  /// SIGN, though their category is format.
  private static let prependedConcatenationMarks: Set<UInt32> = [
    0x0600, 0x0601, 0x0602, 0x0603, 0x0604, 0x0605, 0x06DD, 0x070F, 0x0890, 0x0891, 0x08E2,
    0x110BD, 0x110CD,
  ]
  /// Modifier letters that serve as apostrophes: ʻ (ʻokina) ʼ ʾ ʿ.
  private static let apostropheModifiers: Set<UInt32> = [0x02BB, 0x02BC, 0x02BE, 0x02BF]

  /// Classifies one code point from the standard library's properties and our range data.
  static func classify(_ value: UInt32) -> ScalarInfo {
    guard let scalar = Unicode.Scalar(value) else {
      return ScalarInfo(
        scalarClass: .unassigned, combiningClass: 0, script: .other, nfcNo: false,
        nfcMaybe: false, composingStarter: false, whiteSpace: false)
    }
    let properties = scalar.properties
    let scalarClass = classOf(value, properties)
    let isNew = properties.age.map { $0.major > 14 } ?? true
    let isAssigned = scalarClass != .unassigned && scalarClass != .noncharacter
    let isHangulLV = (0xAC00...0xD7A3).contains(value) && (value - 0xAC00) % 28 == 0
    var script = lookAlikeScript(of: value)
    // Ossetian is written in Cyrillic with the Latin æ its keyboards type: not a spoof.
    if value == 0x00C6 || value == 0x00E6 { script = .other }
    return ScalarInfo(
      scalarClass: scalarClass,
      combiningClass: properties.canonicalCombiningClass.rawValue,
      script: script,
      nfcNo: contains(UnicodeRanges.nfcQuickCheckNo, value) || (isNew && isAssigned),
      nfcMaybe: contains(UnicodeRanges.nfcQuickCheckMaybe, value),
      composingStarter: contains(UnicodeRanges.composingStarters, value) || isHangulLV
        || (0x1100...0x1112).contains(value),
      whiteSpace: properties.isWhitespace)
  }

  private static func classOf(_ value: UInt32, _ properties: Unicode.Scalar.Properties)
    -> ScalarClass
  {
    if properties.isNoncharacterCodePoint { return .noncharacter }
    let category = properties.generalCategory
    switch category {
    case .unassigned, .surrogate: return .unassigned
    case .privateUse: return .privateUse
    default: break
    }
    if isFancy(value, category) { return .fancyText }
    if properties.isDefaultIgnorableCodePoint {
      switch value {
      case 0x200C: return .zeroWidthNonJoiner
      case 0x200D: return .zeroWidthJoiner
      case 0xFE00...0xFE0F, 0xE0100...0xE01EF: return .variationSelector
      case 0xE0001, 0xE0020...0xE007F: return .tag
      default: return .format
      }
    }
    return classOf(value, category, properties)
  }

  private static func classOf(
    _ value: UInt32, _ category: Unicode.GeneralCategory, _ properties: Unicode.Scalar.Properties
  ) -> ScalarClass {
    switch category {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .otherLetter:
      return contains(UnicodeRanges.commonScriptLetters, value) ? .symbol : .letter
    case .modifierLetter:
      if letterLikeModifiers.contains(value) { return .letter }
      if apostropheModifiers.contains(value) { return .apostrophe }
      return value == 0x0640 ? .tatweel : .modifierLetter
    case .nonspacingMark, .spacingMark: return .mark
    case .enclosingMark: return value == 0x20E3 ? .emoji : .fancyText
    case .decimalNumber, .letterNumber, .otherNumber: return .digit
    case .dashPunctuation:
      return value == 0x2D || value == 0x2010 || value == 0x05BE ? .hyphen : .dash
    case .connectorPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
      .finalPunctuation, .otherPunctuation:
      switch value {
      case 0x27, 0x2018, 0x2019, 0x05F3: return .apostrophe
      case 0x2E: return .fullStop
      // Middle dots; and the Tibetan tsheg, which separates the syllables of every Tibetan
      // name (ཚེ་རིང).
      case 0xB7, 0x30FB, 0x0F0B, 0x0F0C: return .middleDot
      default: return .punctuation
      }
    case .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol:
      return properties.isEmojiPresentation ? .emoji : .symbol
    case .spaceSeparator: return value == 0x20 ? .space : .otherSpace
    case .lineSeparator, .paragraphSeparator: return .lineBreak
    case .control:
      return [0x0A, 0x0B, 0x0C, 0x0D, 0x85].contains(value) ? .lineBreak : .control
    // Prepended concatenation marks (U+0600 ARABIC NUMBER SIGN…) are visible number signs.
    case .format: return prependedConcatenationMarks.contains(value) ? .symbol : .format
    default: return .unassigned
    }
  }

  /// Look-alike "fancy text": mathematical alphanumerics, phonetic small capitals and
  /// superscripts, and the styled letters of Letterlike Symbols (ℂ ℍ ℕ ℓ…).
  private static func isFancy(_ value: UInt32, _ category: Unicode.GeneralCategory) -> Bool {
    switch value {
    case 0x1D400...0x1D7FF, 0x1D00...0x1DBF: return true
    case 0x2100...0x214F:
      switch category {
      case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .otherLetter: return true
      default: return false
      }
    default: return false
    }
  }

  private static func lookAlikeScript(of value: UInt32) -> LookAlikeScript {
    let ranges = UnicodeRanges.lookAlikeScripts
    guard let found = search(ranges.count, value, { (ranges[$0].lower, ranges[$0].upper) })
    else { return .other }
    return ranges[found].script
  }

  /// The joining type of `scalar`, for the ZWNJ context rule. Called only next to a ZWNJ.
  static func joiningType(of scalar: Unicode.Scalar) -> JoiningType {
    let ranges = UnicodeRanges.joiningTypes
    guard
      let found = search(ranges.count, scalar.value, { (ranges[$0].lower, ranges[$0].upper) })
    else { return .nonJoining }
    return ranges[found].type
  }

  private static func contains(_ ranges: [ClosedRange<UInt32>], _ value: UInt32) -> Bool {
    search(ranges.count, value, { (ranges[$0].lowerBound, ranges[$0].upperBound) }) != nil
  }

  /// Binary search over `count` sorted, disjoint ranges given by `bounds`.
  private static func search(
    _ count: Int, _ value: UInt32, _ bounds: (Int) -> (UInt32, UInt32)
  ) -> Int? {
    var low = 0
    var high = count
    while low < high {
      let middle = (low + high) / 2
      let (lower, upper) = bounds(middle)
      if value < lower {
        high = middle
      } else if value > upper {
        low = middle + 1
      } else {
        return middle
      }
    }
    return nil
  }
}
