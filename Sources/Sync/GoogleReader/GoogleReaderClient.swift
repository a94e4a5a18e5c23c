import Foundation
import Localization
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The Google Reader API as FreshRSS, Miniflux, Inoreader, The Old Reader and BazQux speak it:
/// `BASE/accounts/ClientLogin` for the `Auth` token, `BASE/reader/api/0/<method>` for the rest.
/// Reads are GETs with `output=json`; writes are form POSTs carrying the write token `T`.
///
/// Server differences handled here:
/// - FreshRSS lives at `…/api/greader.php` (path-info), wants its *API* password, and labels
///   some JSON answers `text/html`: answers are read as JSON whatever their type says.
/// - Miniflux authenticates a POST only through `T` (its `T` is the `Auth` token) and answers
///   ClientLogin in JSON when asked; both forms are read.
/// - A stale `T` is answered 401 with `X-Reader-Google-Bad-Token: true` (FreshRSS spells it
///   `Google-Bad-Token`): a new token is fetched and the call tried once more. A 401 on
///   anything else means the `Auth` token expired: Lectern signs in again, once.
final class GoogleReaderClient: Sendable {
    private let base: String
    private let user: String
    private let password: String
    let http: SyncHTTP
    private let tokens = Mutex<(auth: String?, write: String?)>((nil, nil))

    init(server: String, user: String, password: String, http: SyncHTTP) throws(SyncError) {
        base = try SyncHTTP.base(of: server, dropping: ["/reader/api/0", "/accounts/ClientLogin"])
        self.user = user
        self.password = password
        self.http = http
    }

    /// Signs in with ClientLogin; throws `.wrongCredentials` when the server refuses.
    func login() async throws(SyncError) {
        var request = URLRequest(url: try url("accounts/ClientLogin", []))
        request.httpMethod = "POST"
        request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        request.httpBody = SyncHTTP.form([("Email", user), ("Passwd", password)])
        let response = try await http.send(request, call: "ClientLogin")
        switch response.status {
        case 200: break
        case 401, 403: throw .wrongCredentials(server: http.server)
        case 404:
            let reason = tr("it has no Google Reader API (ClientLogin answered 404); FreshRSS's address ends in /api/greader.php")
            throw .invalidServer(address: base, reason: reason)
        default: throw .httpStatus(server: http.server, status: response.status, call: "ClientLogin")
        }
        guard let auth = Self.authToken(in: response.text) else {
            throw .badResponse(server: http.server, call: "ClientLogin", reason: tr("no Auth token in the answer"))
        }
        tokens.withLock { $0 = (auth, nil) }
    }

    /// The `Auth` value of a ClientLogin answer: `key=value` lines, or Miniflux's JSON.
    static func authToken(in text: String) -> String? {
        if let object = JSONReading.parse(Data(text.utf8)) as? [String: Any] { return JSONReading.text(object["Auth"]) }
        for line in text.split(whereSeparator: \.isNewline) {
            guard let equals = line.firstIndex(of: "=") else { continue }
            if line[..<equals].trimmingCharacters(in: .whitespaces) == "Auth" {
                let value = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
                return value.isEmpty ? nil : value
            }
        }
        return nil
    }

    /// GETs `method` and returns its JSON; with `plucking`, the array `list` as its objects'
    /// `field` texts.
    func get(_ method: String, _ query: [(String, String)] = [],
             plucking: (field: String, list: String)? = nil) async throws(SyncError) -> [String: Any] {
        let response = try await authorized(method) { auth throws(SyncError) in
            var request = URLRequest(url: try self.url("reader/api/0/" + method, query + [("output", "json")]))
            request.setValue("GoogleLogin auth=\(auth)", forHTTPHeaderField: "Authorization")
            return request
        }
        return try json(response, call: method, plucking: plucking)
    }

