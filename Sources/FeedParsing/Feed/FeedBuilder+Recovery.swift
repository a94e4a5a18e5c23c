import CLibXML2

/// Recovering from end tags that do not match the open element.
///
/// libxml2 2.9 pops exactly one element per end tag, whatever its name, so an unclosed
/// `<b>` inside a `<title>` would make `</title>` close the `<b>` and leave the title
/// open to swallow the rest of the feed. Instead the builder reads each end tag by its
/// real name (from the mismatch error that precedes it) and, as browsers do, closes
/// every element down to the nearest open one of that name, or ignores a stray end tag
/// that matches nothing open. From the first mismatch on, the builder's open elements
/// and libxml2's differ, so every later end tag is matched by name.
extension FeedBuilder {
    func endTag(localName: UnsafePointer<xmlChar>?, prefix: UnsafePointer<xmlChar>?) {
        guard pendingEndTag != nil || diverged else {
            endElement() // the usual case: the end tag closes the open element
            return
        }
        diverged = true
        let wanted = pendingEndTag ?? qualifiedName(localName: localName, prefix: prefix)
        pendingEndTag = nil
        guard let target = frames.indices.dropFirst().last(where: { frameMatches($0, wanted) }) else {
            return // a stray end tag: nothing of that name is open
        }
        while depth >= target, frames.count > 1 { endElement() }
    }

    private func qualifiedName(localName: UnsafePointer<xmlChar>?, prefix: UnsafePointer<xmlChar>?) -> String {
        let local = localName.map { String(cString: $0) } ?? ""
        guard let prefix else { return local }
        return String(cString: prefix) + ":" + local
    }

    /// Whether open element `index` is called `wanted` (`prefix:local`, or a bare local
    /// name, which libxml2 reports for a mismatched prefixed end tag).
    private func frameMatches(_ index: Int, _ wanted: String) -> Bool {
        let frame = frames[index]
        guard let localName = frame.localName else { return false }
        let local = String(cString: localName)
        if wanted == local { return true }
        guard let prefix = frame.prefix else { return false }
        return wanted == String(cString: prefix) + ":" + local
    }
}
