import ArticleModel

/// What a framed page is, by the player's host: most frames in articles are video or
/// podcast players, and the reader's card says so.
enum EmbedHosts {
    static let video = ["youtube.com", "youtube-nocookie.com", "vimeo.com", "dailymotion.com", "twitch.tv",
                        "ted.com", "archive.org", "peertube"]
    static let audio = ["soundcloud.com", "spotify.com", "bandcamp.com", "podbean.com", "buzzsprout.com",
                        "simplecast.com", "anchor.fm", "megaphone.fm", "libsyn.com", "podcasts.apple.com"]

    /// The kind of the frame at `url` (absolute).
    static func kind(ofFrame url: String) -> ArticleEmbed.Kind {
        guard let host = host(of: url) else { return .frame }
        func matches(_ name: String) -> Bool { host == name || host.hasSuffix("." + name) || host.contains(name + ".") }
        if video.contains(where: matches) { return .video }
        if audio.contains(where: matches) { return .audio }
        return .frame
    }

    private static func host(of url: String) -> String? {
        guard let start = url.range(of: "://")?.upperBound else { return nil }
        let rest = url[start...]
        let end = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" || $0 == ":" } ?? rest.endIndex
        return rest[..<end].lowercased()
    }
}
