/// The words generated cues are made of: English, Korean and Japanese, as UTF-8.
enum CaptionVocabulary {
  static let english: [[UInt8]] = utf8([
    "the", "a", "you", "I", "we", "they", "it", "this", "that", "what", "where", "when", "why",
    "how", "is", "are", "was", "were", "be", "have", "had", "do", "did", "don't", "can't",
    "won't", "know", "think", "want", "need", "go", "going", "come", "back", "here", "there",
    "now", "then", "just", "really", "never", "always", "maybe", "right", "okay", "yes", "no",
    "please", "sorry", "thank", "thanks", "time", "people", "way", "day", "night", "morning",
    "home", "house", "car", "door", "money", "work", "friend", "mother", "father", "kids",
    "something", "nothing", "everything", "anyone", "nobody", "tell", "told", "say", "said",
    "look", "see", "saw", "hear", "listen", "wait", "stop", "run", "help", "find", "found",
    "take", "give", "make", "made", "call", "called", "believe", "remember", "forget", "leave",
    "stay", "with", "without", "about", "from", "into", "over", "after", "before", "again",
    "still", "already", "very", "too", "much", "more", "little", "big", "good", "bad", "new",
    "old", "long", "last", "first", "next", "other", "same", "all", "every", "my", "your",
    "our", "their", "his", "her", "me", "him", "us", "them", "and", "but", "or", "if",
    "because", "so", "of", "to", "in", "on", "at", "for", "by", "not", "all", "world",
    "tonight", "tomorrow", "yesterday", "coffee", "phone", "city", "river", "window", "story",
  ])

  static let englishCapitalized: [[UInt8]] = english.map { word in
    guard let first = word.first, first >= 0x61, first <= 0x7A else { return word }
    return [first - 0x20] + word.dropFirst()
  }

  static let korean: [[UInt8]] = utf8([
    "안녕하세요", "감사합니다", "지금", "어디", "가요", "우리는", "함께", "집에", "사랑해",
    "괜찮아요", "정말", "오늘", "내일", "친구", "이야기", "시간이", "없어요", "무엇을", "하고",
    "싶어요", "빨리", "와요", "그래서", "아니요", "네", "잠깐만요", "여기", "저기", "모두",
    "다시", "처음", "마지막", "어머니", "아버지", "학교", "회사", "밥", "먹었어요", "알겠어요",
    "모르겠어요", "기다려", "조심해", "도와주세요", "문", "창문", "비가", "와요", "좋아요",
  ])

  static let japanese: [[UInt8]] = utf8([
    "こんにちは", "ありがとう", "今日は", "大丈夫", "行きましょう", "本当に", "何を", "待って",
    "友達", "時間がない", "どこへ", "私たちは", "一緒に", "家に帰ろう", "すみません", "分かった",
    "お母さん", "お父さん", "学校", "会社", "雨が", "降っている", "ちょっと", "もう一度",
    "最初に", "最後に", "みんな", "ここで", "あそこ", "気をつけて", "助けて", "知らない",
    "食べた", "見て", "聞いて", "行こう", "来て", "東京", "明日", "昨日", "電話", "窓",
  ])

  static let japanesePunctuation: [[UInt8]] = utf8(["、", "。", "！", "？", "…"])
  static let koreanPunctuation: [[UInt8]] = utf8([".", "?", "!", "..."])
  static let englishPunctuation: [[UInt8]] = utf8([".", ".", ".", "?", "!", ",", "..."])

  static let speakers: [[UInt8]] = utf8([
    "Anna", "Ben", "Carlos", "Dana", "Min-jun", "Yuki", "Narrator", "Dr. Kim", "Officer Reyes",
  ])

  static let cueSettings: [[UInt8]] = utf8([
    "line:10%", "line:0 align:start", "position:20% align:start", "align:start",
    "line:85% position:50% align:center", "size:80% align:end",
  ])

  static let styleBlock: [UInt8] = Array(
    """
    STYLE
    ::cue {
      font-family: "Noto Sans", "Noto Sans CJK KR", sans-serif;
      background-color: rgba(0, 0, 0, 0.8);
    }
    ::cue(.yellow) {
      color: yellow;
    }


    """.utf8)

  private static func utf8(_ words: [String]) -> [[UInt8]] {
    words.map { Array($0.utf8) }
  }
}
