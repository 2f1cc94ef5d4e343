// Where ZERO WIDTH JOINER and ZERO WIDTH NON-JOINER may stand: RFC 5892 Appendix A.1–A.2
// (CONTEXTJ).
//
// Approximation: "transparent" (Joining_Type T) is taken to be every combining mark, and the
// joining types come from ArabicShaping.txt 14.0 (Arabic, Syriac, N'Ko, Mongolian, Manichaean,
// Psalter Pahlavi, Hanifi Rohingya, Sogdian…). Both joiners are rare, so these checks walk the
// text around them instead of burdening the main scan.

enum JoinControls {
  /// ZWJ: only right after a virama (Canonical_Combining_Class 9), as in Sinhala ශ්‍රී.
  static func allowsJoiner(in text: String, at index: String.Index) -> Bool {
    followsVirama(text, index)
  }

  /// ZWNJ: after a virama, or between a left- or dual-joining letter and a right- or
  /// dual-joining letter, marks skipped on both sides (Persian حسن‌زاده).
  static func allowsNonJoiner(in text: String, at index: String.Index) -> Bool {
    if followsVirama(text, index) { return true }
    let scalars = text.unicodeScalars
    let before = scalars[..<index].reversed().first { !isTransparent($0) }
    let after = scalars[scalars.index(after: index)...].first { !isTransparent($0) }
    guard let before, let after else { return false }
    let left = ScalarTable.joiningType(of: before)
    let right = ScalarTable.joiningType(of: after)
    return (left == .dual || left == .left) && (right == .dual || right == .right)
  }

  private static func followsVirama(_ text: String, _ index: String.Index) -> Bool {
    guard index > text.startIndex else { return false }
    let previous = text.unicodeScalars[text.unicodeScalars.index(before: index)]
    return ScalarTable.info(previous).combiningClass == 9
  }

  private static func isTransparent(_ scalar: Unicode.Scalar) -> Bool {
    ScalarTable.info(scalar).scalarClass == .mark
  }
}
