// The common case of the personal-name rule, decided from the UTF-8 bytes alone: words of
// letters from Basic Latin and the Latin-1 Supplement (A–Z, a–z, À–ÿ but × and ÷), one space
// between words, none at either end, at most 256 bytes. Every such name is valid and already
// normalized: each of these letters is a Latin letter that NFC leaves alone, with no mark, no
// punctuation and so no placement fault, one script so no look-alike mix, and fewer graphemes
// than bytes. Anything else goes to the full scan (NameScanner), which gives the refusal.

enum LatinNameFastPath {
  /// Whether `name` is a name of plain Latin letters and single spaces, valid as it is;
  /// `false` means only that the full rule must decide.
  /// - Complexity: O(n) in the UTF-8 bytes, at most 256 of them.
  static func accepts(_ name: String) -> Bool {
    var name = name
    return name.withUTF8 { bytes in
      guard !bytes.isEmpty, bytes.count <= PersonalNameRule.maximumLength else { return false }
      var afterSpace = true  // the start counts as after a space: no leading space
      var index = 0
      while index < bytes.count {
        let byte = bytes[index]
        index += 1
        if byte == 0x20 {
          if afterSpace { return false }
          afterSpace = true
          continue
        }
        afterSpace = false
        if (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A { continue }  // A–Z, a–z
        // U+00C0–U+00FF is C3 80–C3 BF; × is C3 97 and ÷ is C3 B7.
        guard byte == 0xC3, index < bytes.count else { return false }
        let second = bytes[index]
        index += 1
        guard second >= 0x80, second <= 0xBF, second != 0x97, second != 0xB7 else { return false }
      }
      return !afterSpace
    }
  }
}
