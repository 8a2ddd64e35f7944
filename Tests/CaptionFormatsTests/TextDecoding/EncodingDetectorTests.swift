import CaptionCore
import CaptionFormats
import Testing

/// Legacy files named without a language (`legacy.srt`): the encoding comes from the content.
@Suite("EncodingDetector")
struct EncodingDetectorTests {
  struct Case: Sendable, CustomTestStringConvertible {
    /// The `iconv` name the test encodes with.
    var iconvName: String
    /// The encodings whose decoding counts as right.
    var accepted: [TextEncoding]
    var lines: [String]
    var testDescription: String { iconvName }
  }

  static let korean = [
    "어디 갔었어? 하루 종일 전화했잖아.",
    "미안해, 휴대폰 배터리가 다 됐어.",
    "괜찮아. 그런데 저녁은 먹었어?",
    "아직. 같이 뭐 좀 먹으러 갈까?",
    "좋아, 근처에 새로 생긴 식당이 있대.",
  ]

  static let japanese = [
    "どこに行ってたの？ずっと待ってたんだよ。",
    "ごめん、電車が遅れてしまって。",
    "まあいいわ。お腹すいてない？",
    "うん、何か食べに行こうか。",
    "駅の近くに新しいラーメン屋ができたって。",
  ]

  static let russian = [
    "Где ты был всю ночь? Я звонила тебе десять раз.",
    "Прости, у меня сел телефон.",
    "Ладно. Ты хоть поужинал?",
    "Ещё нет. Может, сходим куда-нибудь вместе?",
    "Давай. Говорят, рядом открылось новое кафе.",
  ]

  static let ukrainian = [
    "Де ти був усю ніч? Я дзвонила тобі десять разів.",
    "Вибач, у мене сів телефон.",
    "Ще ні. Може, підемо кудись разом поїсти?",
    "Давай. Кажуть, поруч відкрилося нове кафе, її там чекають.",
  ]

