import Foundation
import Library

/// `lectern-bench import-loop DB`: writes 200-article batches into DB until it is killed, one
/// transaction each, printing "committed <articles>" after every commit. The kill -9
/// test kills it mid-write and checks the library is intact. Should the test itself end
/// first (a crash), the loop stops at its next commit instead of filling the disk.
enum ImportLoopCommand {
    static let batch = 200

    static func run(_ arguments: [String]) -> Int32 {
        guard arguments.count == 1 else {
            FileHandle.standardError.write(Data("usage: lectern-bench import-loop DB\n".utf8))
            return 2
        }
        do {
            let store = try LibraryStore.open(path: arguments[0])
            let feed = try store.feed(url: "https://crash.example/feed.xml")
                ?? store.addFeed(url: "https://crash.example/feed.xml")
            var start = try store.count(.feed(feed.id))
            let parent = getppid()
            while getppid() == parent {
                try store.save(LibraryFixtures.feed(number: 1, entries: batch, start: start), toFeed: feed.id)
                start += batch
                // The throwing write: a closed output ends the loop with its error, not a trap.
                try FileHandle.standardOutput.write(contentsOf: Data("committed \(start)\n".utf8))
            }
        } catch {
            FileHandle.standardError.write(Data("lectern-bench import-loop: \(error)\n".utf8))
            return 1
        }
        return 0
    }
}
