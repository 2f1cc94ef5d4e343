import Foundation
import RosterKit

// How fast the personal-name rule is, and how many real names it accepts, against the reference
// design's regex `^[a-zA-ZÀ-ÿ-.' ]+$` (through NSRegularExpression) on the same sample.

/// Runs the validation benchmark and returns its report, one line a measurement.
///
/// The sample is built in code: given names and family names from 24 locales in 20 scripts,
/// combined into a few thousand full names (every one a name a real person could carry).
/// - Parameter rounds: How many times each validator goes over the whole sample.
/// - Returns: Lines such as `personal-name rule: 2,345,678 names/s, accepts 100.0%`.
func validationBenchmark(rounds: Int = 20) -> [String] {
  let sample = BenchNames.sample()
  let reference = try! NSRegularExpression(pattern: "^[a-zA-ZÀ-ÿ-.' ]+$")
  // The rule builds its scalar table on first use (unless something validated before us).
  let firstStart = DispatchTime.now().uptimeNanoseconds
  _ = Rule.personalName.validate("Zoë")
  let firstCall = Double(DispatchTime.now().uptimeNanoseconds - firstStart) / 1e6

  var ruleAccepted = 0
  var regexAccepted = 0
  for name in sample {
    if Rule.personalName.validate(name).normalized != nil { ruleAccepted += 1 }
    if matches(reference, name) { regexAccepted += 1 }
  }
  let ruleRate = measure(sample, rounds: rounds) {
    Rule.personalName.validate($0).normalized != nil
  }
  let regexRate = measure(sample, rounds: rounds) { matches(reference, $0) }
  let latin = sample.filter { BenchNames.isLatin($0) }
  let latinRegex = latin.filter { matches(reference, $0) }.count

  func percent(_ part: Int, _ whole: Int) -> String {
    String(format: "%.1f%%", 100 * Double(part) / Double(max(whole, 1)))
  }
  return [
    "validation: \(sample.count) real names in \(BenchNames.locales.count) locales, "
      + "\(rounds) rounds",
    "  personal-name rule: \(grouped(ruleRate)) names/s, accepts "
      + percent(ruleAccepted, sample.count),
    "  reference regex:    \(grouped(regexRate)) names/s, accepts "
      + percent(regexAccepted, sample.count) + " (Latin-script names: "
      + percent(latinRegex, latin.count) + ")",
    String(format: "  speed-up: %.2f×", ruleRate / max(regexRate, 1)),
    String(format: "  first validation in this process (builds the table): %.1f ms", firstCall),
  ]
}

private func matches(_ regex: NSRegularExpression, _ text: String) -> Bool {
  regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
}

/// Names per second of `check` over `sample`, best of `rounds` passes.
private func measure(_ sample: [String], rounds: Int, _ check: (String) -> Bool) -> Double {
  var best = Double.infinity
  var accepted = 0
  for _ in 0..<rounds {
    let start = DispatchTime.now().uptimeNanoseconds
    for name in sample where check(name) { accepted &+= 1 }
    let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    best = min(best, elapsed)
  }
  precondition(accepted >= 0)
  return Double(sample.count) / best
}

private func grouped(_ rate: Double) -> String {
  let digits = String(Int(rate.rounded()))
  var result = ""
  for (offset, digit) in digits.reversed().enumerated() {
    if offset > 0 && offset % 3 == 0 { result.append(",") }
    result.append(digit)
  }
  return String(result.reversed())
}

/// Given and family names by locale; the sample pairs every given name with every family name.
private enum BenchNames {
  struct Locale {
    let given: [String]
    let family: [String]
    /// Family name first, without a space (Chinese, Japanese, Korean).
    var familyFirstJoined = false
  }

