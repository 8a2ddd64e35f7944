/// The words of a language that mark where a phrase starts or does not end, for choosing
/// line breaks: a line is better broken before a conjunction or preposition ("and", "because",
/// "with"), and should not end with an article, a possessive, a preposition or a conjunction
/// ("the", "my", "of", "and"). Lowercase; a language not listed has no words, and its lines
/// are broken by punctuation and balance alone.
struct PhraseWords: Sendable {
  /// Words a line may well start with.
  var breakBefore: Set<String> = []
  /// Words a line should not end with: they belong with the word after them.
  var keepWithNext: Set<String> = []

  /// The words of a primary language subtag (`en`).
  init(language: String?) {
    switch language {
    case "en":
      breakBefore = [
        "and", "but", "or", "nor", "so", "yet", "because", "that", "which", "who", "whom",
        "whose", "where", "when", "while", "if", "unless", "although", "though", "since",
        "until", "than", "whether", "to", "of", "in", "on", "at", "with", "for", "from", "by",
        "about", "into", "onto", "over", "under", "after", "before", "without", "through",
        "between", "like",
      ]
      keepWithNext = [
        "a", "an", "the", "my", "your", "his", "her", "its", "our", "their", "this", "these",
        "those", "and", "but", "or", "nor", "of", "to", "in", "on", "at", "with", "for", "from",
        "by", "into", "onto", "about", "i", "mr.", "mrs.", "ms.", "dr.", "prof.", "st.", "mt.",
      ]
    case "fr":
      breakBefore = [
        "et", "mais", "ou", "donc", "car", "ni", "que", "qui", "quand", "parce", "pour", "avec",
        "dans", "sur", "sans", "chez", "comme", "si", "lorsque", "puisque",
      ]
      keepWithNext = [
        "le", "la", "les", "un", "une", "des", "du", "de", "au", "aux", "mon", "ma", "mes",
        "ton", "ta", "tes", "son", "sa", "ses", "notre", "votre", "leur", "leurs", "ce", "cet",
        "cette", "ces", "et", "ou", "je", "tu", "il", "elle", "on", "nous", "vous", "ils",
        "elles", "ne", "m.", "mme",
      ]
    case "es":
      breakBefore = [
        "y", "e", "o", "u", "pero", "sino", "porque", "que", "quien", "cuando", "donde", "como",
        "si", "para", "con", "sin", "en", "de", "por", "desde", "hasta",
      ]
      keepWithNext = [
        "el", "la", "los", "las", "un", "una", "unos", "unas", "lo", "al", "del", "mi", "mis",
        "tu", "tus", "su", "sus", "de", "en", "con", "por", "para", "y", "o", "que",
      ]
    case "pt":
      breakBefore = [
        "e", "mas", "ou", "porque", "que", "quem", "quando", "se", "com", "para", "por", "de",
        "em", "sem",
      ]
      keepWithNext = [
        "o", "a", "os", "as", "um", "uma", "de", "do", "da", "dos", "das", "em", "no", "na",
        "com", "para", "e", "meu", "minha", "seu", "sua",
      ]
    case "it":
      breakBefore = [
        "e", "ma", "o", "perché", "che", "chi", "quando", "se", "con", "per", "di", "in", "su",
        "da", "senza",
      ]
      keepWithNext = [
        "il", "lo", "la", "i", "gli", "le", "un", "uno", "una", "di", "a", "da", "in", "con",
        "su", "per", "e", "che", "mio", "mia", "suo", "sua",
      ]
    case "de":
      breakBefore = [
        "und", "aber", "oder", "denn", "sondern", "weil", "dass", "ob", "wenn", "als", "wie",
        "mit", "für", "von", "zu", "nach", "bei", "aus", "über", "unter", "ohne",
      ]
      keepWithNext = [
        "der", "die", "das", "den", "dem", "des", "ein", "eine", "einen", "einem", "einer",
        "eines", "mein", "meine", "dein", "deine", "sein", "seine", "ihr", "ihre", "und", "oder",
        "mit", "für", "von", "zu", "nach", "bei", "aus",
      ]
    default:
      break
    }
  }
}
