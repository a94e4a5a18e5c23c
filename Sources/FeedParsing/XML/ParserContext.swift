import CLibXML2

/// The one way a libxml2 push-parser context is released (feeds here, OPML in Library).
public enum ParserContext {
    /// Frees `context` and the document libxml2 may have built beside it: for expat
    /// compatibility it keeps declared entities in a document of its own ("SAX
    /// compatibility mode") even under a pure SAX handler, and `xmlFreeParserCtxt` does
    /// not free that document.
    public static func free(_ context: xmlParserCtxtPtr) {
        if let document = context.pointee.myDoc {
            context.pointee.myDoc = nil
            xmlFreeDoc(document)
        }
        xmlFreeParserCtxt(context)
    }
}
