import CCurl
import Foundation
import Localization
import Synchronization

/// HTTP exchanges through libcurl's easy interface, each on a thread of its own that sleeps in
/// `poll` while the server thinks. (URLSession on Linux wakes hundreds of times a second while
/// it waits for an answer: measured, 3 s of waiting cost 2 s of CPU; and it kept every task,
/// with its request and response, until a 120 s deadline timer let go of it.) Handles not in use
/// are kept, so their connections stay alive for the next exchange; several exchanges run at
/// once on separate handles.
package final class CurlTransfer: Sendable {
    package struct Request: Sendable {
        package var url: URL
        /// GET, POST, or another verb that carries a body (PUT, DELETE).
        package var method = "GET"
        package var headers: [(String, String)] = []
        package var body: Data?
        /// Off: a 3xx answer comes back as it is, with `Answer.redirect` naming where it points.
        package var followRedirects = true

        package init(url: URL, method: String = "GET", headers: [(String, String)] = [], body: Data? = nil,
                     followRedirects: Bool = true) {
            self.url = url
            self.method = method
            self.headers = headers
            self.body = body
            self.followRedirects = followRedirects
        }
    }

    package struct Answer: Sendable {
        package var status: Int
        /// Header fields of the last answer, names lower-cased.
        package var headers: [String: String]
        package var body: Data
        /// Where a 3xx answer points, made absolute (only when redirects are not followed).
        package var redirect: URL?
        /// The address the answer came from, after the redirects libcurl followed.
        package var effectiveURL: URL?
        /// How long the exchange took, from connecting to the last byte.
        package var seconds: TimeInterval
    }

    package enum Failure: Error, Equatable {
        /// Nothing arrived for `DownloadPolicy.stallTimeout` seconds (or no connection was made
        /// within `connectTimeout`).
        case timedOut
        /// Data kept coming, but the exchange outlasted `DownloadPolicy.deadline`.
        case tooSlow
        /// The body, decoded, is larger than `DownloadPolicy.maxBytes`.
        case tooLarge
        case cutShort(String)
        /// No connection could be made: the name did not resolve, or nothing answered at the address.
        case noConnection(String)
        case unreachable(String)
        /// The body could not be written to its file (a full disk): only `send(_:to:progress:)`.
        case notWritten(String)
        case cancelled
    }

    /// An easy handle; one exchange at a time uses it.
    private struct Handle: @unchecked Sendable {
        let curl: UnsafeMutableRawPointer
    }

    private let idle = Mutex<[Handle]>([])
    private let userAgent: String
    package let policy: DownloadPolicy
    /// Handles kept for their connections; more at once are closed after use.
    private static let keptHandles = 8

    private static let initialized: Bool = curl_global_init(Int(CURL_GLOBAL_DEFAULT)) == CURLE_OK

    package init(userAgent: String, policy: DownloadPolicy) {
        _ = Self.initialized
        self.userAgent = userAgent
        self.policy = policy
    }

    deinit {
        idle.withLock { $0.forEach { curl_easy_cleanup($0.curl) } }
    }

    /// Sends `request` and returns the answer, whatever its status. `allowed` (default: the
    /// policy's deadline) lets a caller share the time among several exchanges (`Answer.seconds`
    /// says what each took). Cancelling the task ends the transfer.
    package func send(_ request: Request, allowed: TimeInterval? = nil) async throws(Failure) -> Answer {
        try await send(request, allowed: allowed, receiver: Receiver(allowed: allowed ?? policy.deadline, maxBodyBytes: policy.maxBytes))
    }

    /// The same, the body written to `file` (open for writing) as it comes instead of kept in
    /// memory: `Answer.body` is empty. `progress` is told the bytes written and, when the server
    /// said, how many are coming, at most once a second (on the transfer's thread).
    package func send(_ request: Request, to file: FileHandle, progress: @escaping @Sendable (Int, Int?) -> Void) async throws(Failure) -> Answer {
        let receiver = Receiver(allowed: policy.deadline, maxBodyBytes: policy.maxBytes)
        receiver.file = file.fileDescriptor
        receiver.progress = progress
        return try await send(request, allowed: nil, receiver: receiver)
    }

    private func send(_ request: Request, allowed: TimeInterval?, receiver: Receiver) async throws(Failure) -> Answer {
        let result: Result<Answer, Failure> = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                // A thread of its own: libcurl blocks it in poll(), which must not starve
                // Dispatch's or the concurrency runtime's few threads.
                Thread { [self] in
                    let handle = idle.withLock { $0.popLast() } ?? curl_easy_init().map(Handle.init)
                    let result = perform(request, on: handle?.curl, into: receiver)
                    if let handle { release(handle) }
                    continuation.resume(returning: result)
                }.start()
            }
        } onCancel: {
            receiver.cancelled.withLock { $0 = true }
        }
        return try result.get()
    }

    private func release(_ handle: Handle) {
        let kept = idle.withLock { handles in
            guard handles.count < Self.keptHandles else { return false }
            handles.append(handle)
            return true
        }
        if !kept { curl_easy_cleanup(handle.curl) }
    }

    /// What one transfer received; the callbacks write here.
    private final class Receiver: @unchecked Sendable {
        var body = Data()
        /// Where the body goes instead of `body`, and who hears how far it got.
        var file: Int32?
        var progress: (@Sendable (Int, Int?) -> Void)?
        var written = 0
        var writeError: String?
        private var lastProgress = Date.distantPast
        var headers: [String: String] = [:]
        var tooLarge = false
        var pastDeadline = false
        let cancelled = Mutex(false)
        let allowed: TimeInterval
        /// Set when the transfer starts: time spent waiting for a thread is not the server's.
        var deadline = Date.distantFuture
        let maxBodyBytes: Int

        init(allowed: TimeInterval, maxBodyBytes: Int) {
            self.allowed = allowed
            self.maxBodyBytes = maxBodyBytes
        }

        /// False when a body of `count` bytes would pass the limit.
        func accepts(_ count: Int) -> Bool {
            guard count > maxBodyBytes else { return true }
            tooLarge = true
            return false
        }

        func header(_ line: String) -> Bool {
            if line.hasPrefix("HTTP/") {
                headers = [:]   // a new answer (after a redirect or a 100): its own headers
            } else if let colon = line.firstIndex(of: ":") {
                let name = line[..<colon].lowercased()
                let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespacesAndNewlines)
                headers[name] = value
                if name == "content-length", let length = Int(value), !accepts(length) { return false }
            }
            return true
        }

        /// Takes `count` bytes at `data`: into the file, or the body. False to stop (the cap, a
        /// write that failed: a full disk).
        func receive(_ data: UnsafeRawPointer, count: Int) -> Bool {
            guard accepts(written + count) else { return false }
            if let file {
                var offset = 0
                while offset < count {
                    let done = Glibc.write(file, data + offset, count - offset)
                    guard done > 0 else {
                        writeError = String(cString: strerror(errno))
                        return false
                    }
                    offset += done
                }
            } else {
                body.append(data.assumingMemoryBound(to: UInt8.self), count: count)
            }
            written += count
            if let progress, Date().timeIntervalSince(lastProgress) >= 1 {
                lastProgress = Date()
                progress(written, headers["content-length"].flatMap(Int.init))
            }
            return true
        }

        /// True to stop the transfer.
        func shouldStop() -> Bool {
            if cancelled.withLock({ $0 }) { return true }
            if Date() > deadline { pastDeadline = true }
            return pastDeadline
        }
    }

    private func perform(_ request: Request, on curl: UnsafeMutableRawPointer?, into receiver: Receiver) -> Result<Answer, Failure> {
        guard let curl else { return .failure(.unreachable(tr("libcurl could not start"))) }
        receiver.deadline = Date().addingTimeInterval(receiver.allowed)
        curl_easy_reset(curl)   // keeps the connections, forgets the last request
        lectern_curl_set_string(curl, CURLOPT_URL, request.url.absoluteString)
        lectern_curl_set_string(curl, CURLOPT_USERAGENT, userAgent)
        lectern_curl_set_string(curl, CURLOPT_ACCEPT_ENCODING, "")   // every encoding libcurl knows
        lectern_curl_set_string(curl, CURLOPT_PROTOCOLS_STR, "http,https")
        lectern_curl_set_string(curl, CURLOPT_REDIR_PROTOCOLS_STR, "http,https")
        lectern_curl_set_long(curl, CURLOPT_NOSIGNAL, 1)
        lectern_curl_set_long(curl, CURLOPT_FOLLOWLOCATION, request.followRedirects ? 1 : 0)
        lectern_curl_set_long(curl, CURLOPT_MAXREDIRS, 5)
        lectern_curl_set_long(curl, CURLOPT_CONNECTTIMEOUT, Int(policy.connectTimeout.rounded(.up)))
        // A server that sends nothing for the stall timeout has hung; a steady one may take until
        // the deadline, which the progress callback watches (libcurl calls it every second).
        lectern_curl_set_long(curl, CURLOPT_LOW_SPEED_LIMIT, 1)
        lectern_curl_set_long(curl, CURLOPT_LOW_SPEED_TIME, Int(policy.stallTimeout.rounded(.up)))
        if request.method != "GET" {
            lectern_curl_set_long(curl, CURLOPT_POST, 1)
            // PUT and DELETE (Miniflux's API) are a POST's request with another verb.
            if request.method != "POST" { lectern_curl_set_string(curl, CURLOPT_CUSTOMREQUEST, request.method) }
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
            let receiver = Unmanaged<Receiver>.fromOpaque(context).takeUnretainedValue()
            return receiver.receive(UnsafeRawPointer(data), count: size * count) ? size * count : 0
        }, { data, size, count, context in
            guard let data, let context else { return 0 }
            let line = String(decoding: UnsafeRawBufferPointer(start: data, count: size * count), as: UTF8.self)
            return Unmanaged<Receiver>.fromOpaque(context).takeUnretainedValue().header(line) ? size * count : 0
        }, { context, _, _, _, _ in
            guard let context else { return 0 }
            return Unmanaged<Receiver>.fromOpaque(context).takeUnretainedValue().shouldStop() ? 1 : 0
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
            let redirect = lectern_curl_info_string(curl, CURLINFO_REDIRECT_URL).flatMap { URL(string: String(cString: $0)) }
            let effective = lectern_curl_info_string(curl, CURLINFO_EFFECTIVE_URL).flatMap { URL(string: String(cString: $0)) }
            return .success(Answer(status: lectern_curl_response_code(curl), headers: receiver.headers,
                                   body: receiver.body, redirect: request.followRedirects ? nil : redirect,
                                   effectiveURL: effective, seconds: lectern_curl_total_seconds(curl)))
        case CURLE_WRITE_ERROR where receiver.tooLarge: return .failure(.tooLarge)
        case CURLE_WRITE_ERROR where receiver.writeError != nil: return .failure(.notWritten(receiver.writeError ?? ""))
        case CURLE_ABORTED_BY_CALLBACK: return .failure(receiver.pastDeadline ? .tooSlow : .cancelled)
        case CURLE_OPERATION_TIMEDOUT: return .failure(.timedOut)
        case CURLE_PARTIAL_FILE, CURLE_RECV_ERROR, CURLE_GOT_NOTHING: return .failure(.cutShort(detail))
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY, CURLE_COULDNT_CONNECT: return .failure(.noConnection(detail))
        default: return .failure(.unreachable(detail))
        }
    }
}
