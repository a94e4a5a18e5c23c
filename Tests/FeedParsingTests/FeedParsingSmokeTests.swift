import Testing
@testable import FeedParsing