    /// POSTs a form to `method` with the write token; returns the answer (`OK`, or JSON). A 401
    /// is answered first with a new write token, then by signing in again, once each.
    @discardableResult
    func post(_ method: String, _ form: [(String, String)]) async throws(SyncError) -> SyncResponse {
        if tokens.withLock({ $0.auth }) == nil { try await login() }
        var attempt = 0
        while true {
            let write = try await writeToken()
            var request = URLRequest(url: try url("reader/api/0/" + method, [("output", "json")]))
            request.httpMethod = "POST"
            request.setValue("GoogleLogin auth=\(tokens.withLock { $0.auth } ?? "")", forHTTPHeaderField: "Authorization")
            request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
            request.httpBody = SyncHTTP.form(form + [("T", write)])
            let response = try await http.send(request, call: method)
            guard response.status == 401, attempt < 2 else { return try checked(response, call: method) }
            if attempt == 1 || !Self.isBadToken(response) { try await login() }
            tokens.withLock { $0.write = nil }
            attempt += 1
        }
    }

    /// Parses a JSON answer; an HTML page or garbage is a `.badResponse`.
    func json(_ response: SyncResponse, call: String, plucking: (field: String, list: String)? = nil) throws(SyncError) -> [String: Any] {
        let response = try checked(response, call: call)
        let parsed = plucking.map { JSONReading.parse(response.body, plucking: $0.field, from: $0.list) } ?? JSONReading.parse(response.body) as? [String: Any]
        guard let object = parsed else {
            let page = response.text.prefix(512).lowercased().contains("<html")
            throw .badResponse(server: http.server, call: call, reason: page ? tr("a web page instead of JSON") : tr("not JSON"))
        }
        return object
    }

    private func checked(_ response: SyncResponse, call: String) throws(SyncError) -> SyncResponse {
        switch response.status {
        case 200..<300: return response
        case 401, 403: throw .wrongCredentials(server: http.server)
        case 400...499: throw .refused(server: http.server, call: call, reason: "HTTP \(response.status)")
        default: throw .httpStatus(server: http.server, status: response.status, call: call)
        }
    }

    /// Sends the GET `make` builds with the current `Auth` token, signing in first when there
    /// is none, and once more on a 401 (the token expired).
    private func authorized(_ call: String, _ make: (String) throws(SyncError) -> URLRequest) async throws(SyncError) -> SyncResponse {
        if tokens.withLock({ $0.auth }) == nil { try await login() }
        let response = try await http.send(try make(tokens.withLock { $0.auth } ?? ""), call: call)
        guard response.status == 401 else { return response }
        try await login()
        return try await http.send(try make(tokens.withLock { $0.auth } ?? ""), call: call)
    }

    private func writeToken() async throws(SyncError) -> String {
        if let write = tokens.withLock({ $0.write }) { return write }
        let response = try checked(try await authorized("token") { auth throws(SyncError) in
            var request = URLRequest(url: try self.url("reader/api/0/token", []))
            request.setValue("GoogleLogin auth=\(auth)", forHTTPHeaderField: "Authorization")
            return request
        }, call: "token")
        let write = response.text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !write.isEmpty, !write.contains("<") else {
            throw .badResponse(server: http.server, call: "token", reason: tr("no write token in the answer"))
        }
        tokens.withLock { $0.write = write }
        return write
    }

    private static func isBadToken(_ response: SyncResponse) -> Bool {
        (response.header("X-Reader-Google-Bad-Token") ?? response.header("Google-Bad-Token"))?.lowercased() == "true"
    }

    /// An address the server gave, made absolute against its own (web addresses only).
    func absolute(_ address: String) -> String? {
        guard let url = URL(string: address, relativeTo: URL(string: base + "/")),
              ["http", "https"].contains(url.scheme?.lowercased() ?? "") else { return nil }
        return url.absoluteString
    }

    private func url(_ path: String, _ query: [(String, String)]) throws(SyncError) -> URL {
        var components = URLComponents(string: base + "/" + path)
        if !query.isEmpty { components?.queryItems = query.map { URLQueryItem(name: $0.0, value: $0.1) } }
        // URLComponents leaves "+" alone in queries; servers read it as a space.
        let query = components?.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
        components?.percentEncodedQuery = query
        guard let url = components?.url else { throw .invalidServer(address: base, reason: tr("it is not a web address")) }
        return url
    }
}
