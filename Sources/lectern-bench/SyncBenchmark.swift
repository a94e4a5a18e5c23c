import Foundation
import Library
import Sync

/// `lectern-bench sync --server URL --user NAME --password PASSWORD --library FILE [--kind ttrss|greader] [--window-reads off]`:
/// one sync of the account (added to the library at FILE first when it is not there), timed,
/// with the process's peak resident memory. The password is held in memory, not a keyring.
/// Prints one JSON line: phase ("first" when the library had no articles), seconds, peak RSS,
/// how much longer until their search text was all indexed, articles stored after, new articles
/// and state changes, and how long the window's reads took (each, and their median, p99 and longest)
/// while the sync wrote (`ReadProbe`: a list page and the unread counts every 16 ms; not with
/// `--window-reads off`, for a sync timed beside a client that has no window: the probe's reads
/// are a third of a first sync's CPU, which a window reading only when told of a change does not spend).
enum SyncBenchmark {
    /// The password the bench was given; no Secret Service needed.
    private struct GivenPassword: SecretStore {
        let password: String
        func store(password: String, for key: SecretKey) throws(SyncError) {}
        func password(for key: SecretKey) throws(SyncError) -> String? { password }
        func remove(for key: SecretKey) throws(SyncError) {}
    }

    static func run(_ arguments: [String]) async -> Int32 {
        var values: [String: String] = [:]
        var index = 0
        while index + 1 < arguments.count, arguments[index].hasPrefix("--") {
            values[String(arguments[index].dropFirst(2))] = arguments[index + 1]
            index += 2
        }
        guard index == arguments.count, let server = values["server"], let user = values["user"],
              let password = values["password"], let path = values["library"],
              let kind = Account.Kind(rawValue: values["kind"] ?? "ttrss"), ["on", "off"].contains(values["window-reads"] ?? "on") else {
            FileHandle.standardError.write(Data("usage: lectern-bench sync --server URL --user NAME --password PASSWORD --library FILE [--kind ttrss|greader] [--window-reads off]\n".utf8))
            return 2
        }
        do {
            let store = try LibraryStore.open(path: path)
            let service = AccountService(store: store, secrets: GivenPassword(password: password),
                                         options: SyncOptions(appVersion: "bench"))
            let first = try store.count(.all) == 0
            let account: Account
            if let existing = try store.accounts().first {
                account = existing
            } else {
                account = try await service.addAccount(kind: kind, server: server, user: user, password: password)
            }
            // libcurl's one-time set-up (its TLS library) belongs to the process, not the sync:
            // the floor's imports (Python's ssl among them) come before its timer too.
            _ = CurlTransfer(userAgent: "lectern-bench", policy: .syncAnswer)
            let probe = values["window-reads"] == "off" ? nil : ReadProbe(store: store)   // the window's reads while the sync writes
            let start = DispatchTime.now().uptimeNanoseconds
            let summary = try await service.sync(account).get()
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            let readTimes = probe?.stop() ?? []
            let reads = ReadProbe.summary(readTimes)
            let eachRead = readTimes.map { String(format: "%.2f", $0) }.joined(separator: ",")
            // The sync is done when its articles are listed; their search text follows in the
            // background (`indexInBackground`): how much longer until all of it is searchable.
            try store.catchUpSearchIndex()
            let indexed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 - seconds
            try store.checkpoint()
            print(String(format: "{\"bench\":\"sync\",\"tool\":\"lectern\",\"phase\":\"%@\",\"seconds\":%.3f,\"index_seconds\":%.3f,\"peak_rss_mb\":%.1f,"
                         + "\"articles\":%d,\"new\":%d,\"state_changes\":%d,"
                         + "\"window_reads\":%d,\"read_median_ms\":%.2f,\"read_p99_ms\":%.2f,\"read_longest_ms\":%.2f,\"reads_ms\":[%@]}",
                         first ? "first" : "again", seconds, indexed, RefreshBenchmark.peakRSS(), try store.count(.all),
                         summary.newArticles, summary.stateChanges, reads.count, reads.median, reads.p99, reads.longest, eachRead))
            return 0
        } catch {
            FileHandle.standardError.write(Data("lectern-bench sync: \(error)\n".utf8))
            return 1
        }
    }
}
