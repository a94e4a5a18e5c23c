import CLibXML2

/// libxml2's global state, set up once before any parser is made. Lectern parses on several
/// threads at once (the refresh, full articles, sync), and libxml2 2.9 builds its dictionary
/// lock the first time a parser asks for it: two threads making their first parsers together
/// could both build it, and then wait on each other's lock for ever (seen: two test threads
/// stuck in `xmlRMutexLock` under `htmlNewParserCtxt`). `xmlInitParser` does that set-up under
/// libxml2's own global lock, and Swift runs a `static let` initialiser exactly once.
enum LibXML {
    private static let initialized: Void = xmlInitParser()

    /// Call before making a parser; costs nothing after the first call.
    static func ready() {
        _ = initialized
    }
}
