/// The characters that make up most Korean, Japanese and Chinese dialogue, in two tiers: a
/// short list of the most frequent ones written here, and the "frequently used" level of
/// each national character set, read from `iconv` at first use (the Hangul of KS X 1001,
/// JIS X 0208 level 1, GB 2312 level 1, the frequent block of Big5).
enum CommonCharacters {
  static let korean = set(
    """
    이다는의에가하고지를을서도한기리로사자어나요니게아시수해대우그인라주보내일거야있것없면만들제
    정말부전무상소구세장데까여마오할잘했네뭐왜안못좀저너께날알같생각때와과줘봐죠걸건겠속은좋았었
    된될되돼걱금간람엄빠집밥물친늘씨워미감합진짜모르겠왔갔떻렇런럼게냐래면서던든려워요라고난넌널
    네요알겠습니다빨리어서괜찮아요누구언제어디무슨이야기들어와봐요오빠언니형님선생님여보세요당신
    응음흠헐예와휴쉿엉헉
    """)

  static let japanese = set(
    """
    日人一大年出本中子見国上分生行二間事思時気会十家女三前的方入小地合後目長場代私下立部学物月田
    何来彼話体動社知理山内同心発高実作当新世今書度明五戦力名金性対意用男主通関文屋感郎業定政持道
    外取所現手自言君俺僕待早帰食飲電車夜朝雨音全然丈夫好変悪死殺逃助少信聞開声顔友達先警察件誰
    何私達嫌怖急違返約束母父兄姉弟妹様殿
    """)

  static let simplified = set(
    """
    的一是不了人我在有他这个们中来上大为和国地到以说时要就出会可也你对生能而子那得于着下自之年过
    发后作里用道行所然家种事成方多经么去法学如都同现当没动面起看定天分还进好小部其些主样理心她本
    前开但因只从想实日军者意无力它与长把机十民第公此已工使情明性知全三又关点正业外将两高间由问很
    最重并物手应战向头文体政美相见被利什二等产或新己制身果加西月话合回特代内信表化老给世位次度门
    任常先海通教儿原东声提立及比员解水名真论处走义各入几口认条平系气题活更别打女变四神总何电数安
    少报才结反受目太量再感建务做接必场件计管期市直资命山金指许统区保至队形社便空决治展马科司五基
    眼书非则听白却界达光放强即像难且权思王象完设式色路记南品住告类求据程北边死张该交规万取拉格望
    觉术领共确传师观清今切院让识候带导争运笑飞风步改收根干造言联持组每车亲极林服快办议往元英士证
    近失转夫令准布始怎呢存未远叫台单影具字爱击流备兵连调深商算质团集百需价花党华城石级整府离况请
    技际约示复病息究线似官火断精满支视消越器容照须九增研写称企八功吗包片史委乎查轻易早曾除农找装
    广显吧阿李标谈吃图念六引历首医局突专费号尽另周较注语仅考落青随选列武红响虽推势参希古众构房半
    节土投某案黑维革划敌致陈律足态护七兴派孩验责营星够章音跟志底站严巴例防族供效续施留讲型料终答
    紧黄绝奇察母京段依批群项故按河米围江织害斗双境客纪采举杀攻父苏密低朝友诉止细愿千值仍男钱破网
    热助倒育属坐帝限船脸职速刻乐否刚威毛状率甚独球般普怕弹校苦创假久错承印晚兰试股拿脑预谁益阳若
    哪微尼继送急血惊伤素药适波夜省初喜卫源食险待述陆习置居劳财环排福纳欢雷警获模充负云停木游龙树
    疑层冷洲冲射略范竟句室异激汉村哈策演简卡罪判担州静退既衣您宗积余痛检差富灵协角占配征修皮挥胜
    降阶审沉坚善妈刘读啊超免压银买皇养伊怀执副乱抗犯追帮宣佛岁航优怪香著田铁控税左右份穿艺背阵草
    脚概恶块顿敢守酒岛托央户烈洋哥索胡款靠评版宝座释景顾弟登货互付伯慢欧换闻危忙核暗姐介坏讨丽良
    序升监临亮露永呼味野架域沙掉括舰鱼杂误湾吉减编楚肯测败屋跑梦散温困剑渐封救贵枪缺楼县尚毫移娘
    朋画班智亦耳恩短掌恐遗固席松秘谢鲁遇康虑幸均销钟诗藏赶剧票损忽巨炮旧端探湖录叶春乡附吸予礼港
    雨呀板庭妇归睛饭额含顺输摇招婚脱补谓督毒油疗旅泽材灭逐莫笔亡鲜词圣择寻厂睡博勒烟授诺伦岸奥唐
    卖俄炸载洛健堂旁宫喝借君禁阴园谋宋避抓荣姑孙逃牙束跳顶玉镇雪午练迫爷篇肉嘴馆遍凡础洞卷坦牛宁
    纸诸训私庄祖丝翻暴森塔默握戏隐熟骨访弱蒙歌店鬼软典欲萨伙遭盘爸扩盖弄雄稳忘亿刺拥徒姆杨齐赛趣
    曲刀床迎冰虚玩析窗醒妻透购替塞努休虎扬途侵刑绿兄迅套贸毕唯谷轮库迹尤竞街促延震弃甲伟麻川申缓
    哦嗯喂呃啦嘛呗咱俩晚上明天今天昨天谢谢对不起没关系
    """)

