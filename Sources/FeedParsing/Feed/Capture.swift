/// Where the text of the element being captured will go once the element ends.
enum CaptureTarget {
    case feedTitle, feedLink, feedDescription, feedLanguage, feedUpdated, feedPublished
    case feedIcon, feedLogo, feedImageURL
    case entryID, entryGuid, entryTitle, entryLink, entryPublished, entryUpdated
    case entrySummary, entryContent, entryCategory, entryTags
    case episodeDuration, episodeSeason, episodeNumber
    case personName, personEmail, personURI
    case authorText
}

/// How a text construct is written, from its `type` / `mode` attributes (Atom)
/// or guessed (RSS).
enum TextKind {
    /// Plain text (Atom `type="text"`, dates, ids, links).
    case text
    /// Escaped HTML (Atom `type="html"`, `content:encoded`).
    case html
    /// Inline XHTML: child elements are serialised back into markup.
    case xhtml
    /// Atom 0.3 `mode="base64"`.
    case base64
    /// RSS: HTML when it looks like HTML (feedparser's rule), otherwise text.
    case guess
}

/// The element whose text is being accumulated.
struct Capture {
    var target: CaptureTarget
    /// The element depth where the capture began; it ends with that element.
    var depth: Int
    var kind: TextKind
    /// The xml:base in force on the captured element (for relative links).
    var base: String?
    /// Depth of an XHTML `<div>` wrapper to leave out of the serialised markup.
    var wrapperDepth: Int?
}
