// lectern-bench: Lectern's side of `make bench` (release build). Each subcommand
// measures one thing and prints one JSON line per measurement.
//
//   lectern-bench parse [--runs N] [--api data|file|both] FILE...
//                                            parse throughput, one JSON line per file and API
//   lectern-bench sanitize [--runs N] FILE   article sanitizer throughput over every entry's
//                                            content (ArticleDocument.parse), one JSON line
//   lectern-bench inspect FILE               the --inspect-feed JSON of one file (a dev aid
//                                            for oracle_check.py; exit 0 / 1 not a feed / 2 usage)
import Foundation
import FeedParsing

let arguments = Array(CommandLine.arguments.dropFirst())
guard let command = arguments.first else {
    FileHandle.standardError.write(Data("usage: lectern-bench parse [--runs N] [--api data|file|both] FILE... | sanitize [--runs N] FILE | inspect FILE\n".utf8))
    exit(2)
}
switch command {
case "parse":
    exit(ParseBenchmark.run(Array(arguments.dropFirst())))
case "sanitize":
    exit(SanitizeBenchmark.run(Array(arguments.dropFirst())))
case "inspect":
    exit(InspectCommand.run(Array(arguments.dropFirst())))
default:
    FileHandle.standardError.write(Data("lectern-bench: unknown command \(command)\n".utf8))
    exit(2)
}