  static let traditional = set(
    """
    的一是不了人我在有他這個們中來上大為和國地到以說時要就出會可也你對生能而子那得於著下自之年過
    發後作裡用道行所然家種事成方多經麼去法學如都同現當沒動面起看定天分還進好小部其些主樣理心她本
    前開但因只從想實日軍者意無力它與長把機十民第公此已工使情明性知全三又關點正業外將兩高間由問很
    最重並物手應戰向頭文體政美相見被利什二等產或新己制身果加西月話合回特代內信表化老給世位次度門
    任常先海通教兒原東聲提立及比員解水名真論處走義各入幾口認條平系氣題活更別打女變四神總何電數安
    少報才結反受目太量再感建務做接必場件計管期市直資命山金指許統區保至隊形社便空決治展馬科司五基
    眼書非則聽白卻界達光放強即像難且權思王象完設式色路記南品住告類求據程北邊死張該交規萬取拉格望
    覺術領共確傳師觀清今切院讓識候帶導爭運笑飛風步改收根乾造言聯持組每車親極林服快辦議往元英士證
    近失轉夫令準布始怎呢存未遠叫台單影具字愛擊流備兵連調深商算質團集百需價花黨華城石級整府離況請
    技際約示復病息究線似官火斷精滿支視消越器容照須九增研寫稱企八功嗎包片史委乎查輕易早曾除農找裝
    廣顯吧阿李標談吃圖念六引歷首醫局突專費號盡另周較注語僅考落青隨選列武紅響雖推勢參希古眾構房半
    節土投某案黑維革劃敵致陳律足態護七興派孩驗責營星夠章音跟志底站嚴巴例防族供效續施留講型料終答
    緊黃絕奇察母京段依批群項故按河米圍江織害鬥雙境客紀採舉殺攻父蘇密低朝友訴止細願千值仍男錢破網
    熱助倒育屬坐帝限船臉職速刻樂否剛威毛狀率甚獨球般普怕彈校苦創假久錯承印晚蘭試股拿腦預誰益陽若
    哪微尼繼送急血驚傷素藥適波夜省初喜衛源食險待述陸習置居勞財環排福納歡雷警獲模充負雲停木遊龍樹
    疑層冷洲衝射略範竟句室異激漢村哈策演簡卡罪判擔州靜退既衣您宗積餘痛檢差富靈協角占配徵修皮揮勝
    降階審沉堅善媽劉讀啊超免壓銀買皇養伊懷執副亂抗犯追幫宣佛歲航優怪香著田鐵控稅左右份穿藝背陣草
    腳概惡塊頓敢守酒島託央戶烈洋哥索胡款靠評版寶座釋景顧弟登貨互付伯慢歐換聞危忙核暗姐介壞討麗良
    哦嗯喂呃啦嘛咱倆晚上明天今天昨天謝謝對不起沒關係
    """)

  /// The 2,350 Hangul syllables of KS X 1001 (EUC-KR rows 0xB0 to 0xC8).
  static let ksHangul = decodedPairs("EUC-KR", leads: 0xB0...0xC8, trails: [0xA1...0xFE])
  /// The 2,965 kanji of JIS X 0208 level 1 (EUC-JP rows 0xB0 to 0xCF).
  static let jisLevel1 = decodedPairs("EUC-JP", leads: 0xB0...0xCF, trails: [0xA1...0xFE])
  /// The 3,755 hanzi of GB 2312 level 1 (rows 0xB0 to 0xD7).
  static let gbLevel1 = decodedPairs("GB2312", leads: 0xB0...0xD7, trails: [0xA1...0xFE])
  /// The 5,401 frequently used hanzi of Big5 (0xA440 to 0xC67E).
  static let big5Frequent = decodedPairs(
    "BIG5", leads: 0xA4...0xC6, trails: [0x40...0x7E, 0xA1...0xFE])

  private static func set(_ text: String) -> Set<UInt32> {
    Set(text.unicodeScalars.filter { $0.value >= 0x80 }.map(\.value))
  }

  /// The characters `iconv` decodes each two-byte sequence of the given leads and trails to;
  /// empty when the system has no such converter.
  private static func decodedPairs(
    _ name: String, leads: ClosedRange<UInt8>, trails: [ClosedRange<UInt8>]
  ) -> Set<UInt32> {
    guard let converter = Iconv(from: name) else { return [] }
    var result = Set<UInt32>()
    var scratch = [UInt8](repeating: 0, count: 8)
    for lead in leads {
      for range in trails {
        for trail in range {
          converter.reset()
          let input = [lead, trail]
          let produced = input.withUnsafeBytes { inBytes in
            scratch.withUnsafeMutableBytes { outBytes -> Int in
              var inBuffer = inBytes
              var outBuffer = outBytes
              guard converter.convert(&inBuffer, into: &outBuffer) == .done else { return 0 }
              return outBytes.count - outBuffer.count
            }
          }
          let decoded = String(decoding: scratch[0..<produced], as: UTF8.self)
          if let scalar = decoded.unicodeScalars.first, decoded.unicodeScalars.count == 1 {
            result.insert(scalar.value)
          }
        }
      }
    }
    return result
  }
}
