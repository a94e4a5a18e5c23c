/// Which URLs may appear in a sanitized article, made absolute.
enum ArticleURL {
    /// A link target: `http`, `https`, `mailto`, `ftp` or `tel`, resolved against `base`;
    /// nil for anything else (`javascript:`, `data:`, `vbscript:`, `file:`…).
    static func link(_ raw: String, base: String?) -> String? {
        guard let url = resolved(raw, base: base) else { return nil }
        let scheme = self.scheme(of: url)
        return ["http", "https", "mailto", "ftp", "tel"].contains(scheme) ? url : nil
    }

    /// A player's or framed page's address: `http` or `https` only.
    static func embed(_ raw: String, base: String?) -> String? {
        guard let url = resolved(raw, base: base) else { return nil }
        return ["http", "https"].contains(scheme(of: url)) ? url : nil
    }

    /// An image source: `http`, `https` or a `data:image/…` URL (not SVG, which can
    /// carry script), resolved against `base`.
    static func image(_ raw: String, base: String?) -> String? {
        guard let url = resolved(raw, base: base) else { return nil }
        switch scheme(of: url) {
        case "http", "https": return url
        case "data":
            let lower = url.prefix(32).lowercased()
            return lower.hasPrefix("data:image/") && !lower.hasPrefix("data:image/svg") ? url : nil
        default: return nil
        }
    }

    /// Browsers ignore tabs and newlines inside URLs and trim spaces and controls around
    /// them, so `java\tscript:` is `javascript:`; do the same before judging the scheme.
    private static func resolved(_ raw: String, base: String?) -> String? {
        let trimmed: String
        if let first = raw.utf8.first, let last = raw.utf8.last, first > 0x20, last > 0x20,
           !raw.utf8.contains(where: { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) {
            trimmed = raw // as nearly every address is: nothing to take out
        } else {
            trimmed = String(String.UnicodeScalarView(raw.unicodeScalars.filter { $0 != "\t" && $0 != "\n" && $0 != "\r" }))
                .trimmingControlsAndSpaces()
        }
        guard !trimmed.isEmpty, !trimmed.hasPrefix("#") || base != nil else { return nil }
        return URLResolver.resolve(trimmed, against: base)
    }

    /// The lowercased scheme of an absolute URL ("" when it has none).
    static func scheme(of url: String) -> String {
        guard URLResolver.isAbsolute(url), let colon = url.firstIndex(of: ":") else { return "" }
        return url[..<colon].lowercased()
    }
}

extension String {
    /// Without leading and trailing C0 controls and spaces.
    func trimmingControlsAndSpaces() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { $0.value > 0x20 }),
              let last = scalars.lastIndex(where: { $0.value > 0x20 }) else { return "" }
        return String(scalars[first...last])
    }
}