  static let cases = [
    Case(iconvName: "CP949", accepted: [.cp949], lines: korean),
    Case(iconvName: "EUC-KR", accepted: [.cp949], lines: korean),
    Case(iconvName: "CP932", accepted: [.shiftJIS], lines: japanese),
    Case(iconvName: "EUC-JP", accepted: [.eucJP], lines: japanese),
    Case(iconvName: "KOI8-R", accepted: [.koi8R], lines: russian),
    Case(iconvName: "KOI8-U", accepted: [.koi8U], lines: ukrainian),
    Case(
      iconvName: "GB18030", accepted: [.gb18030],
      lines: [
        "你去哪儿了？我等了你一整天。",
        "对不起，我的手机没电了。",
        "没关系。你吃晚饭了吗？",
        "还没有。我们一起去吃点东西吧。",
        "好啊，听说附近新开了一家餐厅。",
      ]),
    Case(
      iconvName: "BIG5", accepted: [.big5],
      lines: [
        "你去哪裡了？我等了你一整天。",
        "對不起，我的手機沒電了。",
        "沒關係。你吃晚飯了嗎？",
        "還沒有。我們一起去吃點東西吧。",
        "好啊，聽說附近新開了一家餐廳。",
      ]),
    Case(
      iconvName: "WINDOWS-1250", accepted: [.windows1250],
      lines: [
        "Gdzie byłeś całą noc? Dzwoniłam do ciebie dziesięć razy.",
        "Przepraszam, rozładował mi się telefon.",
        "Dobrze. Zjadłeś już kolację?",
        "Jeszcze nie. Może pójdziemy gdzieś razem coś zjeść?",
        "Chętnie. Podobno niedaleko otworzyli nową kawiarnię.",
      ]),
    Case(
      iconvName: "ISO-8859-2", accepted: [.iso88592],
      lines: [
        "Kde jsi byl celou noc? Volala jsem ti desetkrát.",
        "Promiň, vybil se mi telefon.",
        "Dobře. Už jsi večeřel?",
        "Ještě ne. Nepůjdeme spolu něco sníst?",
        "Jasně. Prý tady blízko otevřeli novou kavárnu, žádná fronta.",
      ]),
    Case(iconvName: "WINDOWS-1251", accepted: [.windows1251], lines: russian),
    Case(
      iconvName: "ISO-8859-5", accepted: [.iso88595],
      lines: [
        "Къде беше цяла нощ? Звъних ти десет пъти.",
        "Съжалявам, телефонът ми се изтощи.",
        "Добре. Вечеря ли вече?",
        "Още не. Да отидем да хапнем нещо заедно?",
        "Хайде. Казват, че наблизо е отворило ново кафене.",
      ]),
    Case(
      iconvName: "WINDOWS-1252", accepted: [.windows1252],
      lines: [
        "Où étais-tu toute la nuit ? Je t’ai appelé dix fois.",
        "Désolé, mon téléphone n’avait plus de batterie.",
        "Bon. Tu as déjà dîné ?",
        "Pas encore. On va manger quelque chose ensemble ?",
        "D’accord. Il paraît qu’un nouveau café a ouvert près d’ici.",
      ]),
    Case(
      iconvName: "WINDOWS-1253", accepted: [.windows1253],
      lines: [
        "Πού ήσουν όλη τη νύχτα; Σε πήρα δέκα φορές.",
        "Συγγνώμη, μου τελείωσε η μπαταρία.",
        "Άσε το. Έφαγες βραδινό;",
        "Όχι ακόμα. Πάμε να φάμε κάτι μαζί;",
        "Πάμε. Λένε ότι άνοιξε ένα καινούργιο καφέ εδώ κοντά.",
      ]),
    Case(
      iconvName: "ISO-8859-7", accepted: [.iso88597],
      lines: [
        "Άκου, δεν έχουμε πολύ χρόνο.",
        "Τι εννοείς; Τι συνέβη;",
        "Η αστυνομία είναι ήδη καθ’ οδόν.",
        "Πρέπει να φύγουμε αμέσως από εδώ.",
      ]),
    Case(
      iconvName: "WINDOWS-1254", accepted: [.windows1254],
      lines: [
        "Bütün gece neredeydin? Seni on kez aradım.",
        "Özür dilerim, telefonumun şarjı bitti.",
        "Tamam. Akşam yemeği yedin mi?",
        "Henüz değil. Birlikte bir şeyler yiyelim mi?",
        "Olur. Yakınlarda yeni bir kafe açılmış diyorlar.",
      ]),
    Case(
      iconvName: "WINDOWS-1255", accepted: [.windows1255, .iso88598],
      lines: [
        "איפה היית כל הלילה? התקשרתי אליך עשר פעמים.",
        "סליחה, נגמרה לי הסוללה בטלפון.",
        "בסדר. אכלת כבר ארוחת ערב?",
        "עוד לא. אולי נלך לאכול משהו ביחד?",
        "בוא. אומרים שנפתח בית קפה חדש ליד התחנה.",
      ]),
    Case(
      iconvName: "ISO-8859-8", accepted: [.windows1255, .iso88598],
      lines: [
        "מה קרה? למה אתה רטוב?",
        "ירד גשם חזק בדרך הביתה.",
        "תחליף בגדים, אני אכין לך תה.",
      ]),
    Case(
      iconvName: "WINDOWS-1252", accepted: [.windows1252],
      lines: [
        "Wo warst du die ganze Nacht? Ich habe dich zehnmal angerufen.",
        "Entschuldigung, mein Akku war leer.",
        "Schon gut. Hast du schon gegessen?",
        "Gleich um die Ecke hat ein neues Café aufgemacht. Größer als das alte.",
      ]),
    Case(
      iconvName: "WINDOWS-1250", accepted: [.windows1250],
      lines: [
        "Hol voltál egész éjjel? Tízszer hívtalak.",
        "Bocsánat, lemerült a telefonom.",
        "Még nem. Elmenjünk valahová enni?",
        "Persze. Azt mondják, nyílt egy új kávézó a közelben, ő is ott dolgozik.",
      ]),
    Case(iconvName: "WINDOWS-1251", accepted: [.windows1251], lines: ukrainian),
    Case(
      iconvName: "WINDOWS-1256", accepted: [.windows1256],
      lines: [
        "کجا بودي تمام شب؟ ده بار بهت زنگ زدم.",
        "ببخشيد، باتري گوشيم تمام شد.",
        "هنوز نه. بريم با هم يه چيزي بخوريم؟",
      ]),
    Case(
      iconvName: "CP949", accepted: [.cp949],
      lines: ["ㅋㅋㅋ 진짜? 대박이다", "야, 너 어제 왜 안 왔어?", "아 미안 ㅠㅠ 일이 너무 많아서"]),
    Case(
      iconvName: "WINDOWS-1256", accepted: [.windows1256],
      lines: [
        "أين كنت طوال الليل؟ اتصلت بك عشر مرات.",
        "آسف، نفدت بطارية هاتفي.",
        "حسناً. هل تناولت العشاء؟",
        "ليس بعد. هل نذهب لنأكل شيئاً معاً؟",
        "هيا. يقولون إن مقهى جديداً فتح بالقرب من هنا.",
      ]),
  ]

