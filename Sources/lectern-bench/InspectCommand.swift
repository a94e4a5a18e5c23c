import Foundation
import FeedParsing

/// `lectern-bench inspect FILE`: prints `FeedJSON.encode(FeedParser.parse(file))`.
enum InspectCommand {
    static func run(_ arguments: [String]) -> Int32 {
        guard arguments.count == 1 else {
            FileHandle.standardError.write(Data("usage: lectern-bench inspect FILE\n".utf8))
            return 2
        }
        let url = URL(fileURLWithPath: arguments[0])
        guard let data = try? Data(contentsOf: url) else {
            FileHandle.standardError.write(Data("lectern-bench: cannot read \(arguments[0])\n".utf8))
            return 2
        }
        do {
            let feed = try FeedParser.parse(data, url: url)
            print(FeedJSON.encode(feed))
            return 0
        } catch {
            FileHandle.standardError.write(Data("\(arguments[0]): \(error)\n".utf8))
            return 1
        }
    }
}
