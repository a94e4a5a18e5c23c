// FeedParsing: RSS, Atom and JSON Feed with libxml2 (issue 3). GTK-free.
import CLibXML2
