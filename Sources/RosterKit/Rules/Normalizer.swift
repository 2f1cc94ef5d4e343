// The normalization steps of docs/rules.md, each skipped when a quick scan shows it would change
// nothing: most input is already normalized, and then the input string itself is returned,
// without a copy.

enum Normalizer {
  /// The personal-name normalization: trim White_Space, width-fold U+FF01–U+FFEF, NFC, collapse
  /// each run of space separators (Zs) to one U+0020.
  ///
  /// Idempotent: the result has no White_Space at either end, no halfwidth or fullwidth form,
  /// no Zs other than single U+0020, and is in NFC; replacing a starter by U+0020 keeps NFC.
  /// - Complexity: O(*n*) in the number of scalars.
  static func name(_ input: String) -> String {
    guard needsNameNormalization(input) else { return input }
    var scalars = String.UnicodeScalarView()
    var folded = false
    for scalar in trimmed(input) {
      if (0xFF01...0xFFEF).contains(scalar.value) {
        scalars.append(widthFolded(scalar))
        folded = true
      } else {
        scalars.append(scalar)
      }
    }
    var text = String(scalars)
    if folded || needsNFC(text) { text = nfc(text) }
    return collapsingSpaces(text)
  }

  /// The text normalization: trim White_Space, then NFC. No width folding, no collapsing: a
  /// line of text keeps its typography (fullwidth digits in Japanese, double spaces in code).
  /// - Complexity: O(*n*) in the number of scalars.
  static func text(_ input: String) -> String {
    let scalars = input.unicodeScalars
    guard let first = scalars.first, let last = scalars.last else { return input }
    let needsTrim =
      ScalarTable.info(first).isWhiteSpace || ScalarTable.info(last).isWhiteSpace
    let text = needsTrim ? String(trimmed(input)) : input
    return needsNFC(text) ? nfc(text) : text
  }

  /// Whether any step of the name normalization would change `input`.
  static func needsNameNormalization(_ input: String) -> Bool {
    let scalars = input.unicodeScalars
    guard let first = scalars.first, let last = scalars.last else { return false }
    if ScalarTable.info(first).isWhiteSpace || ScalarTable.info(last).isWhiteSpace {
      return true
    }
    var check = NFCQuickCheck()
    var previousWasSpace = false
    for scalar in scalars {
      let value = scalar.value
      if value < 0x80 {
        // ASCII is NFC and never width-folded; only a double space needs work.
        let isSpace = value == 0x20
        if isSpace && previousWasSpace { return true }
        previousWasSpace = isSpace
        check.reset()
        continue
      }
      if (0xFF01...0xFFEF).contains(value) { return true }
      let info = ScalarTable.info(scalar)
      if info.scalarClass == .otherSpace { return true }
      previousWasSpace = false
      if !check.accepts(info) { return true }
    }
    return false
  }

  /// The NFC form of `text`, by the standard library's normalizer (the one `String` equality
  /// uses).
  ///
  /// Not Foundation's `precomposedStringWithCanonicalMapping`: on Linux it corrupts a scalar
  /// above U+FFFF that is followed by a combining mark (U+20068 U+0307 came back as ḣ U+1E23).
  /// Both normalizers can leave marks out of canonical order when a composition-excluded
  /// scalar decomposes into several marks (Tibetan U+0F75 after U+0309), so this repeats until
  /// the text is stable, which keeps normalization idempotent.
  static func nfc(_ text: String) -> String {
    var current = text
    for _ in 0..<4 {
      let units = current._nfcCodeUnits
      if units.elementsEqual(current.utf8) { break }
      current = String(decoding: units, as: UTF8.self)
    }
    return current
  }

  /// Whether NFC would change `text`, by the quick check of UAX #15, sharpened: a Maybe scalar
  /// only matters after a starter that begins some composite.
  static func needsNFC(_ text: String) -> Bool {
    var check = NFCQuickCheck()
    for scalar in text.unicodeScalars {
      // ASCII is NFC_QC=Yes with class 0; whether it begins a composite matters little here.
      if scalar.value < 0x80 {
        check.reset()
        continue
      }
      if !check.accepts(ScalarTable.info(scalar)) { return true }
    }
    return false
  }

  private static func trimmed(_ input: String) -> Substring.UnicodeScalarView {
    let scalars = input.unicodeScalars
    var start = scalars.startIndex
    var end = scalars.endIndex
    while start < end, ScalarTable.info(scalars[start]).isWhiteSpace {
      scalars.formIndex(after: &start)
    }
    while start < end {
      let before = scalars.index(before: end)
      guard ScalarTable.info(scalars[before]).isWhiteSpace else { break }
      end = before
    }
    return Substring(input)[start..<end].unicodeScalars
  }

  /// The one-level `<wide>`/`<narrow>` decomposition of a scalar in U+FF01–U+FFEF.
  static func widthFolded(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
    for run in UnicodeRanges.widthFolds
    where scalar.value >= run.lower && scalar.value < run.lower + run.count {
      return Unicode.Scalar(run.target + (scalar.value - run.lower)) ?? scalar
    }
    return scalar
  }

  private static func collapsingSpaces(_ text: String) -> String {
    var result = String.UnicodeScalarView()
    var inSpaces = false
    for scalar in text.unicodeScalars {
      let isSpace =
        scalar.value == 0x20
        || (scalar.value >= 0x80 && ScalarTable.info(scalar).scalarClass == .otherSpace)
      if isSpace {
        if !inSpaces { result.append(" ") }
      } else {
        result.append(scalar)
      }
      inSpaces = isSpace
    }
    return String(result)
  }
}

/// The running state of the NFC quick check over a scalar sequence.
struct NFCQuickCheck {
  private var lastCombiningClass: UInt8 = 0
  private var starterComposes = false

  /// Forgets marks seen so far: the next scalar follows a starter.
  mutating func reset(composing: Bool = true) {
    lastCombiningClass = 0
    starterComposes = composing
  }

  /// Feeds the next scalar; `false` when NFC may change the text.
  mutating func accepts(_ info: ScalarInfo) -> Bool {
    if info.nfcNo { return false }
    let combiningClass = info.combiningClass
    if combiningClass != 0 && lastCombiningClass > combiningClass { return false }
    if info.nfcMaybe && starterComposes { return false }
    if combiningClass == 0 { starterComposes = info.composingStarter }
    lastCombiningClass = combiningClass
    return true
  }
}