  static let locales: [Locale] = [
    Locale(
      given: ["Anna", "James", "Mary-Kate", "Seán", "Siobhán", "Patrick", "Aoife", "Liam"],
      family: ["O’Brien", "O'Neill", "Murphy", "Mac Giolla", "Ní Bhriain", "Smith-Jones"]),
    Locale(
      given: ["José", "María", "Sofía", "Íñigo", "Begoña", "Pilar"],
      family: ["García", "Muñoz", "de la Fuente", "Núñez", "Peña", "Ibáñez"]),
    Locale(
      given: ["François", "Hélène", "Jean-Luc", "Zoë", "Noël", "Anaïs"],
      family: ["Dubois", "Lefèvre", "de Gaulle", "Bézier", "Crémieux", "Giscard d’Estaing"]),
    Locale(
      given: ["Jürgen", "Käthe", "Hans-Peter", "Lieselotte", "Björn", "Sören"],
      family: ["Müller", "Schröder", "von der Leyen", "Weiß", "Strauß", "Groß"]),
    Locale(
      given: ["Łukasz", "Małgorzata", "Wojciech", "Żaneta", "Grzegorz", "Agnieszka"],
      family: ["Żółkiewski", "Wiśniewska", "Kościuszko", "Brzęczyszczykiewicz", "Łęcka"]),
    Locale(
      given: ["Nguyễn", "Trần", "Lê", "Phạm", "Hoàng", "Đặng"],
      family: ["Thị Minh Khai", "Văn Lương", "Hưng Đạo", "Nhật Vượng", "Quốc Việt"]),
    Locale(
      given: ["Çağlar", "Gülşen", "Şahin", "İlkay", "Ömer", "Ayşe"],
      family: ["Söyüncü", "Ağaoğlu", "İnönü", "Gündoğan", "Yıldız"]),
    Locale(
      given: ["Kaʻiulani", "Keʻelikōlani", "Liliʻuokalani", "Kamaʻehu", "Noʻeau"],
      family: ["Kawānanakoa", "Kalanianaʻole", "Kahananui", "Keawe"]),
    Locale(
      given: ["Adébáyọ̀", "Chiamaka", "Ọlọ́runfẹ́mi", "Ɔkomfo", "Ama", "Kwabena"],
      family: ["Ògúnlẹ́sì", "Ọbáfẹ́mi", "Anɔkye", "Asantewaa", "Nkrumah"]),
    Locale(
      given: ["Γιώργος", "Μαρία", "Ελένη", "Νίκος", "Δημήτρης", "Σοφία"],
      family: ["Παπαδόπουλος", "Καζαντζάκης", "Βενιζέλου", "Οικονόμου", "Τσίπρας"]),
    Locale(
      given: ["Анна", "Фёдор", "Ольга", "Сергей", "Мар’яна", "Љубица"],
      family: ["Каренина", "Достоевский", "Кобилянська", "Прокофьев", "Ђурић"]),
    Locale(
      given: ["Արամ", "Սոսե", "Վարդան", "Անի"], family: ["Խաչատրյան", "Մամիկոնյան", "Ազնավուր"]),
    Locale(
      given: ["შოთა", "ნინო", "ილია", "მერაბ"], family: ["რუსთაველი", "ბურჯანაძე", "ჭავჭავაძე"]),
    Locale(
      given: ["דוד", "רחל", "יִצְחָק", "ג׳ורג׳", "שרה"],
      family: ["בן־גוריון", "רַבִּין", "מאיר", "כהן"]),
    Locale(
      given: ["محمد", "فاطمة", "عَلِيّ", "أحمد", "ليلى", "مُحَمَّد"],
      family: ["عبدالله", "الزهراء", "محفوظ", "بن علي", "الحسن"]),
    Locale(
      given: ["علی‌اکبر", "فرزانه", "کوروش", "مهسا", "نسرین"],
      family: ["حسن‌زاده", "محمدی‌نژاد", "امینی", "رضایی"]),
    Locale(
      given: ["अर्जुन", "प्रियंका", "श्रीनिवास", "लक्ष्मी", "ज़ाकिर"],
      family: ["शर्मा", "चोपड़ा", "हुसैन", "गांधी", "वर्मा"]),
    Locale(
      given: ["রবীন্দ্রনাথ", "সত্যজিৎ", "শ্রাবন্তী", "কাজী"], family: ["ঠাকুর", "রায়", "ইসলাম"]),
    Locale(
      given: ["தமிழ்செல்வன்", "சுப்பிரமணிய", "கமல்", "ஸ்ரீதேவி"],
      family: ["பாரதி", "ஹாசன்", "இளையராஜா"]),
    Locale(given: ["ශ්‍රී", "කුමාර", "මහින්ද", "චන්ද්‍රිකා"], family: ["සංගක්කාර", "රාජපක්ෂ", "බණ්ඩාරනායක"]),
    Locale(given: ["สมชาย", "ณัฐวุฒิ", "ภูมิพล", "สุดา"], family: ["ใจดี", "อดุลยเดช", "ศรีสุข"]),
    Locale(
      given: ["小龙", "泽东", "學友", "杰倫", "秀英", "伟"], family: ["李", "毛", "張", "周", "王", "欧阳"],
      familyFirstJoined: true),
    Locale(
      given: ["花子", "太郎", "一郎", "みすゞ", "あゆみ", "ケンジ"],
      family: ["佐藤", "山田", "鈴木", "佐々木", "野々村", "宮崎"], familyFirstJoined: true),
    Locale(
      given: ["민준", "서연", "지성", "흥민", "연아"], family: ["김", "이", "박", "손", "최"],
      familyFirstJoined: true),
  ]

  /// Every given name with every family name, in every locale.
  static func sample() -> [String] {
    var names: [String] = []
    for locale in locales {
      for given in locale.given {
        for family in locale.family {
          names.append(locale.familyFirstJoined ? family + given : given + " " + family)
          names.append(given)
        }
      }
    }
    // Repeat so the sample reaches a few thousand names, as an import would see them.
    return Array(repeating: names, count: 8).flatMap { $0 }
  }

  /// Whether a name is written in the Latin script (ASCII or Latin letters with diacritics).
  static func isLatin(_ name: String) -> Bool {
    name.unicodeScalars.allSatisfy { $0.value < 0x0370 || (0x1E00...0x1EFF).contains($0.value) }
  }
}
