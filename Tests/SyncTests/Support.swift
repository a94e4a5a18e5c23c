import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Library
import Synchronization
import TestSupport
import Testing
@testable import Sync

/// A file under Tests/SyncTests/Fixtures.
func fixture(_ path: String) -> URL {
    URL(filePath: #filePath).deletingLastPathComponent().appending(path: "Fixtures/\(path)")
}

/// A fixture server written in Python: started with its arguments, its first stdout line is
/// its address (or its JSON), and it stops when its stdin closes (when this value goes away).
/// `command` sends one line and reads one line back. The waits for those lines (a harness may
/// take seconds to start its servers) are spent on a thread of their own.
final class FixtureProcess: @unchecked Sendable {
    let firstLine: String
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private var buffer = Data()

    init(_ script: String, _ arguments: [String] = []) async throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", fixture(script).path] + arguments
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        let (line, rest) = try await Self.nextLine(from: output, after: Data())
        firstLine = line ?? ""
        buffer = rest
        guard !firstLine.isEmpty else { throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "\(script) did not start"]) }
    }

    deinit {
        try? input.fileHandleForWriting.close()
        // A harness stops its servers once its stdin closes; one that has not within a minute is killed.
        process.finish(within: 60)
    }

    /// Sends `text` as one line and returns the answer line.
    @discardableResult
    func command(_ text: String) async throws -> String {
        input.fileHandleForWriting.write(Data((text + "\n").utf8))
        let (line, rest) = try await Self.nextLine(from: output, after: buffer)
        buffer = rest
        return line ?? ""
    }

    /// The next line from `pipe`, `buffer` holding what was read past the last one; read on a
    /// thread of its own. Gives the line and what was read past it.
    private static func nextLine(from pipe: Pipe, after buffer: Data) async throws -> (String?, Data) {
        try await onOwnThread {
            var buffer = buffer
            return (try line(from: pipe, buffer: &buffer), buffer)
        }
    }

    private static func line(from pipe: Pipe, buffer: inout Data) throws -> String? {
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self)
                buffer = Data(buffer[buffer.index(after: newline)...])
                return line
            }
            let chunk = pipe.fileHandleForReading.availableData
            if chunk.isEmpty { return nil }
            buffer.append(chunk)
        }
    }
}

/// Passwords kept in memory: the Secret Service's stand-in for engine tests (the real one is
/// tested on its own, on a private bus).
final class MemorySecrets: SecretStore {
    private let passwords = Mutex<[SecretKey: String]>([:])

    func store(password: String, for key: SecretKey) throws(SyncError) { passwords.withLock { $0[key] = password } }
    func password(for key: SecretKey) throws(SyncError) -> String? { passwords.withLock { $0[key] } }
    func remove(for key: SecretKey) throws(SyncError) { _ = passwords.withLock { $0.removeValue(forKey: key) } }
}

/// A temporary folder removed when the value is released.
final class TempFolder: @unchecked Sendable {
    let url = FileManager.default.temporaryDirectory.appending(path: "lectern-sync-\(UUID().uuidString)")

    init() { try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) }
    deinit { try? FileManager.default.removeItem(at: url) }
}

/// A fresh library and an account service on it with in-memory passwords; `windowDays` how far
/// back a first sync takes articles (the default's otherwise).
func makeService(timeout: TimeInterval = 20, windowDays: Int? = nil) throws -> (AccountService, TempFolder) {
    let folder = TempFolder()
    let store = try LibraryStore.open(path: folder.url.appending(path: "library.sqlite").path)
    var options = SyncOptions(appVersion: "9.9-test")
    options.timeout = timeout
    options.maxWait = 5
    if let windowDays { options.windowDays = windowDays }
    return (AccountService(store: store, secrets: MemorySecrets(), options: options), folder)
}

extension Result {
    /// The failure, or nil on success.
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}

/// An RSS document with items `(guid, title)` and no dates (the server dates them on arrival).
func rss(_ title: String, site: String, items: [(String, String)]) -> String {
    let body = items.map { item in
        "<item><guid>\(item.0)</guid><title>\(item.1)</title><link>\(site)\(item.0)</link>"
            + "<description>&lt;p&gt;About \(item.1)&lt;/p&gt;</description></item>"
    }.joined()
    return "<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>\(title)</title><link>\(site)</link>\(body)</channel></rss>"
}

/// A call to a fixture server's control routes (`/_control/<path>`): a POST of `body` as JSON,
/// or a GET without one; its JSON answer.
@discardableResult
func controlCall(port: Int, _ path: String, _ body: Any? = nil) async throws -> Any? {
    var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)/_control/\(path)")!)
    if let body {
        request.httpMethod = "POST"
        request.httpBody = try JSONSerialization.data(withJSONObject: body)
    }
    let (data, _) = try await URLSession(configuration: .ephemeral).data(for: request)
    return try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
}

