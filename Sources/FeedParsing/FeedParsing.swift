// FeedParsing: RSS, Atom and JSON Feed with libxml2 (issue 3). GTK-free.
import CLibXML2

/// The libxml2 version this module was built against, e.g. "2.9.14".
public var libxml2Version: String { String(cString: xmlParserVersion) }
