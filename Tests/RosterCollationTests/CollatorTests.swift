import RosterCollation
import RosterKit
import RosterTestSupport
import Testing

/// ICU's collation of real locales, through the sort of a ``RosterKit/RosterList``.
@Suite struct CollatorTests {
  /// `texts` sorted by the collation of `locale`, as a list sorts them.
  private func sorted(_ texts: [String], _ locale: String, by field: EntryOrder.Field = .text)
    throws -> [String]
  {
    let collator = try Collator(locale: locale)
    let list = RosterList(title: "T", rule: .text)
    for text in texts { try list.append(text) }
    list.sort(EntryOrder(field: field, locale: collator.locale), collation: collator)
    return list.entries.map(\.text)
  }

  @Test func germanPutsUmlautsWithTheirBaseLetters() throws {
    #expect(
      try sorted(["Zoe", "Ärger", "Bernd", "Anton", "Öl", "Otto"], "de_DE.UTF-8")
        == ["Anton", "Ärger", "Bernd", "Öl", "Otto", "Zoe"])
  }

  @Test func swedishPutsUmlautsAfterZ() throws {
    #expect(
      try sorted(["Zoe", "Ärla", "Bernd", "Anton", "Östen", "Åsa"], "sv_SE")
        == ["Anton", "Bernd", "Zoe", "Åsa", "Ärla", "Östen"])
  }

  @Test func spanishPutsEñeAfterN() throws {
    #expect(
      try sorted(["ñu", "oso", "nube", "Núñez", "nz"], "es-ES")
        == ["nube", "Núñez", "nz", "ñu", "oso"])
  }

  @Test func czechPutsChAfterH() throws {
    #expect(
      try sorted(["chata", "hrad", "cibule", "izba", "Chrudim"], "cs")
        == ["cibule", "hrad", "chata", "Chrudim", "izba"])
    // Without Czech rules, ch is c then h.
    #expect(try sorted(["chata", "hrad", "cibule"], "en") == ["chata", "cibule", "hrad"])
  }

  @Test func multiScriptListsSortTheSameFromEveryStartingOrder() throws {
    let names = [
      "Анна", "Zoë", "Ελένη", "王芳", "محمد", "Björn", "Борис", "Άγγελος", "李娜", "علي",
      "anna", "Ōtani", "Ωmega", "Яна", "أحمد",
    ]
    let expected = try sorted(names, "")
    var generator = SeededGenerator(seed: 7)
    for _ in 0..<20 {
      #expect(try sorted(names.shuffled(using: &generator), "") == expected)
    }
    // The root collation orders scripts Latin, Greek, Cyrillic, Arabic, Han.
    let scripts = expected.map { text -> Int in
      let scalar = text.unicodeScalars.first!.value
      switch scalar {
      case 0x370...0x3FF, 0x1F00...0x1FFF: return 1
      case 0x400...0x4FF: return 2
      case 0x600...0x6FF: return 3
      case 0x4E00...0x9FFF: return 4
      default: return 0
      }
    }
    #expect(scripts == scripts.sorted())
  }

  @Test func caseAndAccentsDecideOnlyBetweenEqualLetters() throws {
    // Letters first: "Ab" before "ac" whatever the case and accents; then accents, then case.
    #expect(
      try sorted(["ac", "Áb", "ab", "Ab", "áb"], "de")
        == ["ab", "Ab", "áb", "Áb", "ac"])
  }

  @Test func tiesKeepTheirOrderInBothDirections() throws {
    let collator = try Collator(locale: "de")
    let list = RosterList(title: "T", rule: .text)
    // The same text three times (a decomposed é is canonically equal to the composed one).
    let first = try list.append("Zoé")
    try list.append("Anna")
    let second = try list.append("Zoe\u{301}")
    let third = try list.append("Zoé")
    list.sort(EntryOrder(locale: "de"), collation: collator)
    #expect(list.entries.suffix(3).map(\.id) == [first.id, second.id, third.id])
    list.sort(EntryOrder(descending: true, locale: "de"), collation: collator)
    #expect(list.entries.prefix(3).map(\.id) == [first.id, second.id, third.id])
  }

  @Test func lastWordSortsByFamilyNameThenWholeText() throws {
    #expect(
      try sorted(
        ["Łukasz Nowak", "Anna Ärlig", "Zoë Adams", "Bob Nowak", "Cher"], "de", by: .lastWord)
        == ["Zoë Adams", "Anna Ärlig", "Cher", "Bob Nowak", "Łukasz Nowak"])
  }

  @Test func localeNamesAreReadAsLangAndBCP47WriteThem() throws {
    #expect(try Collator(locale: "de_DE.UTF-8").locale == "de_DE")
    #expect(try Collator(locale: "de-DE").locale == "de_DE")
    #expect(try Collator(locale: "sv").locale == "sv")
    #expect(try Collator(locale: "sr_RS@latin").locale == "sr_RS")
    #expect(try Collator(locale: "C.UTF-8").locale == "")
    #expect(try Collator(locale: "POSIX").locale == "")
    for bad in ["xx", "de_DE;rm", "1234", "d", "deutsch"] {
      #expect(throws: CollationError.unknownLocale(bad)) { try Collator(locale: bad) }
    }
  }

  @Test func theEnvironmentPicksLCAllThenLCCollateThenLang() throws {
    #expect(
      try Collator(environment: ["LC_ALL": "sv_SE.UTF-8", "LC_COLLATE": "de", "LANG": "es"])
        .locale == "sv_SE")
    #expect(
      try Collator(environment: ["LC_ALL": "", "LC_COLLATE": "de", "LANG": "es"]).locale == "de")
    #expect(try Collator(environment: ["LANG": "cs_CZ.UTF-8"]).locale == "cs_CZ")
    #expect(try Collator(environment: [:]).locale == "")
  }

  @Test func aKeptSortedListPlacesNewAndEditedEntriesByTheCollation() throws {
    let list = RosterList(title: "T", rule: .text)
    list.collationProvider = Collator.provider
    for text in ["Zoe", "Anton", "Otto"] { try list.append(text) }
    list.setKeepSorted(EntryOrder(locale: "sv"))
    #expect(list.entries.map(\.text) == ["Anton", "Otto", "Zoe"])
    try list.append("Östen")
    try list.insert("Bernd", at: 0)
    #expect(list.entries.map(\.text) == ["Anton", "Bernd", "Otto", "Zoe", "Östen"])
    try list.updateText(of: list[0].id, to: "Ärla")
    #expect(list.entries.map(\.text) == ["Bernd", "Otto", "Zoe", "Ärla", "Östen"])
  }

  @Test func icuIsDebians() {
    #expect(Collator.icuVersion.split(separator: ".").count >= 2)
  }
}
