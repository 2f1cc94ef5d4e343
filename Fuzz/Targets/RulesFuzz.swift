// libFuzzer target: every rule's validation and normalization.
// Built by Fuzz/run.sh with `swiftc -sanitize=fuzzer,address` over RosterKit's sources.

/// Scalars the personal-name rule must never let through, checked independently of the rule's
/// own tables: a second opinion, not a copy of the implementation.
func forbiddenInName(_ scalar: Unicode.Scalar) -> Bool {
  switch scalar.properties.generalCategory {
  case .control, .privateUse, .unassigned, .surrogate, .decimalNumber, .letterNumber,
    .otherNumber, .mathSymbol, .currencySymbol, .otherSymbol, .lineSeparator,
    .paragraphSeparator, .connectorPunctuation, .openPunctuation, .closePunctuation,
    .initialPunctuation, .finalPunctuation:
    return !["\u{2018}", "\u{2019}"].contains(scalar)
  case .format:
    return scalar != "\u{200C}" && scalar != "\u{200D}"
  default:
    return scalar.properties.isNoncharacterCodePoint || scalar.properties.isVariationSelector
  }
}

/// Scalars no rule may let through: controls and bidi or other invisible format characters.
func forbiddenInText(_ scalar: Unicode.Scalar) -> Bool {
  let category = scalar.properties.generalCategory
  if category == .control || category == .unassigned || category == .privateUse { return true }
  return scalar.properties.isBidiControl || [0x200B, 0xFEFF].contains(scalar.value)
}

/// One input: every rule's verdict on it is checked against the properties above.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRules(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let input = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  let rules: [Rule] = [.personalName, .text, try! .pattern("^[^0-9]*$")]
  for rule in rules {
    guard case .valid(let normalized) = rule.validate(input) else { continue }
    // Idempotent: the stored form validates to itself.
    guard rule.validate(normalized) == .valid(normalized) else {
      fatalError("\(rule.kind): not idempotent for \(Array(input.unicodeScalars))")
    }
    let forbidden = rule.kind == .personalName ? forbiddenInName : forbiddenInText
    if let bad = normalized.unicodeScalars.first(where: forbidden) {
      fatalError("\(rule.kind) accepted U+\(String(bad.value, radix: 16)) in \(normalized)")
    }
    if normalized.isEmpty || normalized.count > 256 {
      fatalError("\(rule.kind) accepted a text of \(normalized.count) characters")
    }
  }
  return 0
}