/// The broken answers every protocol's fixture server can give, and what each must be
/// reported as: garbage, an HTML page with 200, an answer cut short, a hang, a 500, a 503 with no
/// `Retry-After` (tried again twice, then reported), a 429 asking for an hour, a 403 and a 401
/// in the middle of a sync.
enum BrokenAnswer: String, CaseIterable, Sendable {
    case garbage, html200, truncated, hang, serverError, unavailable, rateLimited, forbidden, unauthorized

    /// The fault, in the fixture servers' `/_control/fault` form, for calls to `path`.
    func fault(at path: String) -> [String: Any] {
        switch self {
        case .serverError: ["path": path, "kind": "status", "status": 500, "count": 10]
        case .unavailable: ["path": path, "kind": "status", "status": 503, "count": 10]
        case .rateLimited: ["path": path, "kind": "retry-after", "status": 429, "retry_after": 3600, "count": 10]
        case .forbidden: ["path": path, "kind": "status", "status": 403, "count": 10]
        case .unauthorized: ["path": path, "kind": "status", "status": 401, "count": 10]
        default: ["path": path, "kind": rawValue, "count": 10]
        }
    }

    /// Syncs `account` while the server answers so: the failure must be named as this kind of
    /// answer, recorded on the account, and lose none of the `articles` stored.
    func expectClearFailure(syncing account: Account, with service: AccountService, articles: Int) async throws {
        let result = await service.sync(account)
        let error = try #require(result.failure, "\(self) was taken as an answer")
        #expect(matches(error), "\(self) gave: \(error)")
        #expect(try service.store.count(.all) == articles, "nothing stored is lost")
        #expect(try service.store.account(id: account.id)?.lastError == error.description)
    }

    func matches(_ error: SyncError) -> Bool {
        switch (self, error) {
        case (.garbage, .badResponse(_, _, let reason)): reason == "not JSON"
        case (.html200, .badResponse(_, _, let reason)): reason.contains("web page")
        case (.truncated, .badResponse): true
        case (.hang, .timedOut): true
        case (.serverError, .httpStatus(_, 500, _)): true
        case (.unavailable, .httpStatus(_, 503, _)): true
        case (.rateLimited, .rateLimited(_, let until)): until.timeIntervalSinceNow > 3000
        // A refusal of the call, in the server's words where it gave them, or (the Google Reader
        // API's way) the credentials no longer taken.
        case (.forbidden, .refused), (.forbidden, .wrongCredentials): true
        case (.unauthorized, .wrongCredentials): true
        default: false
        }
    }
}

/// A fixture server written from an API reference (`Fixtures/*_server.py` on
/// `Tests/Servers/api_fixture.py`): its address, its control routes and its log of calls.
struct APIFixtureServer {
    let process: FixtureProcess
    let port: Int

    init(_ script: String, _ arguments: [String] = []) async throws {
        process = try await FixtureProcess(script, arguments)
        port = try #require(Int(process.firstLine.trimmingCharacters(in: .whitespaces)))
    }

    var base: String { "http://127.0.0.1:\(port)" }

    @discardableResult
    func control(_ path: String, _ body: Any? = nil) async throws -> Any? { try await controlCall(port: port, path, body) }

    /// A fresh library with alice's `kind` account on this server, reset to `library` first, synced
    /// once: the usual five articles give four (the window's and the old starred one).
    func syncedAccount(_ kind: Account.Kind, library: [String: Any], password: String = "wonderland") async throws
        -> (AccountService, TempFolder, Account) {
        try await control("reset", library)
        let (service, folder) = try makeService(timeout: 3)
        let account = try await service.addAccount(kind: kind, server: base, user: "alice", password: password)
        let summary = try await service.sync(account).get()
        #expect(summary.newArticles == 4, "the window's items and the old starred one, not the old read one: \(summary)")
        return (service, folder, try #require(try service.store.account(id: account.id)))
    }

    /// The server's state (`/_control/state`) under `key`.
    func state(_ key: String) async throws -> Any? { (try await control("state") as? [String: Any])?[key] }

    /// The logged calls (method and path, with the query) whose path ends in `suffix`.
    func calls(to suffix: String) async throws -> [String] {
        let log = try await control("log") as? [[String: Any]] ?? []
        return log.compactMap { call in
            guard let path = call["path"] as? String, path.hasSuffix(suffix) else { return nil }
            return "\(call["method"] as? String ?? "") \(path)?\(call["query"] as? String ?? "")"
        }
    }
}
