/// A run of text inside a block of a sanitized article (see `ArticleDocument`).
public enum ArticleInline: Sendable, Equatable {
    /// Text, whitespace already collapsed as a browser would.
    case text(String)
    /// `<em>`, `<i>`, `<cite>`, `<dfn>`, `<var>`.
    indirect case emphasis([ArticleInline])
    /// `<strong>`, `<b>`.
    indirect case strong([ArticleInline])
    /// `<code>`, `<kbd>`, `<samp>`, `<tt>` outside `<pre>` (whitespace collapsed).
    case code(String)
    /// `<a href>` with an absolute `http`, `https`, `mailto`, `ftp` or `tel` URL.
    indirect case link(url: String, children: [ArticleInline])
    /// `<br>`.
    case lineBreak
    /// `<s>`, `<strike>`, `<del>`.
    indirect case strikethrough([ArticleInline])
    /// `<sub>`.
    indirect case `subscript`([ArticleInline])
    /// `<sup>`.
    indirect case superscript([ArticleInline])
}
