import CCurl
import Foundation
import Synchronization

/// HTTP exchanges through libcurl's easy interface, each on a thread of its own that sleeps in
/// `poll` while the server thinks. (URLSession on Linux wakes hundreds of times a second while
/// it waits for an answer: measured, 3 s of waiting cost 2 s of CPU; a sync mostly waits.)
/// One handle per server, so its connections are kept alive between calls; calls on one handle
/// take turns.
final class CurlTransfer: Sendable {
    struct Request: Sendable {
        var url: URL
        var method = "GET"
        var headers: [(String, String)] = []
        var body: Data?
    }

    struct Answer: Sendable {
        var status: Int
        var headers: [String: String]
        var body: Data
    }

    enum Failure: Error {
        case timedOut
        case cutShort(String)
        case unreachable(String)
        case cancelled
    }

    private let handle: Mutex<UnsafeMutableRawPointer?>
    private let userAgent: String
    private let timeout: TimeInterval

    private static let initialized: Bool = curl_global_init(Int(CURL_GLOBAL_DEFAULT)) == CURLE_OK

    init(userAgent: String, timeout: TimeInterval) {
        _ = Self.initialized
        handle = Mutex(curl_easy_init())
        self.userAgent = userAgent
        self.timeout = timeout
    }

    deinit {
        handle.withLock { if let curl = $0 { curl_easy_cleanup(curl) } }
    }

    /// Sends `request` and returns the answer, whatever its status. Cancelling the task ends
    /// the transfer.
    func send(_ request: Request) async throws(Failure) -> Answer {
        let receiver = Receiver()
        let result: Result<Answer, Failure> = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                DispatchQueue.global().async { [self] in
                    continuation.resume(returning: handle.withLock { curl in perform(request, on: curl, into: receiver) })
                }
            }
        } onCancel: {
            receiver.cancelled.withLock { $0 = true }
        }
        return try result.get()
    }

    /// What one transfer received; the callbacks write here.
    private final class Receiver: @unchecked Sendable {
        var body = Data()
        var headers: [String: String] = [:]
        let cancelled = Mutex(false)
    }

    private func perform(_ request: Request, on curl: UnsafeMutableRawPointer?, into receiver: Receiver) -> Result<Answer, Failure> {
        guard let curl else { return .failure(.unreachable("libcurl could not start")) }
        curl_easy_reset(curl)   // keeps the connections, forgets the last request
        lectern_curl_set_string(curl, CURLOPT_URL, request.url.absoluteString)
        lectern_curl_set_string(curl, CURLOPT_USERAGENT, userAgent)
        lectern_curl_set_string(curl, CURLOPT_ACCEPT_ENCODING, "")   // every encoding libcurl knows
        lectern_curl_set_long(curl, CURLOPT_NOSIGNAL, 1)
        lectern_curl_set_long(curl, CURLOPT_FOLLOWLOCATION, 1)
        lectern_curl_set_long(curl, CURLOPT_MAXREDIRS, 5)
        lectern_curl_set_long(curl, CURLOPT_CONNECTTIMEOUT, Int(timeout))
        // A server that sends nothing for `timeout` seconds has hung; the whole exchange may take longer.
        lectern_curl_set_long(curl, CURLOPT_LOW_SPEED_LIMIT, 1)
        lectern_curl_set_long(curl, CURLOPT_LOW_SPEED_TIME, Int(timeout))
        lectern_curl_set_long(curl, CURLOPT_TIMEOUT, Int(timeout * 4))
        if request.method == "POST" {
            lectern_curl_set_long(curl, CURLOPT_POST, 1)
            // COPYPOSTFIELDS copies the bytes: the body need not outlive this call.
            var body = [CChar]((request.body ?? Data()).map { CChar(bitPattern: $0) })
            let length = body.count
            body.append(0)
            _ = lectern_curl_set_body(curl, body, length)
        }
        var list: UnsafeMutablePointer<curl_slist>?
        for (name, value) in request.headers { list = curl_slist_append(list, "\(name): \(value)") }
        list = curl_slist_append(list, "Expect:")   // no 100-continue round trip for form bodies
        defer { curl_slist_free_all(list) }
        lectern_curl_set_headers(curl, list)
        var message = [CChar](repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
        let context = Unmanaged.passUnretained(receiver).toOpaque()
        lectern_curl_set_receivers(curl, { data, size, count, context in
            guard let data, let context else { return 0 }
            Unmanaged<Receiver>.fromOpaque(context).takeUnretainedValue().body.append(UnsafeRawPointer(data).assumingMemoryBound(to: UInt8.self), count: size * count)
            return size * count
        }, { data, size, count, context in
            guard let data, let context else { return 0 }
            let receiver = Unmanaged<Receiver>.fromOpaque(context).takeUnretainedValue()
            let line = String(decoding: UnsafeRawBufferPointer(start: data, count: size * count), as: UTF8.self)
            if line.hasPrefix("HTTP/") {
                receiver.headers = [:]   // a new answer (after a redirect): its own headers
            } else if let colon = line.firstIndex(of: ":") {
                receiver.headers[String(line[..<colon])] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespacesAndNewlines)
            }
            return size * count
        }, { context, _, _, _, _ in
            guard let context else { return 0 }
            return Unmanaged<Receiver>.fromOpaque(context).takeUnretainedValue().cancelled.withLock { $0 } ? 1 : 0
        }, context)
        let code = message.withUnsafeMutableBufferPointer { buffer -> CURLcode in
            lectern_curl_set_pointer(curl, CURLOPT_ERRORBUFFER, buffer.baseAddress)
            defer { lectern_curl_set_pointer(curl, CURLOPT_ERRORBUFFER, nil) }
            return curl_easy_perform(curl)
        }
        let detail = message.first == 0 ? String(cString: curl_easy_strerror(code))
            : String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        switch code {
        case CURLE_OK:
            return .success(Answer(status: lectern_curl_response_code(curl), headers: receiver.headers, body: receiver.body))
        case CURLE_OPERATION_TIMEDOUT: return .failure(.timedOut)
        case CURLE_ABORTED_BY_CALLBACK: return .failure(.cancelled)
        case CURLE_PARTIAL_FILE, CURLE_RECV_ERROR, CURLE_GOT_NOTHING: return .failure(.cutShort(detail))
        default: return .failure(.unreachable(detail))
        }
    }
}
