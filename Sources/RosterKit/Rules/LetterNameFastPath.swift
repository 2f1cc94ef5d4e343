// The next most common case of the personal-name rule, for names in any script: words of
// letters of the Basic Multilingual Plane, one space between words, none at either end, at
// most 256 bytes, and no word mixing Latin, Greek and Cyrillic. Every scalar must be a letter
// by the rule's own table (ScalarTable) with canonical combining class 0 and NFC_Quick_Check
// Yes, and not a halfwidth or fullwidth form: such a text is already normalized (nothing
// reorders or composes), has no mark, punctuation or placement fault, and fewer graphemes than
// bytes. Such a name is valid as it is; anything else goes to the full scan (NameScanner).

enum LetterNameFastPath {
  /// Whether `name` is a name of plain letters and single spaces, valid as it is; `false`
  /// means only that the full rule must decide.
  /// - Complexity: O(n) in the scalars, at most 256 bytes of them.
  static func accepts(_ name: String) -> Bool {
    guard !name.isEmpty, name.utf8.count <= PersonalNameRule.maximumLength else { return false }
    let table = ScalarTable.lookup
    var afterSpace = true  // the start counts as after a space: no leading space
    // The look-alike scripts met in the current word, one bit each.
    var scripts: UInt8 = 0
    for scalar in name.unicodeScalars {
      let value = scalar.value
      if value == 0x20 {
        if afterSpace { return false }
        afterSpace = true
        scripts = 0
        continue
      }
      guard value < 0xFF01 || (value > 0xFFEF && value < 0x1_0000) else { return false }
      let info = table.info(scalar)
      guard info.scalarClass == .letter, info.combiningClass == 0, !info.nfcNo, !info.nfcMaybe
      else { return false }
      afterSpace = false
      let script = info.script
      if script != .other {
        scripts |= 1 << script.rawValue
        // Two look-alike scripts in one word: the full rule names the intruder.
        if scripts & (scripts - 1) != 0 { return false }
      }
    }
    return !afterSpace
  }
}