  func firstMessage(_ decoded: DecodedText) -> String? { decoded.diagnostics.first?.message }

  /// The confidence a message gives, from `confidence 0.93)`.
  func confidenceValue(in message: String) -> Double? {
    guard let range = message.range(of: "confidence ") else { return nil }
    return Double(message[range.upperBound...].prefix { $0 != ")" })
  }

  @Test(arguments: cases)
  func legacyFileWithoutLanguageDecodesToItsText(_ test: Case) throws {
    let text = LegacyEncoder.srt(test.lines)
    let bytes = try LegacyEncoder.encode(text, as: test.iconvName)
    let decoded = TextDecoding.decode(bytes, file: "legacy.srt")
    #expect(String(decoding: decoded.utf8, as: UTF8.self) == text)
    #expect(test.accepted.contains(decoded.encoding), "read as \(decoded.encoding)")
    #expect(decoded.diagnostics.count == 1)
    let first = try #require(decoded.diagnostics.first)
    #expect(first.severity == .warning)
    // On the first line with a character outside ASCII, where the first byte that is not
    // UTF-8 is.
    let lines = text.components(separatedBy: "\r\n")
    let line = try #require(lines.firstIndex { $0.unicodeScalars.contains { $0.value >= 0x80 } })
    #expect(first.location?.line == line + 1)
    let message = try #require(firstMessage(decoded))
    #expect(
      message.hasPrefix(
        "file is not UTF-8; decoded as \(decoded.encoding.rawValue) (guessed from the content, "
          + "confidence 0."))
    let confidence = try #require(confidenceValue(in: message))
    #expect(confidence >= 0.8, "\(message)")
  }

  @Test(arguments: [TextEncoding.utf16LE, .utf16BE])
  func utf16WithoutMarkIsGuessed(_ encoding: TextEncoding) throws {
    let text = LegacyEncoder.srt(Self.korean)
    let bytes = try LegacyEncoder.encode(text, as: encoding.rawValue)
    let decoded = TextDecoding.decode(bytes, file: "legacy.srt")
    #expect(decoded.encoding == encoding)
    #expect(String(decoding: decoded.utf8, as: UTF8.self) == text)
    #expect(
      decoded.diagnostics.map(\.compilerStyle) == [
        "legacy.srt:1:1: warning: file is not UTF-8; decoded as \(encoding.rawValue) (guessed "
          + "from the content, confidence 0.96) [parse.encoding]"
      ])
    // Some syllables (대 is U+B300) put a zero in the low byte: 4 % of the zeros.
    #expect(bytes.count > 256)
  }

  @Test func theExactMessageNamesTheGuessAndItsConfidence() throws {
    let bytes = try LegacyEncoder.encode(LegacyEncoder.srt(Self.korean), as: "CP949")
    let decoded = TextDecoding.decode(bytes, file: "legacy.srt")
    #expect(
      decoded.diagnostics.map(\.compilerStyle) == [
        "legacy.srt:3:1: warning: file is not UTF-8; decoded as CP949 (guessed from the "
          + "content, confidence 0.99) [parse.encoding]"
      ])
    #expect(
      decoded.diagnostics.first?.hint
        == "save the file as UTF-8, or name its encoding with --encoding")
  }

  @Test func aShortFileStillDecodesSensibly() throws {
    let cases = [
      ("Café ?", "WINDOWS-1252"), ("Да.", "WINDOWS-1251"), ("네.", "CP949"),
      ("はい。", "CP932"), ("是的。", "GB18030"), ("是的。", "BIG5"), ("نعم.", "WINDOWS-1256"),
      ("Teşekkürler.", "WINDOWS-1254"), ("Ευχαριστώ.", "ISO-8859-7"), ("Спасибо.", "ISO-8859-5"),
    ]
    for (text, name) in cases {
      let srt = LegacyEncoder.srt([text])
      let decoded = TextDecoding.decode(try LegacyEncoder.encode(srt, as: name))
      #expect(String(decoding: decoded.utf8, as: UTF8.self) == srt, "\(name)")
      let message = try #require(firstMessage(decoded))
      let confidence = try #require(confidenceValue(in: message))
      #expect(confidence > 0 && confidence <= 0.99, "\(message)")
    }
  }

  @Test func theLanguageDecidesWhenTheContentCannot() throws {
    // Czech ů and č are bytes F9 and E8 in windows-1250, ù and è in windows-1252: both
    // readings are plausible Latin text.
    let srt = LegacyEncoder.srt(["Kde je můj meč?"])
    let bytes = try LegacyEncoder.encode(srt, as: "WINDOWS-1250")
    let czech = TextDecoding.decode(bytes, language: LanguageTag("cs"))
    #expect(czech.encoding == .windows1250)
    #expect(String(decoding: czech.utf8, as: UTF8.self) == srt)
    let czechMessage = try #require(firstMessage(czech))
    #expect(
      czechMessage.hasPrefix(
        "file is not UTF-8; decoded as windows-1250 (guessed from the content and language cs, "
          + "confidence "))
    let french = TextDecoding.decode(bytes, language: LanguageTag("fr"))
    #expect(french.encoding == .windows1252)
    #expect(String(decoding: french.utf8, as: UTF8.self).contains("Kde je mùj meè?"))
  }

  @Test func aDoubtfulGuessNamesTheNextBest() throws {
    let srt = LegacyEncoder.srt(["Kde je můj meč?"])
    let decoded = TextDecoding.decode(try LegacyEncoder.encode(srt, as: "WINDOWS-1250"))
    // Without the language, the Latin reading wins, but not by much; the hint names the page
    // that reads the text as Czech.
    #expect(
      decoded.diagnostics.map(\.message) == [
        "file is not UTF-8; decoded as windows-1252 (guessed from the content, confidence 0.54)"
      ])
    #expect(
      decoded.diagnostics.first?.hint
        == "save the file as UTF-8, or name its encoding with --encoding (the next best guess "
        + "is windows-1250)")
  }

  @Test func clearContentWinsOverAWrongLanguage() throws {
    let text = LegacyEncoder.srt(Self.korean)
    let bytes = try LegacyEncoder.encode(text, as: "CP949")
    let decoded = TextDecoding.decode(bytes, language: LanguageTag("ja"))
    #expect(decoded.encoding == .cp949)
    #expect(String(decoding: decoded.utf8, as: UTF8.self) == text)
    #expect(firstMessage(decoded)?.contains("(guessed from the content, confidence") == true)
  }

  @Test func utf8IsNeverReported() {
    let text = LegacyEncoder.srt(Self.korean + ["Où étais-tu ? Где ты был?"])
    for language in [nil, LanguageTag("ko"), LanguageTag("ru")] {
      let decoded = TextDecoding.decode(Array(text.utf8), language: language)
      #expect(decoded.encoding == .utf8)
      #expect(decoded.diagnostics.isEmpty)
    }
  }

  @Test func onlyTheStartOfALargeFileIsRead() throws {
    var text = ""
    for index in 0..<4000 {
      text += "\(index + 1)\r\n00:00:01,000 --> 00:00:02,000\r\n\(Self.korean[index % 5])\r\n\r\n"
    }
    let bytes = try LegacyEncoder.encode(text, as: "CP949")
    #expect(bytes.count > 4 * EncodingDetector.sampleLimit)
    let guess = EncodingDetector.guess(bytes)
    #expect(guess.encoding == .cp949)
    let decoded = TextDecoding.decode(bytes)
    #expect(String(decoding: decoded.utf8, as: UTF8.self) == text)
  }
}
