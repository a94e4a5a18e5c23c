import Foundation
import Localization
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Miniflux's REST API, version 1 (`<server>/v1/…`, JSON in and out), as its API reference
/// describes it ("API Reference" on miniflux.app) and its own Go client uses it.
///
/// - Authentication (reference, "Authentication"): HTTP Basic with the user's login, or an API
///   key in `X-Auth-Token`. The password field takes either: Basic is tried first, then the same
///   secret as a key; whichever the server took is used from then on (in memory only).
/// - Errors (reference, "Errors"): a JSON body `{"error_message": "…"}` with 400 (bad request),
///   401 (not signed in), 403 (forbidden), 404 (not found) or 500.
/// - Answers are JSON, or empty with 201/204 for changes.
final class MinifluxClient: Sendable {
    private let base: String
    private let user: String
    private let password: String
    let http: SyncHTTP
    /// Which way of signing in the server took: nil until one did.
    private let method = Mutex<Authentication?>(nil)
    /// The icons (by `icon_id`) the server listed but could not give: not asked for again while
    /// the app runs (the client lives from sync to sync); a new icon has a new id.
    let missingIcons = Mutex<Set<Int64>>([])

    enum Authentication: Sendable { case basic, apiKey }

    init(server: String, user: String, password: String, http: SyncHTTP) throws(SyncError) {
        base = try SyncHTTP.base(of: server, dropping: ["/v1"])
        self.user = user
        self.password = password
        self.http = http
    }

    /// Signs in (`GET /v1/me`): the user's login first, then the secret as an API key.
    func verify() async throws(SyncError) {
        for way in [Authentication.basic, .apiKey] {
            let response = try await http.send(try request("GET", "/v1/me", authentication: way), call: "me")
            if response.status == 401 { continue }
            guard try json(checked(response, call: "me"), call: "me") != nil else {
                throw .badResponse(server: http.server, call: "me", reason: tr("not JSON"))
            }
            method.withLock { $0 = way }
            return
        }
        throw .wrongCredentials(server: http.server)
    }

    /// A JSON call: its answer (nil for an empty one). A 401 signs in again, once. With
    /// `patient` false, a 5xx carrying an `error_message` is the server's refusal of this call
    /// (Miniflux's answer to a feed it cannot fetch or read), not a server in trouble.
    @discardableResult
    func call(_ verb: String, _ path: String, query: [(String, String)] = [], body: Any? = nil, name: String,
              patient: Bool = true) async throws(SyncError) -> Any? {
        if method.withLock({ $0 }) == nil { try await verify() }
        func send() async throws(SyncError) -> SyncResponse {
            try await http.send(try request(verb, path, query: query, body: body, authentication: method.withLock { $0 } ?? .basic),
                                call: name, patient: patient)
        }
        var response = try await send()
        if response.status == 401 {
            try await verify()
            response = try await send()
        }
        if !patient, response.status >= 500, let message = Self.errorMessage(response) {
            throw .refused(server: http.server, call: name, reason: message)
        }
        return try json(checked(response, call: name), call: name)
    }

    private func request(_ verb: String, _ path: String, query: [(String, String)] = [], body: Any? = nil,
                         authentication: Authentication) throws(SyncError) -> URLRequest {
        var components = URLComponents(string: base + path)
        if !query.isEmpty { components?.queryItems = query.map { URLQueryItem(name: $0.0, value: $0.1) } }
        guard let url = components?.url else { throw .invalidServer(address: base, reason: tr("it is not a web address")) }
        var request = URLRequest(url: url)
        request.httpMethod = verb
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        switch authentication {
        case .basic:
            request.setValue(SyncHTTP.basicAuthorization(user: user, password: password), forHTTPHeaderField: "Authorization")
        case .apiKey:
            request.setValue(password, forHTTPHeaderField: "X-Auth-Token")
        }
        if let body {
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.httpBody = try? JSONSerialization.data(withJSONObject: body)
        }
        return request
    }

    /// The answer when its status says it worked; otherwise the error its status and
    /// `error_message` name.
    private func checked(_ response: SyncResponse, call: String) throws(SyncError) -> SyncResponse {
        try http.checked(response, call: call, reason: Self.errorMessage)
    }

    /// The `error_message` of an error answer.
    private static func errorMessage(_ response: SyncResponse) -> String? {
        (JSONReading.parse(response.body) as? [String: Any]).flatMap { JSONReading.text($0["error_message"]) }
    }

    private func json(_ response: SyncResponse, call: String) throws(SyncError) -> Any? {
        try http.json(response, call: call, webPage: tr("a web page instead of JSON: is this the Miniflux address?"))
    }
}
