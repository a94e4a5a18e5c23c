import Foundation
import Library
#if canImport(FoundationNetworking)
import FoundationNetworking   // URLRequest: how the clients describe a call
#endif
import Localization

/// One HTTP answer from a sync server.
struct SyncResponse: Sendable {
    var status: Int
    var headers: [String: String]
    var body: Data

    /// `CurlTransfer` keeps header names lower-cased.
    func header(_ name: String) -> String? { headers[name.lowercased()] }

    var text: String { String(decoding: body, as: UTF8.self) }
}

/// The manners every sync call shares: the same User-Agent on every call (Tiny Tiny RSS ties
/// its session to it), no cookies and no cache, a timeout, TLS verification as libcurl does it
/// (never switched off), kept-alive connections (`CurlTransfer`), and patience with a busy
/// server: a 429 or 5xx is tried again after its `Retry-After` (or a short back-off) when that
/// is within `maxWait`, and otherwise reported.
final class SyncHTTP: Sendable {
    struct Settings: Sendable {
        var userAgent: String
        var timeout: TimeInterval = 30
        /// The longest a sync waits for a busy server before giving up for now.
        var maxWait: TimeInterval = 30
        /// How many times a 429 / 5xx answer is tried again.
        var retries = 2
    }

    let server: String
    let settings: Settings
    private let transfer: CurlTransfer

    init(server: String, settings: Settings) {
        self.server = server
        self.settings = settings
        // A hung server is given up after `timeout` quiet seconds; a steady one gets four times that.
        var download = DownloadPolicy.syncAnswer
        download.stallTimeout = settings.timeout
        download.deadline = settings.timeout * 4
        transfer = CurlTransfer(userAgent: settings.userAgent, policy: download)
    }

    /// Sends `request` (named `call` in messages) and returns the answer, whatever its status,
    /// after waiting out busy answers — unless `patient` is false: a call whose 5xx is the
    /// server's verdict on it (Miniflux answers a feed it cannot read with 500) is not tried again.
    func send(_ request: URLRequest, call: String, patient: Bool = true) async throws(SyncError) -> SyncResponse {
        var attempt = 0
        while true {
            let response = try await once(request, call: call)
            guard response.status == 429 || (patient && (500...599).contains(response.status)), response.status != 501 else { return response }
            let wait = RetryAfter.seconds(response.header("Retry-After")) ?? Double(1 << attempt)
            if wait > settings.maxWait { throw .rateLimited(server: server, until: Date().addingTimeInterval(wait)) }
            guard attempt < settings.retries else { return response }
            attempt += 1
            do {
                try await Task.sleep(for: .seconds(wait))
            } catch {
                throw .cancelled
            }
        }
    }

    private func once(_ request: URLRequest, call: String) async throws(SyncError) -> SyncResponse {
        if Task.isCancelled { throw .cancelled }
        guard let url = request.url else { throw .invalidServer(address: server, reason: tr("no address for {call}", ["call": call])) }
        let headers = (request.allHTTPHeaderFields ?? [:]).filter { $0.key.lowercased() != "user-agent" }.sorted { $0.key < $1.key }
        do {
            let answer = try await transfer.send(CurlTransfer.Request(url: url, method: request.httpMethod ?? "GET",
                                                                      headers: headers.map { ($0.key, $0.value) }, body: request.httpBody))
            return SyncResponse(status: answer.status, headers: answer.headers, body: answer.body)
        } catch {
            switch error {
            case .timedOut: throw .timedOut(server: server, seconds: Int(settings.timeout))
            case .tooSlow: throw .timedOut(server: server, seconds: Int(settings.timeout * 4))
            case .tooLarge:
                throw .badResponse(server: server, call: call,
                                   reason: tr("larger than {size} MB, so Lectern stopped reading it", ["size": DownloadPolicy.syncAnswer.maxBytes >> 20]))
            case .cutShort(let detail): throw .badResponse(server: server, call: call, reason: tr("cut short ({error})", ["error": detail]))
            case .unreachable(let detail), .noConnection(let detail), .notWritten(let detail): throw .unreachable(server: server, reason: detail)
            case .cancelled: throw .cancelled
            }
        }
    }

    /// The answer when its status says it worked; otherwise the error that status names: 401 the
    /// credentials, another 4xx a refusal in the server's words (`reason` reads them from its
    /// error body), anything else the status itself.
    func checked(_ response: SyncResponse, call: String, reason: (SyncResponse) -> String?) throws(SyncError) -> SyncResponse {
        switch response.status {
        case 200..<300: return response
        case 401: throw .wrongCredentials(server: server)
        case 400...499: throw .refused(server: server, call: call, reason: reason(response) ?? "HTTP \(response.status)")
        default: throw .httpStatus(server: server, status: response.status, call: call)
        }
    }

    /// The JSON list or object of an answer; nil for an empty one. An HTML page or garbage is a
    /// `.badResponse`, a page with `webPage` as its reason (what such a page suggests).
    func json(_ response: SyncResponse, call: String, webPage: @autoclosure () -> String) throws(SyncError) -> Any? {
        if response.body.isEmpty { return nil }
        guard let value = JSONReading.parse(response.body), value is [Any] || value is [String: Any] else {
            let page = response.text.prefix(512).lowercased().contains("<html")
            throw .badResponse(server: server, call: call, reason: page ? webPage() : tr("not JSON"))
        }
        return value
    }

    /// A server's address as a client builds on it: a web address (`webAddress`), without its
    /// trailing slashes and without those of `tails` it ends in, taken off in order (the parts of
    /// an API's own address a user may paste).
    static func base(of server: String, dropping tails: [String]) throws(SyncError) -> String {
        var base = try webAddress(server).string ?? server
        while base.hasSuffix("/") { base.removeLast() }
        for tail in tails where base.hasSuffix(tail) { base.removeLast(tail.count) }
        return base
    }

    /// The parts of a server's address, when it is one a client can call: http(s) and a host.
    static func webAddress(_ server: String) throws(SyncError) -> URLComponents {
        guard let components = URLComponents(string: server), let scheme = components.scheme?.lowercased(),
              scheme == "http" || scheme == "https", components.host?.isEmpty == false else {
            throw .invalidServer(address: server, reason: tr("it needs to start with https:// (or http://) and name a host"))
        }
        return components
    }

    /// The `Authorization` value of HTTP Basic for `user` and `password`.
    static func basicAuthorization(user: String, password: String) -> String {
        "Basic " + Data("\(user):\(password)".utf8).base64EncodedString()
    }

    /// A form body (`application/x-www-form-urlencoded`); repeated keys stay repeated.
    /// Every byte of the UTF-8 but ASCII letters, digits and `-._~` is percent-encoded.
    static func form(_ fields: [(String, String)]) -> Data {
        var body: [UInt8] = []
        body.reserveCapacity(fields.reduce(0) { $0 + $1.0.utf8.count + $1.1.utf8.count + 2 })
        let hex = Array("0123456789ABCDEF".utf8)
        func append(_ text: String) {
            for byte in text.utf8 {
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                     UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                    body.append(byte)
                default:
                    body += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
                }
            }
        }
        for (index, field) in fields.enumerated() {
            if index > 0 { body.append(UInt8(ascii: "&")) }
            append(field.0)
            body.append(UInt8(ascii: "="))
            append(field.1)
        }
        return Data(body)
    }
}
