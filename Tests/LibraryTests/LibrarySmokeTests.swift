import Testing
@testable import Library
