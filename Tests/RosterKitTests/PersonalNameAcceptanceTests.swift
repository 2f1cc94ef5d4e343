import RosterKit
import Testing

/// Real names from many scripts, as people type them: each must pass unchanged.
enum RealNames {
  static let latin = [
    "Zoë Ångström", "José María Aznar", "François Mitterrand", "Łukasz Żółkiewski",
    "Søren Kierkegaard", "Þórunn Ásgeirsdóttir", "Ævar Þór Benediktsson", "Dvořák",
    "Nguyễn Thị Minh Khai", "Çağlar Söyüncü", "Gülşen Ağaoğlu", "Bjørn Dæhlie",
    "O’Brien", "O'Brien", "D’Angelo", "Mary-Kate O’Neill", "Jean-Luc Picard",
    "Ludwig van Beethoven", "Vincent van Gogh", "Ursula von der Leyen", "Seán Ó Súilleabháin",
    "Máire Ní Bhraonáin", "Leonardo da Vinci", "Charles de Gaulle", "Hans-Jürgen Müller",
    "Anne-Marie Sørensen-Lindqvist", "J. R. R. Tolkien", "Martin Luther King Jr.",
    "Kaʻiulani", "Liliʻuokalani", "Kamehameha ʻIolani", "Hawaiʻi Nei", "Ngũgĩ wa Thiongʼo",
    "ʿAbd al-Raḥmān", "Ibn Ḥazm", "Chiamaka Ọbáfẹ́mi", "Adébáyọ̀ Ògúnlẹ́sì", "Kwame Nkrumah",
    "Ɔkomfo Anɔkye", "Yaa Asantewaa", "Ama Ɛsi", "Nnamdi Azikiwe", "Şahin İnönü", "Ștefan cel Mare",
    "Ðorđe Balašević", "Ōtsuka Ōkawa", "Aroha Ngāta", "Te Rangi Hīroa", "Ifẹ́olúwa",
    "X Æ A-Xii", "Null", "O", "Ng", "Lê Văn Lương", "Trần Hưng Đạo", "Phạm Nhật Vượng",
  ]
  static let greek = [
    "Γιώργος Παπαδόπουλος", "Μαρία Καλλιόπη", "Ελένη Βενιζέλου", "Νίκος Καζαντζάκης",
    "Ἀριστοτέλης", "Σωκράτης", "Αλέξης Τσίπρας", "Ευαγγελία-Μαρία", "Ὅμηρος", "Ξανθή",
  ]
  static let cyrillic = [
    "Анна Каренина", "Фёдор Достоевский", "Лев Николаевич Толстой", "Мар’яна", "Мар'яна",
    "Ольга Кобилянська", "Їжак", "Ґалаґан", "Љубица Ђурић", "Џеврет Њего", "Ўлмас Ғафуров",
    "Анна-Мария", "Дзæуджыхъæу", "Сергей Прокофьев",
  ]
  static let armenian = [
    "Արամ Խաչատրյան", "Սոսե Մայրիկ", "Վարդան Մամիկոնյան", "Շառլ Ազնավուր", "Միքայել",
    "Հովհաննես Թումանյան", "Գայանե",
  ]
  static let georgian = [
    "შოთა რუსთაველი", "ნინო ბურჯანაძე", "ილია ჭავჭავაძე", "მერაბ მამარდაშვილი", "თამარ",
    "ზურაბ წერეთელი", "ნიკოლოზ ბარათაშვილი",
  ]
  static let hebrew = [
    "דוד בן־גוריון", "שׁמוּאֵל", "ג׳ורג׳", "רחל", "יִצְחָק רַבִּין", "גולדה מאיר", "צ׳רלי",
    "אליעזר בן-יהודה",
  ]
  static let arabic = [
    "محمد عبدالله", "فاطمة الزهراء", "عَلِيّ", "مُحَمَّد", "عبد الرحمن", "نجيب محفوظ",
    "أم كلثوم", "ابن سينا", "هند", "ليلى",
  ]
  static let persian = ["حسن‌زاده", "محمدی‌نژاد", "فرزانه", "علی‌اکبر", "کوروش", "مهسا امینی"]
  static let devanagari = [
    "अर्जुन शर्मा", "प्रियंका चोपड़ा", "श्रीनिवास", "कृष्ण", "लक्ष्मी", "ज़ाकिर हुसैन",
    "मोहनदास करमचंद गांधी", "क्‍ष",
  ]
  static let bengali = [
    "রবীন্দ্রনাথ ঠাকুর", "সত্যজিৎ রায়", "কাজী নজরুল ইসলাম", "শ্রাবন্তী", "সুচিত্রা সেন", "জীবনানন্দ দাশ", "ঋত্বিক ঘটক",
  ]
  static let tamil = ["தமிழ்செல்வன்", "சுப்பிரமணிய பாரதி", "கமல் ஹாசன்", "இளையராஜா", "ஸ்ரீதேவி", "அப்துல் கலாம்", "வள்ளுவர்"]
  static let telugu = ["వెంకటేశ్వర", "శ్రీనివాస రామానుజన్", "సావిత్రి", "చిరంజీవి", "ఎన్టీ రామారావు", "సుమన్", "పద్మజ"]
  static let sinhala = ["ශ්‍රී", "ශ්‍රී ලංකා", "කුමාර සංගක්කාර", "මහින්ද", "චන්ද්‍රිකා", "සුනිල් ආරියරත්න", "නිමල්"]
  static let thai = [
    "สมชาย ใจดี", "ภูมิพล อดุลยเดช", "ณัฐวุฒิ", "จุฬาลงกรณ์", "เด็กๆ", "ประยุทธ์ จันทร์โอชา", "มาลี",
  ]
  static let chinese = [
    "王", "李小龙", "毛泽东", "張學友", "列夫·托尔斯泰", "欧阳修", "诸葛亮", "司马迁", "周杰倫",
  ]
  static let japanese = [
    "佐藤 花子", "山田太郎", "鈴木 一郎", "佐々木", "野々村", "ジョン・スミス", "メアリー",
    "宮崎 駿", "あゆみ", "金子みすゞ", "ケンジ・ミヤザワ", "𠮷野 家康", "髙橋",
  ]
  static let korean = ["김민준", "이서연", "박지성", "세종대왕", "손흥민", "김 연아"]
  static let ethiopic = ["ኃይለ ሥላሴ", "አበበ ቢቂላ", "መለስ ዜናዊ", "ጥሩወርቅ", "ቴዎድሮስ", "ማርታ", "ዮሐንስ"]
  static let others = [
    "ᠴᠢᠩᠭᠢᠰ", "ཚེ་རིང", "ພູມີ ວົງວິຈິດ", "អង្គ ឌួង", "ꦱꦸꦏꦂꦤꦺ", "ᏌᏊ", "ᐃᓄᒃ",
  ]

  static let all =
    latin + greek + cyrillic + armenian + georgian + hebrew + arabic + persian + devanagari
    + bengali + tamil + telugu + sinhala + thai + chinese + japanese + korean + ethiopic + others
}

@Suite struct PersonalNameAcceptanceTests {
  @Test(arguments: RealNames.all)
  func acceptsRealNameUnchanged(_ name: String) {
    let verdict = Rule.personalName.validate(name)
    #expect(verdict == .valid(name), "\(verdict.refusal?.message ?? "")")
  }

  @Test(arguments: RealNames.all)
  func validationIsIdempotent(_ name: String) throws {
    let normalized = try #require(Rule.personalName.validate(name).normalized)
    #expect(Rule.personalName.validate(normalized) == .valid(normalized))
  }

  @Test func longNameOf256CharactersPasses() {
    let name = String(repeating: "Abcdefghijklmno ", count: 16).dropLast() + "p"
    #expect(name.count == 256)
    #expect(Rule.personalName.validate(String(name)).normalized == String(name))
  }

  @Test func combiningMarksUpToFourInARowPass() {
    let name = "Za\u{301}\u{302}\u{303}\u{304}"
    #expect(Rule.personalName.validate(name).normalized != nil)
  }
}
