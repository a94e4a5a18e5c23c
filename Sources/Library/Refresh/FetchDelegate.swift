import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The session delegate behind `HTTPFetcher`: collects each task's body (cancelling
/// past the size limit), records redirect hops and stops loops, and reports the
/// outcome once per task.
final class FetchDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private struct Pending {
        var url: URL
        var body = Data()
        var redirects: [HTTPResult.Hop] = []
        var failure: FetchFailure?
        var finish: @Sendable (Result<HTTPResult, FetchFailure>) -> Void
    }

    private let lock = NSLock()
    private var pending: [Int: Pending] = [:]
    private let maxBodyBytes: Int
    private let maxRedirects: Int

    init(maxBodyBytes: Int, maxRedirects: Int) {
        self.maxBodyBytes = maxBodyBytes
        self.maxRedirects = maxRedirects
    }

    func register(_ task: URLSessionTask, url: URL, finish: @escaping @Sendable (Result<HTTPResult, FetchFailure>) -> Void) {
        lock.withLock { pending[task.taskIdentifier] = Pending(url: url, finish: finish) }
    }

    private func update<T>(_ task: URLSessionTask, _ body: (inout Pending) -> T) -> T? {
        lock.withLock {
            // In place: copying the state out would copy the body on every chunk.
            guard pending[task.taskIdentifier] != nil else { return nil }
            return body(&pending[task.taskIdentifier]!)
        }
    }

    /// Ends `task` with `failure` unless it has already finished.
    func abandon(_ task: URLSessionTask, with failure: FetchFailure) {
        let stillRunning: Bool = update(task) { state in
            if state.failure == nil { state.failure = failure }
            return true
        } ?? false
        if stillRunning { task.cancel() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void) {
        let from = response.url ?? task.originalRequest?.url
        let follow: Bool = update(task) { state in
            guard let from, let to = request.url else { return false }
            let visited = Set([state.url] + state.redirects.map(\.to))
            state.redirects.append(HTTPResult.Hop(status: response.statusCode, from: from, to: to))
            if visited.contains(to) {
                state.failure = .redirectLoop(to)
                return false
            }
            if state.redirects.count > maxRedirects {
                state.failure = .tooManyRedirects(maxRedirects)
                return false
            }
            return true
        } ?? false
        completionHandler(follow ? request : nil)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void) {
        let tooLarge = response.expectedContentLength > Int64(maxBodyBytes)
        if tooLarge { _ = update(dataTask) { $0.failure = .tooLarge(limit: maxBodyBytes) } }
        completionHandler(tooLarge ? .cancel : .allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let overflow: Bool = update(dataTask) { state in
            state.body.append(data)
            if state.body.count > maxBodyBytes {
                state.failure = .tooLarge(limit: maxBodyBytes)
                state.body = Data()
                return true
            }
            return false
        } ?? false
        if overflow { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let state = lock.withLock({ pending.removeValue(forKey: task.taskIdentifier) }) else { return }
        if let failure = state.failure {
            state.finish(.failure(failure))
            return
        }
        if let error {
            let code = (error as NSError).code
            if code == NSURLErrorCancelled { state.finish(.failure(.cancelled)); return }
            if code == NSURLErrorTimedOut { state.finish(.failure(.timedOut)); return }
            state.finish(.failure(.transport(error.localizedDescription)))
            return
        }
        guard let response = task.response as? HTTPURLResponse else {
            state.finish(.failure(.transport("the server sent no HTTP response")))
            return
        }
        var headers: [String: String] = [:]
        for (key, value) in response.allHeaderFields {
            if let key = key as? String, let value = value as? String { headers[key.lowercased()] = value }
        }
        state.finish(.success(HTTPResult(url: response.url ?? state.url, status: response.statusCode, headers: headers,
                                         body: state.body, redirects: state.redirects)))
    }
}
