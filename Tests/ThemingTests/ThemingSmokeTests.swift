import Testing
@testable import Theming
