import RosterLocalization
import Testing

/// Counts grouped as the reader's locale groups them: one formatter for the app, the CLI's
/// progress line and printed pages.
@Suite struct GroupedNumberTests {
  @Test(arguments: [
    (0, "0"), (999, "999"), (1000, "1,000"), (1_234_567, "1,234,567"), (-1234, "-1,234"),
    (Int.min, "-9,223,372,036,854,775,808"),
  ])
  func countsAreGroupedInTheCLocale(number: Int, text: String) {
    // Tests never call Localization.setUp(): the separator is the C locale's.
    #expect(GroupedNumber.text(number) == text)
  }

  @Test func theSeparatorIsTheNumericLocales() {
    #expect(GroupedNumber.separator(environment: [:]) == ",")
    #expect(GroupedNumber.separator(environment: ["LANG": "C.UTF-8"]) == ",")
    #expect(GroupedNumber.separator(environment: ["LANG": "de_DE.UTF-8"]) == ".")
    #expect(GroupedNumber.separator(environment: ["LANG": "en_US.UTF-8"]) == ",")
    // LC_ALL before LC_NUMERIC before LANG, as POSIX reads them; an empty one does not count.
    #expect(
      GroupedNumber.separator(environment: ["LANG": "de_DE.UTF-8", "LC_NUMERIC": "C"]) == ",")
    #expect(
      GroupedNumber.separator(environment: ["LC_ALL": "de_DE.UTF-8", "LC_NUMERIC": "C"]) == ".")
    #expect(GroupedNumber.separator(environment: ["LC_ALL": "", "LANG": "de_DE@euro"]) == ".")
    #expect(GroupedNumber.text(1_234_567, separator: ".") == "1.234.567")
  }
}
