// lectern-bench: Lectern's side of `make bench` (release build). Each subcommand
// measures one thing and prints one JSON line per measurement.
//
//   lectern-bench parse [--runs N] [--api data|file|both] FILE...
//                                            parse throughput, one JSON line per file and API
//   lectern-bench sanitize [--runs N] FILE   article sanitizer throughput over every entry's
//                                            content (ArticleDocument.parse), one JSON line
//   lectern-bench extract FILE [URL]         the --extract-article JSON of one saved page
//                 extract --time PAGES     median ms per page in process (Readability's pages)
//   lectern-bench inspect FILE               the --inspect-feed JSON of one file (a dev aid
//                                            for oracle_check.py; exit 0 / 1 not a feed / 2 usage)
//   lectern-bench library [--articles N] [--view N]    search latency on N articles and
//                                            opening the All view of a 50k library
//   lectern-bench library-refresh --base URL --feeds N  refresh N loopback feeds twice
//                                            (first, then all-304): wall time, peak RSS
//   lectern-bench import-loop DB             write batches until killed (the kill -9 test)
//   lectern-bench playback --uri URI [--uri URI]... [--hour URI] [--runs N]
//                                            the player: open to playing, CPU playing and paused,
//                                            an hour-long episode's memory (PlaybackBenchmark)
//   lectern-bench sync --server URL --user NAME --password P --library FILE [--kind ttrss|greader]
//                                            one timed sync of an account (scripts/bench_sync.py)
import ArticleModel
import Foundation
import FeedParsing

let arguments = Array(CommandLine.arguments.dropFirst())
guard let command = arguments.first else {
    FileHandle.standardError.write(Data("usage: lectern-bench parse [--runs N] [--api data|file|both] FILE... | sanitize [--runs N] FILE | inspect FILE | library | library-refresh | import-loop DB\n".utf8))
    exit(2)
}
switch command {
case "parse":
    exit(ParseBenchmark.run(Array(arguments.dropFirst())))
case "sanitize":
    exit(SanitizeBenchmark.run(Array(arguments.dropFirst())))
case "inspect":
    exit(InspectCommand.run(Array(arguments.dropFirst())))
case "extract":
    exit(ExtractCommand.run(Array(arguments.dropFirst())))
case "library":
    exit(LibraryBenchmark.run(Array(arguments.dropFirst())))
case "library-refresh":
    exit(await RefreshBenchmark.run(Array(arguments.dropFirst())))
case "import-loop":
    exit(ImportLoopCommand.run(Array(arguments.dropFirst())))
case "sync":
    exit(await SyncBenchmark.run(Array(arguments.dropFirst())))
case "playback":
    exit(PlaybackBenchmark.run(Array(arguments.dropFirst())))
default:
    FileHandle.standardError.write(Data("lectern-bench: unknown command \(command)\n".utf8))
    exit(2)
}
