// The text rule of docs/rules.md: any single line of text. Digits, symbols and emoji are welcome;
// what is refused is what cannot be seen or breaks the line: controls, line breaks, invisible
// format characters (bidi controls above all), private use, unassigned code points.
//
// Joiners: a ZWNJ or ZWJ passes where RFC 5892 CONTEXTJ allows it (as in names), and a ZWJ also
// passes between two emoji (👩‍💻). Emoji tag characters pass only inside a tag sequence
// (🏴 + tags + CANCEL TAG, the subdivision flags): elsewhere they are invisible text.
// Combining marks are not policed here (no orphan or Zalgo checks): a line of text may quote
// anything visible.

enum TextRule {
  /// The most grapheme clusters a line of text may have.
  static let maximumLength = 256

  /// Validates and normalizes a line of text (trim, then NFC).
  /// - Complexity: O(*n*) in the number of scalars.
  static func validate(_ input: String) -> Validation {
    if isPlainASCII(input) { return .valid(input) }
    let text = Normalizer.text(input)
    if text.isEmpty { return .invalid(RefusalMessage.empty(.text)) }
    if let refusal = LengthLimit.check(text, limit: maximumLength, subject: .text) {
      return .invalid(refusal)
    }
    if let refusal = scan(text) { return .invalid(refusal) }
    return .valid(text)
  }

  /// Whether `input` is 1 to ``maximumLength`` printable ASCII characters (U+0020–U+007E)
  /// without a space at either end: text the rule passes unchanged, as trimming, NFC and the
  /// scan all leave it alone. Checking the bytes is the fast path of most edits.
  private static func isPlainASCII(_ input: String) -> Bool {
    let checked = input.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
      guard let first = bytes.first, let last = bytes.last, bytes.count <= maximumLength,
        first != 0x20, last != 0x20
      else { return false }
      for byte in bytes where byte < 0x20 || byte > 0x7E { return false }
      return true
    }
    return checked ?? false
  }

  private static func scan(_ text: String) -> Refusal? {
    let scalars = text.unicodeScalars
    var previous: Unicode.Scalar?
    var inTagSequence = false
    var index = scalars.startIndex
    while index < scalars.endIndex {
      let scalar = scalars[index]
      let info = ScalarTable.info(scalar)
      let next = scalars.index(after: index)
      let following = next < scalars.endIndex ? scalars[next] : nil
      var reason: Refusal.Reason?
      switch info.scalarClass {
      case .control: reason = .control
      case .lineBreak: reason = .multipleLines
      case .format: reason = .invisibleFormat
      case .privateUse: reason = .privateUse
      case .unassigned: reason = .unassigned
      case .noncharacter: reason = .noncharacter
      case .zeroWidthJoiner:
        if !JoinControls.allowsJoiner(in: text, at: index)
          && !(isPictographic(previous) && isPictographic(following))
        {
          reason = .invisibleFormat
        }
      case .zeroWidthNonJoiner:
        if !JoinControls.allowsNonJoiner(in: text, at: index) {
          reason = .invisibleFormat
        }
      case .tag:
        let opens = previous?.value == 0x1F3F4
        if !(opens || inTagSequence) || scalar.value == 0xE0001 {
          reason = .invisibleFormat
        } else {
          inTagSequence = scalar.value != 0xE007F
          if inTagSequence && following.map({ !(0xE0020...0xE007F).contains($0.value) }) ?? true {
            reason = .invisibleFormat
          }
        }
      default: break
      }
      if let reason {
        return RefusalMessage.blaming(index, in: text, reason: reason, subject: .text)
      }
      if info.scalarClass != .variationSelector && !isEmojiModifier(scalar) { previous = scalar }
      index = next
    }
    return nil
  }

  /// An emoji that can take part in a ZWJ sequence (not the ASCII keycap bases # * 0–9).
  private static func isPictographic(_ scalar: Unicode.Scalar?) -> Bool {
    guard let scalar, scalar.value >= 0xA9 else { return false }
    return scalar.properties.isEmoji
  }

  private static func isEmojiModifier(_ scalar: Unicode.Scalar) -> Bool {
    (0x1F3FB...0x1F3FF).contains(scalar.value)
  }
}
