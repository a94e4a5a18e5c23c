import Foundation
import Library

/// `lectern-bench inspect FILE`: what `lectern --inspect-feed FILE` prints, without
/// starting GTK (for the conformance oracle, see docs/inspect-feed.md).
enum InspectCommand {
    static func run(_ arguments: [String]) -> Int32 {
        guard arguments.count == 1 else {
            FileHandle.standardError.write(Data("usage: lectern-bench inspect FILE\n".utf8))
            return 2
        }
        do {
            try FeedInspection.write(arguments[0], appVersion: "bench") { FileHandle.standardOutput.write(Data($0)) }
            print("")
            return 0
        } catch {
            FileHandle.standardError.write(Data("lectern-bench: \(error)\n".utf8))
            if case .unreadable = error { return 2 }
            return 1
        }
    }
}
