import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One HTTP answer from a sync server.
struct SyncResponse: Sendable {
    var status: Int
    var headers: [String: String]
    var body: Data

    func header(_ name: String) -> String? {
        headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    var text: String { String(decoding: body, as: UTF8.self) }
}

/// The manners every sync call shares: its own ephemeral session (no cookies, no cache), the
/// same User-Agent on every call (Tiny Tiny RSS ties its session to it), a timeout, TLS
/// verification as URLSession does it (never switched off), and patience with a busy server:
/// a 429 or 5xx is tried again after its `Retry-After` (or a short back-off) when that is
/// within `maxWait`, and otherwise reported.
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
    private let session: URLSession

    init(server: String, settings: Settings) {
        self.server = server
        self.settings = settings
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpCookieAcceptPolicy = .never
        configuration.httpShouldSetCookies = false
        configuration.timeoutIntervalForRequest = settings.timeout
        configuration.timeoutIntervalForResource = settings.timeout * 4
        session = URLSession(configuration: configuration)
    }

    deinit { session.invalidateAndCancel() }

    /// Sends `request` (named `call` in messages) and returns the answer, whatever its status,
    /// after waiting out busy answers.
    func send(_ request: URLRequest, call: String) async throws(SyncError) -> SyncResponse {
        var request = request
        request.timeoutInterval = settings.timeout
        request.setValue(settings.userAgent, forHTTPHeaderField: "User-Agent")
        var attempt = 0
        while true {
            let response = try await once(request, call: call)
            guard response.status == 429 || (500...599).contains(response.status), response.status != 501 else { return response }
            let wait = Self.retryAfter(response.header("Retry-After")) ?? Double(1 << attempt)
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
        do {
            let (data, response) = try await session.data(for: request)
            guard let http = response as? HTTPURLResponse else {
                throw SyncError.badResponse(server: server, call: call, reason: "not an HTTP answer")
            }
            var headers: [String: String] = [:]
            for (key, value) in http.allHeaderFields {
                if let key = key as? String, let value = value as? String { headers[key] = value }
            }
            if let expected = headers.first(where: { $0.key.lowercased() == "content-length" }).flatMap({ Int($0.value) }),
               expected > data.count {
                throw SyncError.badResponse(server: server, call: call, reason: "cut short after \(data.count) of \(expected) bytes")
            }
            return SyncResponse(status: http.statusCode, headers: headers, body: data)
        } catch let error as SyncError {
            throw error
        } catch let error as URLError {
            switch error.code {
            case .cancelled: throw .cancelled
            case .timedOut: throw .timedOut(server: server, seconds: Int(settings.timeout))
            case .networkConnectionLost:
                throw .badResponse(server: server, call: call, reason: "the connection closed before the answer was whole")
            default:
                // curl's "transfer closed with N bytes remaining": the answer was cut short.
                if error.localizedDescription.contains("transfer closed") {
                    throw .badResponse(server: server, call: call, reason: "cut short (\(error.localizedDescription))")
                }
                throw .unreachable(server: server, reason: error.localizedDescription)
            }
        } catch {
            if Task.isCancelled { throw .cancelled }
            throw .unreachable(server: server, reason: "\(error)")
        }
    }

    /// `Retry-After` in seconds, from its delta-seconds or HTTP-date form.
    static func retryAfter(_ value: String?) -> TimeInterval? {
        guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        if let seconds = TimeInterval(value) { return max(0, seconds) }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        return formatter.date(from: value).map { max(0, $0.timeIntervalSinceNow) }
    }

    /// A form body (`application/x-www-form-urlencoded`); repeated keys stay repeated.
    static func form(_ fields: [(String, String)]) -> Data {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        func encode(_ text: String) -> String { text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text }
        return Data(fields.map { "\(encode($0.0))=\(encode($0.1))" }.joined(separator: "&").utf8)
    }
}
