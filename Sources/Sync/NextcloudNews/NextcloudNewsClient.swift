import Foundation
import Localization
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The Nextcloud News app's REST API, version 1.3 (`<nextcloud>/index.php/apps/news/api/v1-3/…`),
/// as its documentation (`docs/api/api-v1-3.md`) and its controllers describe it, or 1.4 where the
/// server lists it (`docs/api/api-v1-4.md`, "What's new in API v1-4": the same routes and
/// answers, but `GET /items` pages with `offsetId` where v1-3 took `offset`; the `pubDate`
/// order it adds is not used, as an id order never skips an item fetched late).
///
/// - Sign-in: HTTP Basic with the Nextcloud login, or an app password, on every call; a refusal
///   is 401 `{"message": "CORS requires basic auth"}`.
/// - `GET /index.php/apps/news/api` (no sign-in) lists the API levels the server speaks.
/// - v1-3 changes state with POST (v1-2 used PUT); its lists of items are `itemIds`.
/// - Errors are `{"message": "…"}` with 404 (unknown id, or a feed it cannot read), 409 (already
///   subscribed), 422; a void answer is `null` or `[]` with 200.
final class NextcloudNewsClient: Sendable {
    /// `https://host[/sub]` — the Nextcloud, whatever part of the News API's address was given.
    private let root: String
    private let user: String
    private let password: String
    let http: SyncHTTP
    /// The API level spoken, once the server's list was read: the newest of those Lectern knows.
    private let level = Mutex<Level?>(nil)

    /// The API levels Lectern speaks, oldest first.
    enum Level: String, Sendable, CaseIterable {
        case v13 = "v1-3", v14 = "v1-4"

        /// The name of `GET /items`' paging parameter: the id the next page starts below.
        var pagingParameter: String { self == .v13 ? "offset" : "offsetId" }
    }

    init(server: String, user: String, password: String, http: SyncHTTP) throws(SyncError) {
        root = try SyncHTTP.base(of: server, dropping: ["/api/v1-4", "/api/v1-3", "/api/v1-2", "/api", "/apps/news", "/index.php"])
        self.user = user
        self.password = password
        self.http = http
    }

    /// Checks that the server has the News app with API v1-3 or later, then the credentials (`GET /version`).
    func verify() async throws(SyncError) {
        try await readLevel()
        _ = try await call("GET", "version", name: "version")
    }

    /// The API level this client speaks to the server, asked for once (no sign-in needed).
    func spokenLevel() async throws(SyncError) -> Level {
        if let known = level.withLock({ $0 }) { return known }
        return try await readLevel()
    }

    @discardableResult
    private func readLevel() async throws(SyncError) -> Level {
        let levels = try await http.send(try request("GET", root + "/index.php/apps/news/api", signed: false), call: "api levels")
        let listed = (JSONReading.parse(levels.body) as? [String: Any])?["apiLevels"] as? [String] ?? []
        guard levels.status == 200, let spoken = Level.allCases.last(where: { listed.contains($0.rawValue) }) else {
            throw .invalidServer(address: root, reason: tr("it has no Nextcloud News API v1-3 (is the News app installed and enabled?)"))
        }
        level.withLock { $0 = spoken }
        return spoken
    }

    /// One call to `path` under the API level spoken: its JSON answer (nil for `null`, `[]` or nothing).
    @discardableResult
    func call(_ verb: String, _ path: String, query: [(String, String)] = [], body: Any? = nil, name: String) async throws(SyncError) -> Any? {
        let spoken = try await spokenLevel()
        var components = URLComponents(string: root + "/index.php/apps/news/api/\(spoken.rawValue)/" + path)
        if !query.isEmpty { components?.queryItems = query.map { URLQueryItem(name: $0.0, value: $0.1) } }
        guard let address = components?.string else { throw .invalidServer(address: root, reason: tr("it is not a web address")) }
        var request = try request(verb, address, signed: true)
        if let body {
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.httpBody = try? JSONSerialization.data(withJSONObject: body)
        }
        let response = try await http.send(request, call: name)
        _ = try http.checked(response, call: name) { answer in
            (JSONReading.parse(answer.body) as? [String: Any]).flatMap { JSONReading.text($0["message"]) }
        }
        if response.body.isEmpty { return nil }
        guard let value = JSONReading.parse(response.body) else {
            let page = response.text.prefix(512).lowercased().contains("<html")
            throw .badResponse(server: http.server, call: name,
                               reason: page ? tr("a web page instead of JSON: is this the Nextcloud address?") : tr("not JSON"))
        }
        return value is NSNull ? nil : value
    }

    private func request(_ verb: String, _ address: String, signed: Bool) throws(SyncError) -> URLRequest {
        guard let url = URL(string: address) else { throw .invalidServer(address: root, reason: tr("it is not a web address")) }
        var request = URLRequest(url: url)
        request.httpMethod = verb
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        if signed { request.setValue(SyncHTTP.basicAuthorization(user: user, password: password), forHTTPHeaderField: "Authorization") }
        return request
    }
}
