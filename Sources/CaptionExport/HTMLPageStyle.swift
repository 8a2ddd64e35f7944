/// Stylesheet pieces every HTML page captionkit writes shares: the box model, the text size
/// and font, and the skip link. Each page adds its colour scheme (`--bg`, `--fg`) and its own
/// rules.
enum HTMLPageStyle {
  /// Box model, text size that follows the user's setting, and the body's colours and font.
  static let base = """
    *{box-sizing:border-box}
    html{font-size:100%;-webkit-text-size-adjust:100%;text-size-adjust:100%}
    body{margin:0;background:var(--bg);color:var(--fg);\
    font:1rem/1.6 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif;\
    text-align:start}
    """

  /// The skip link: out of sight until it has the focus, then framed at the top.
  static let skipLink = """
    .skip{position:absolute;inset-inline-start:.5rem;top:-10rem;background:var(--bg);\
    border:2px solid var(--fg);border-radius:.25rem;padding:.5rem .75rem;z-index:1}
    .skip:focus{top:.5rem}
    """
}
