extension ScriptProfile {
  /// Languages of windows-1252: letters outside ASCII, most frequent first.
  static let western = [
    alphabet("fr", .latin, "éàèêçôîâûùëïœüÿæ"),
    alphabet("de", .latin, "äüößé"),
    alphabet("es", .latin, "óíáéñúü"),
    alphabet("pt", .latin, "ãçéáóíêõâúôàü"),
    alphabet("it", .latin, "àèéìòùóí"),
    alphabet("nl", .latin, "ëéïöüèó"),
    alphabet("sv", .latin, "äåöé"),
    alphabet("da", .latin, "øåæé"),
    alphabet("fi", .latin, "äöå"),
    alphabet("is", .latin, "áðíóéúþæöý"),
    alphabet("ca", .latin, "àèéíòóúçïü"),
  ]

  /// Languages of windows-1250 and ISO-8859-2.
  static let central = [
    alphabet("pl", .latin, "ęąółśżćńź"),
    alphabet("cs", .latin, "íáéěýčřžšůúňťďó"),
    alphabet("sk", .latin, "áíéýäčžšúľôňťďóĺŕ"),
    alphabet("hu", .latin, "éáőöóíüúű"),
    alphabet("sl", .latin, "čšž"),
    alphabet("hr", .latin, "čćšžđ"),
    alphabet("ro", .latin, "ăâîşţșț"),
    alphabet("sq", .latin, "ëç"),
    alphabet("de", .latin, "äüößé"),
  ]

  /// Languages of windows-1251 and ISO-8859-5.
  static let cyrillic = [
    alphabet("ru", .cyrillic, "оеаинтсрвлкмдпуяыьгзбчйхжшюцщэфъё"),
    alphabet("uk", .cyrillic, "оанивртеськлудмпязьбгчхйжцшюєїфщґ"),
    alphabet("bg", .cyrillic, "оаеинтрсвлкдпмзяъубгчйжцшщхфюь"),
    alphabet("sr", .cyrillic, "аоиенстјрвукдлмпзгбшчћжцхњљђфџ"),
    alphabet("mk", .cyrillic, "аоеинтсрвдкјлпмзугбшчцжќхѓњљфџѕ"),
    alphabet("be", .cyrillic, "аонырістевклдмпуязьбгчйхжшцўюфёэ"),
  ]

  /// Greek, for windows-1253 and ISO-8859-7.
  static let greek = [
    alphabet("el", .greek, "αοιετνσηυρπκμλίόάέγςδήύθχώφβξζψϊΐϋΰ")
  ]

  /// Turkish, for windows-1254.
  static let turkish = [
    alphabet("tr", .latin, "ışğüçöâîûéİ")
  ]

  /// Hebrew and Yiddish, for windows-1255 and ISO-8859-8; the points come last.
  static let hebrew = [
    alphabet(
      "he", .hebrew,
      "יוהמלארתבנשעכםדקחפסןגזצטךףץ\u{05B0}\u{05B4}\u{05B5}\u{05B6}\u{05B7}\u{05B8}\u{05B9}"
        + "\u{05BC}\u{05C1}\u{05C2}\u{05BB}\u{05B2}\u{05B3}\u{05B1}\u{05BF}\u{05BA}"),
    alphabet("yi", .hebrew, "אעיונרלטדשמהזקסגבכפחצצװױײ"),
  ]

  /// Arabic, Persian and Urdu, for windows-1256; the harakat come last.
  static let arabic = [
    alphabet(
      "ar", .arabic,
      "الیيمونهربتعدفكسقحجةىذشصزخطضثغظءأإآؤئ\u{064E}\u{0650}\u{064F}\u{0652}\u{0651}\u{064B}"
        + "\u{064C}\u{064D}"),
    alphabet("fa", .arabic, "اییرنودمهتبلسکشزفگخقعجپحچطصآضذژغثظئأء"),
    alphabet("ur", .arabic, "ایےنرکوہمتلسدبںیھجگپشعقفخحزچٹڑڈصطضذثغظژئآ"),
  ]
}
