// Everything the rules ask about a scalar, packed in 32 bits and looked up in one step.
//
// `Unicode.Scalar.Properties` answers each question with its own table walk (tens of
// nanoseconds each); a name check asks five or six per scalar, on every keystroke and every row
// of an import. So the answers for the Basic Multilingual Plane are computed once, on first use,
// into a two-stage table (256 blocks of 256 entries, identical blocks shared), and scalars above
// U+FFFF, rare in names, are classified on the fly by the same function.

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

  /// The two-stage table of ``ScalarInfo`` for the BMP.
  struct Lookup {
    /// Stage 1: for each block of 256 BMP scalars, which stage-2 block describes it.
    private let blockIndex: [UInt16]
    /// Stage 2: the distinct blocks, concatenated.
    private let blocks: [UInt32]

    init() {
      var index: [UInt16] = []
      var blocks: [UInt32] = []
      var seen: [[UInt32]: UInt16] = [:]
      index.reserveCapacity(256)
      for high in UInt32(0)..<256 {
        let block = (0..<256).map { ScalarTable.classify(high << 8 | $0).bits }
        if let known = seen[block] {
          index.append(known)
        } else {
          let number = UInt16(seen.count)
          seen[block] = number
          blocks.append(contentsOf: block)
          index.append(number)
        }
      }
      self.blockIndex = index
      self.blocks = blocks
    }

    /// The answers for `scalar`.
    /// - Complexity: O(1) for the BMP; O(log *n*) range lookups above it.
    @inline(__always)
    func info(_ scalar: Unicode.Scalar) -> ScalarInfo {
      let value = scalar.value
      guard value < 0x1_0000 else { return ScalarTable.classify(value) }
      let block = Int(blockIndex[Int(value >> 8)])
      return ScalarInfo(bits: blocks[block << 8 | Int(value & 0xFF)])
    }
  }

  /// The answers for `scalar`.
  /// - Complexity: O(1) for the BMP; O(log *n*) range lookups above it.
  static func info(_ scalar: Unicode.Scalar) -> ScalarInfo {
    lookup.info(scalar)
  }

  /// Modifier letters that real orthographies write inside names. the rule (docs/rules.md) lists ʻ ʼ ʾ ʿ 々 ー ๆ;
  /// we add the kana iteration marks ゝ ゞ ヽ ヾ (as in 金子みすゞ) and Lao ໆ, the twin of Thai ๆ.
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
