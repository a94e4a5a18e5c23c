// lectern-bench: Lectern's side of `make bench` (release build). Each subcommand
// measures one thing and prints one JSON line per measurement.
import Foundation
import FeedParsing

let arguments = Array(CommandLine.arguments.dropFirst())
guard let command = arguments.first else {
    FileHandle.standardError.write(Data("usage: lectern-bench <parse FILE...>\n".utf8))
    exit(2)
}
FileHandle.standardError.write(Data("lectern-bench: unknown command \(command)\n".utf8))
exit(2)
