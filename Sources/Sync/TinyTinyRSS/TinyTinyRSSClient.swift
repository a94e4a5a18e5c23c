import Foundation
import Localization
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Tiny Tiny RSS's JSON API (`POST <server>/api/`, `{"op": …}` in, `{"seq","status","content"}`
/// out). One client per account and sync; it logs in on first use and once more when the
/// server says the session ended (`NOT_LOGGED_IN`).
///
/// Quirks of the server (seen with Debian 12's tt-rss 21~git20210204):
/// - the session is tied to the User-Agent: `SyncHTTP` sends the same one on every call;
/// - ids come as numbers or as strings depending on the call (`JSONReading` takes both);
/// - an error is HTTP 200 with `status: 1` and `content.error` (`LOGIN_ERROR`, `API_DISABLED`…);
/// - `getHeadlines` answers at most 200 headlines a call: page with `skip`.
final class TinyTinyRSSClient: Sendable {
    static let pageSize = 200

    private let endpoint: URL
    private let user: String
    private let password: String
    private let http: SyncHTTP
    private let session = Mutex<String?>(nil)
    private var sessionID: String? { session.withLock { $0 } }

    init(server: String, user: String, password: String, http: SyncHTTP) throws(SyncError) {
        var components = try SyncHTTP.webAddress(server)
        var path = components.path
        // The address of tt-rss itself or of its API (…/api/): the API either way.
        if path.hasSuffix("/api/") { path.removeLast("/api/".count) } else if path.hasSuffix("/api") { path.removeLast("/api".count) }
        if !path.hasSuffix("/") { path += "/" }
        components.path = path + "api/"
        guard let endpoint = components.url else { throw .invalidServer(address: server, reason: tr("it is not a web address")) }
        self.endpoint = endpoint
        self.user = user
        self.password = password
        self.http = http
    }

    /// An address on the tt-rss site (its API lives at `api/` below it), for a path it names
    /// relative to itself, such as `getConfig`'s `icons_url`; an absolute address stays as it is.
    func address(_ path: String) -> String? {
        URL(string: path, relativeTo: endpoint.deletingLastPathComponent())?.absoluteString
    }

    /// Logs in; throws `.wrongCredentials` or `.apiDisabled` with what to do.
    func login() async throws(SyncError) {
        let content = try await post(["op": "login", "user": user, "password": password], op: "login")
        guard let object = content as? [String: Any], let sid = JSONReading.text(object["session_id"]) else {
            throw .badResponse(server: http.server, call: "login", reason: tr("no session id"))
        }
        session.withLock { $0 = sid }
    }

    /// Logs in unless a session is open, so that calls made side by side share one.
    func openSession() async throws(SyncError) {
        if sessionID == nil { try await login() }
    }

    /// Calls `op` with `parameters`, logging in first (or again, once, when the session ended).
    func call(_ op: String, _ parameters: [String: Any] = [:]) async throws(SyncError) -> Any {
        if sessionID == nil { try await login() }
        if let content = try await post(parameters.merging(["op": op, "sid": sessionID ?? ""]) { _, new in new }, op: op) {
            return content
        }
        try await login()
        guard let content = try await post(parameters.merging(["op": op, "sid": sessionID ?? ""]) { _, new in new }, op: op) else {
            throw .badResponse(server: http.server, call: op, reason: tr("the server forgot the session it had just opened"))
        }
        return content
    }

    /// Ends the session (best effort: a failure here changes nothing stored).
    func logout() async {
        guard sessionID != nil else { return }
        _ = try? await call("logout")
        session.withLock { $0 = nil }
    }

    /// One call: its `content`, or nil when the server says the session is gone.
    private func post(_ body: [String: Any], op: String) async throws(SyncError) -> Any? {
        var request = URLRequest(url: endpoint)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = try? JSONSerialization.data(withJSONObject: body)
        let response = try await http.send(request, call: op)
        if response.status == 401 || response.status == 403 { throw .wrongCredentials(server: http.server) }
        guard response.status == 200 else { throw .httpStatus(server: http.server, status: response.status, call: op) }
        guard let answer = JSONReading.parse(response.body) as? [String: Any], answer["content"] != nil else {
            let looksLikePage = response.text.prefix(512).lowercased().contains("<html")
            throw .badResponse(server: http.server, call: op,
                                        reason: looksLikePage ? tr("a web page instead of JSON: is this the Tiny Tiny RSS address?") : tr("not JSON"))
        }
        let content = answer["content"] as Any
        if JSONReading.int(answer["status"]) == 1 {
            let code = JSONReading.text((content as? [String: Any])?["error"]) ?? "UNKNOWN_ERROR"
            switch code {
            case "NOT_LOGGED_IN": return nil
            case "LOGIN_ERROR": throw .wrongCredentials(server: http.server)
            case "API_DISABLED":
                // Translators: "Enable API" is the name of Tiny Tiny RSS's setting, in its own translation.
                let hint = tr("Turn on \"Enable API\" in Tiny Tiny RSS's Preferences, then sync again.")
                throw .apiDisabled(server: http.server, hint: hint)
            default: throw .refused(server: http.server, call: op, reason: code)
            }
        }
        return content
    }
}
