import CLibXML2

/// The three SAX events the builder reacts to.
extension FeedBuilder {
    func startElement(localName: UnsafePointer<xmlChar>, prefix: UnsafePointer<xmlChar>?,
                      uri: UnsafePointer<xmlChar>?, attributes: SAXAttributes) {
        clearWellFormedLatch()
        depth += 1
        let name = intern(localName: localName)
        let namespace = intern(uri: uri, prefix: prefix)
        var frame = frames[frames.count - 1]
        frame.name = name
        frame.namespace = namespace
        frame.localName = localName
        frame.prefix = prefix
        if attributes.count > 0 {
            if let base = attributes.xmlAttribute("base") {
                frame.base = URLResolver.resolve(TextBytes.trimmed(base) ?? "", against: frame.base)
            }
            if let language = attributes.xmlAttribute("lang") { frame.language = language }
        }
        frames.append(frame)

        if capture != nil {
            appendStartTag(localName: localName, attributes: attributes)
            return
        }
        guard format != nil else {
            startRoot(name, namespace, attributes, localName: localName)
            return
        }
        if let personDepth, depth == personDepth + 1 {
            startPersonField(name, namespace)
        } else if let entryDepth {
            if depth == entryDepth + 1 || (groupDepth.map { depth == $0 + 1 } ?? false) {
                startEntryField(name, namespace, attributes)
            }
        } else if let imageDepth, depth == imageDepth + 1 {
            if name == .url { beginCapture(.feedImageURL, kind: .text) }
        } else if isChannelChild || isRootChild {
            if (name == .item && namespace.isRSS) || (name == .entry && namespace.isAtom)
                || (name == .entry && namespace == atomAliasNamespace) {
                beginEntry(attributes)
            } else if isChannelChild {
                startFeedField(name, namespace, attributes)
            } else if name == .channel && namespace.isRSS {
                channelDepth = depth
                if namespace == .rss090 { format = .rss090 }
                if feed.language == nil { feed.language = nonEmpty(frame.language).map(FeedBuilder.languageTag) }
            }
        }
    }

    func endElement() {
        clearWellFormedLatch()
        if let open = capture {
            if open.depth == depth {
                finishCapture()
            } else if open.kind == .xhtml, open.wrapperDepth != depth {
                appendEndTag()
            }
        }
        if personDepth == depth { finishPerson() }
        if groupDepth == depth { groupDepth = nil }
        if imageDepth == depth { imageDepth = nil }
        if entryDepth == depth { finishEntry() }
        if channelDepth == depth { channelDepth = nil }
        if frames.count > 1 { frames.removeLast() }
        depth -= 1
    }

    @inline(__always)
    func characters(_ bytes: UnsafePointer<xmlChar>, count: Int) {
        guard let open = capture else { return }
        clearWellFormedLatch()
        let chunk = UnsafeBufferPointer(start: bytes, count: count)
        if open.kind == .xhtml {
            MarkupEscaper.appendEscaped(chunk, to: &buffer)
        } else {
            buffer.append(contentsOf: chunk)
        }
    }

    private var isChannelChild: Bool { channelDepth.map { depth == $0 + 1 } ?? false }
    private var isRootChild: Bool { depth == 2 }

    func nonEmpty(_ text: String?) -> String? {
        text.flatMap(TextBytes.trimmed)
    }
}
