/// Which address an `<img>` really shows. Feeds copy pages that load images lazily: the
/// real address sits in `data-src` (or `data-lazy-src`, `data-original`) behind a tiny
/// `data:` placeholder in `src`, or only in a `srcset`. In order:
///
/// 1. `src` when it is an `http(s)` address;
/// 2. the lazy-loading attributes;
/// 3. the best candidate of `srcset` or `data-srcset` (`ImageSource.best(in:)`);
/// 4. `src` as an inline `data:image/…`, which may be a real (small) image.
enum ImageSource {
    private static let lazyAttributes = ["data-src", "data-lazy-src", "data-original"]
    private static let srcsetAttributes = ["srcset", "data-srcset"]

    /// The address to show, from the element's attributes (`attribute(name)`), resolved
    /// against `base`; nil when none is safe.
    static func pick(base: String?, attribute: (String) -> String?) -> String? {
        func web(_ raw: String?) -> String? {
            guard let raw, let url = ArticleURL.image(raw, base: base), ArticleURL.scheme(of: url) != "data" else { return nil }
            return url
        }
        if let url = web(attribute("src")) { return url }
        for name in lazyAttributes { if let url = web(attribute(name)) { return url } }
        for name in srcsetAttributes { if let url = web(attribute(name).flatMap { best(in: $0) }) { return url } }
        return attribute("src").flatMap { ArticleURL.image($0, base: base) }
    }

    /// The candidate of a `srcset` to show in a reading column: with width descriptors,
    /// the narrowest at least `wanted` pixels wide (else the widest); with densities, the
    /// highest up to 2x (else the lowest). Nil for an empty set.
    static func best(in srcset: String, wanted: Double = 1200) -> String? {
        let candidates = parse(srcset)
        let widths = candidates.compactMap { candidate in candidate.width.map { (url: candidate.url, width: $0) } }
        if !widths.isEmpty {
            let wide = widths.filter { $0.width >= wanted }.min { $0.width < $1.width }
            return (wide ?? widths.max { $0.width < $1.width })?.url
        }
        let densities = candidates.map { (url: $0.url, density: $0.density ?? 1) }
        let sharp = densities.filter { $0.density <= 2 }.max { $0.density < $1.density }
        return (sharp ?? densities.min { $0.density < $1.density })?.url
    }

    struct Candidate: Equatable {
        var url: String
        var width: Double?
        var density: Double?
    }

    /// The candidates of a `srcset`, as the HTML standard splits them: an address is a run
    /// without spaces (it may hold commas); its descriptors run to the next comma.
    /// Candidates with descriptors that mean nothing are dropped.
    static func parse(_ srcset: String) -> [Candidate] {
        var candidates: [Candidate] = []
        var rest = Substring(srcset)
        while true {
            rest = rest.drop { $0.isWhitespace || $0 == "," }
            guard !rest.isEmpty else { return candidates }
            var url = rest.prefix { !$0.isWhitespace }
            rest = rest.dropFirst(url.count)
            var descriptors: Substring = ""
            if url.hasSuffix(",") {
                while url.hasSuffix(",") { url = url.dropLast() }   // no descriptors
            } else {
                descriptors = rest.prefix { $0 != "," }
                rest = rest.dropFirst(descriptors.count)
            }
            if let candidate = candidate(String(url), descriptors) { candidates.append(candidate) }
        }
    }

    private static func candidate(_ url: String, _ descriptors: Substring) -> Candidate? {
        var candidate = Candidate(url: url)
        for token in descriptors.split(whereSeparator: \.isWhitespace) {
            guard let unit = token.last, let value = Double(token.dropLast()), value.isFinite, value > 0 else { return nil }
            switch unit {
            case "w": candidate.width = value
            case "x": candidate.density = value
            case "h": continue   // a height hint, used only with a width
            default: return nil
            }
        }
        if candidate.width != nil && candidate.density != nil { return nil }
        return candidate
    }
}
