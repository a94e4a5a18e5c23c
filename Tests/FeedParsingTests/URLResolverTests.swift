import Testing
@testable import FeedParsing

/// The direct join of plain relative links gives exactly what libxml2's resolution gives,
/// and everything else is left to libxml2.
@Suite struct URLResolverTests {
    static let bases = ["https://example.org/", "https://example.org", "http://example.org/blog/feed.xml",
                        "https://example.org/a/b/c?q=1#top", "https://user@example.org:8080/path/",
                        "https://example.org/a/./b/", "https://example.org/a/../b/x", "HTTPS://Example.org/a/",
                        "https://example.org/%7Euser/", "https://Example.ORG/", "https://example.org/a//b/", "ftp://example.org/pub/", "https://exa mple.org/x"]
    static let references = ["entry.html", "2024/06/01/entry-10000.html", "/about", "/", "a/b?x=1&y=2#frag",
                             "./entry", "../up", "a/./b", "a/../b", ".", "..", "a/.", "a/..", "?page=2", "#top",
                             "//cdn.example.org/x.png", "caf%C3%A9", "café", "a b", "a%20b", "x:y", "a/b/", "~me",
                             "a;b=c/d", "entry.html?utm_source=rss&amp=1", "%7Eme", "a%2Fb", "A/B.HTML", "a//b", "a/?b", "a:b/c"]

    @Test(arguments: bases)
    func directJoinsAgreeWithLibxml2(base: String) {
        for reference in Self.references where !URLResolver.isAbsolute(reference) {
            if let joined = URLResolver.join(reference, base) {
                #expect(joined == URLResolver.buildURI(reference, base), "\(reference) against \(base)")
            }
            #expect(URLResolver.resolve(reference, against: base) == (URLResolver.join(reference, base)
                ?? URLResolver.buildURI(reference, base)))
        }
    }

    @Test func thePlainCasesAreJoinedDirectly() {
        #expect(URLResolver.join("2024/06/01/entry.html", "https://atom.example.org/") == "https://atom.example.org/2024/06/01/entry.html")
        #expect(URLResolver.join("next", "http://example.org/blog/feed.xml?x=1") == "http://example.org/blog/next")
        #expect(URLResolver.join("/about", "https://example.org/a/b") == "https://example.org/about")
        #expect(URLResolver.join("../up", "https://example.org/a/") == nil)
        #expect(URLResolver.join("café", "https://example.org/") == nil)
        #expect(URLResolver.resolve("https://other.example/x", against: "https://example.org/") == "https://other.example/x")
    }
}
