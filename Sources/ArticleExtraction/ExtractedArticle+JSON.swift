import FeedParsing

extension ExtractedArticle {
    /// The JSON `--extract-article` prints (keys always present, in this order; absent
    /// values `null`): title, byline, published, site_name, lang, dir, lead_image, text, html.
    public var json: String {
        let out = JSONWriter()
        out.object {
            out.key("title"); out.string(title)
            out.key("byline"); out.string(byline)
            out.key("published"); out.string(published)
            out.key("site_name"); out.string(siteName)
            out.key("lang"); out.string(language)
            out.key("dir"); out.string(direction)
            out.key("lead_image"); out.string(leadImage)
            out.key("text"); out.string(text)
            out.key("html"); out.string(document.html)
        }
        return out.text
    }
}
