import Foundation
import Localization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Feedbin's REST API, version 2 (`https://api.feedbin.com/v2/….json`), as its reference
/// (feedbin/feedbin-api) describes it.
///
/// - Sign-in ("Authentication"): HTTP Basic with the account's e-mail and password on every
///   call; `GET /v2/authentication.json` answers 200 or 401 (a plain-text body, not JSON).
/// - Errors ("Errors"): `{"status", "message", "errors": [{"<key>": "<text>"}]}` with 400, 403
///   (not the user's), 404 (not found, a page past the end, no feed found), 415 (a create
///   without the JSON content type).
/// - Pages ("Pagination"): the `Links` header (not `Link`) names the `rel="next"` page.
final class FeedbinClient: Sendable {
    /// Feedbin's own service; a self-hosted Feedbin has its own address.
    static let hosted = "https://api.feedbin.com"

    private let base: String
    private let authorization: String
    let http: SyncHTTP

    init(server: String, user: String, password: String, http: SyncHTTP) throws(SyncError) {
        base = try SyncHTTP.base(of: server, dropping: ["/v2"])
        authorization = SyncHTTP.basicAuthorization(user: user, password: password)
        self.http = http
    }

    func verify() async throws(SyncError) {
        _ = try await call("GET", "authentication", name: "authentication")
    }

    /// One call to `/v2/<path>.json`: its answer, whatever its status, once a 401 or an error
    /// status (`checked`) is ruled out by the caller.
    func send(_ verb: String, _ path: String, query: [(String, String)] = [], body: Any? = nil, name: String) async throws(SyncError) -> SyncResponse {
        var components = URLComponents(string: base + "/v2/" + path + ".json")
        if !query.isEmpty { components?.queryItems = query.map { URLQueryItem(name: $0.0, value: $0.1) } }
        guard let url = components?.url else { throw .invalidServer(address: base, reason: tr("it is not a web address")) }
        return try await send(URLRequest(url: url), verb: verb, body: body, name: name)
    }

    /// The page the previous answer's `Links` header names `rel="next"`.
    func next(after response: SyncResponse, name: String) async throws(SyncError) -> SyncResponse? {
        guard let links = response.header("Links"), let next = Self.link("next", in: links), let url = URL(string: next) else { return nil }
        return try await send(URLRequest(url: url), verb: "GET", body: nil, name: name)
    }

    /// A call's JSON answer, after `checked`.
    @discardableResult
    func call(_ verb: String, _ path: String, query: [(String, String)] = [], body: Any? = nil, name: String) async throws(SyncError) -> Any? {
        try json(checked(try await send(verb, path, query: query, body: body, name: name), call: name), call: name)
    }

    private func send(_ request: URLRequest, verb: String, body: Any?, name: String) async throws(SyncError) -> SyncResponse {
        var request = request
        request.httpMethod = verb
        request.setValue(authorization, forHTTPHeaderField: "Authorization")
        if let body {
            request.setValue("application/json; charset=utf-8", forHTTPHeaderField: "Content-Type")
            request.httpBody = try? JSONSerialization.data(withJSONObject: body)
        }
        return try await http.send(request, call: name)
    }

    /// The answer when its status says it worked; otherwise the error it names.
    func checked(_ response: SyncResponse, call: String) throws(SyncError) -> SyncResponse {
        try http.checked(response, call: call, reason: Self.reason)
    }

    /// The JSON of an answer; nil for an empty one.
    func json(_ response: SyncResponse, call: String) throws(SyncError) -> Any? {
        try http.json(response, call: call, webPage: tr("a web page instead of JSON: is this the Feedbin address?"))
    }

    /// An error body's words: its `message`, else its first `errors` entry.
    private static func reason(_ response: SyncResponse) -> String? {
        guard let object = JSONReading.parse(response.body) as? [String: Any] else { return nil }
        if let message = JSONReading.text(object["message"]) { return message }
        return (object["errors"] as? [[String: Any]])?.first?.values.lazy.compactMap(JSONReading.text).first
    }

    /// The address of `rel` in a `Links` header: `<url>; rel="next", <url>; rel="last"`.
    static func link(_ rel: String, in header: String) -> String? {
        for part in header.split(separator: ",") {
            let pieces = part.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let address = pieces.first, address.hasPrefix("<"), address.hasSuffix(">"),
                  pieces.dropFirst().contains("rel=\"\(rel)\"") else { continue }
            return String(address.dropFirst().dropLast())
        }
        return nil
    }
}
