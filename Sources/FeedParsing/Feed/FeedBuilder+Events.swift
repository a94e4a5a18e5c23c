import CLibXML2

/// The three SAX events the builder reacts to.
extension FeedBuilder {
    /// `namesInterned` (the local name and prefix) and `uriInterned`: those are libxml2's
    /// dictionary copies, the same pointers all parse long (anything else is valid only
    /// during this call).
    func startElement(localName: UnsafePointer<xmlChar>, prefix: UnsafePointer<xmlChar>?, namesInterned: Bool,
                      uri: UnsafePointer<xmlChar>?, uriInterned: Bool, attributes: SAXAttributes) {
        depth += 1
        let name = intern(localName: localName, interned: namesInterned)
        let namespace = intern(uri: uri, interned: uriInterned, prefix: prefix)
        var frame = frames[frames.count - 1]
        frame.name = name
        frame.namespace = namespace
        frame.localName = namesInterned ? localName : nil
        frame.prefix = namesInterned ? prefix : nil
        if attributes.count > 0 {
            if let base = attributes.xmlAttribute("base") {
                let resolved = URLResolver.resolve(TextBytes.trimmed(base) ?? "", against: bases[Int(frame.base)])
                if resolved != bases[Int(frame.base)] {
                    bases.append(resolved)
                    frame.base = Int32(bases.count - 1)
                }
            }
            if let language = attributes.xmlAttribute("lang"), frame.language < 0 || languages[Int(frame.language)] != language {
                languages.append(language)
                frame.language = Int32(languages.count - 1)
            }
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
                if feed.language == nil { feed.language = nonEmpty(currentLanguage).map(FeedBuilder.languageTag) }
            }
        }
    }

    func endElement() {
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
        guard let kind = capture?.kind else { return }   // the kind alone: no copy of the capture
        let chunk = UnsafeBufferPointer(start: bytes, count: count)
        if kind == .xhtml {
            MarkupEscaper.appendEscaped(chunk, to: &buffer)
        } else {
            buffer.append(chunk)
        }
    }

    private var isChannelChild: Bool { channelDepth.map { depth == $0 + 1 } ?? false }
    private var isRootChild: Bool { depth == 2 }

    func nonEmpty(_ text: String?) -> String? {
        text.flatMap(TextBytes.trimmed)
    }
}
