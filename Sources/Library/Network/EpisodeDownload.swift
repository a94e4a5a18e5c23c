import Foundation
import Localization

/// An episode downloaded for listening offline, into the downloads folder, through `CurlTransfer`
/// under `DownloadPolicy.episode`: written to a `.part` file as it comes (never held in memory),
/// renamed when complete, so a file under its own name is always whole; a failure or a cancel
/// leaves nothing behind.
public enum EpisodeDownload {
    /// Downloads `url` (of article `articleID`) into `folder`, at most `maxBytes`; `progress` is
    /// told the bytes written and, when the server said, how many are coming (about once a second,
    /// on the transfer's thread). Returns the file and its size.
    public static func fetch(_ url: URL, articleID: Int64, into folder: URL, maxBytes: Int, appVersion: String,
                             progress: @escaping @Sendable (Int, Int?) -> Void) async throws(ResourceDownload.Failure) -> (file: URL, bytes: Int) {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else { throw .notWeb(url.absoluteString) }
        let file = folder.appending(path: fileName(articleID: articleID, url: url))
        let part = file.appendingPathExtension("part")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw .notWritten(error.localizedDescription)
        }
        guard FileManager.default.createFile(atPath: part.path, contents: nil), let handle = FileHandle(forWritingAtPath: part.path) else {
            throw .notWritten(tr("{path} cannot be created", ["path": part.path]))
        }
        let transfer = CurlTransfer(userAgent: DownloadPolicy.userAgent(appVersion: appVersion), policy: .episode(maxBytes: maxBytes))
        let answer: CurlTransfer.Answer
        do {
            answer = try await transfer.send(.init(url: url), to: handle, progress: progress)
            try? handle.close()
        } catch {
            try? handle.close()
            try? FileManager.default.removeItem(at: part)
            switch error {
            case .timedOut: throw .timedOut
            case .tooSlow: throw .tooSlow(seconds: Int(transfer.policy.deadline))
            case .tooLarge: throw .tooLarge(limit: maxBytes)
            case .cancelled: throw .cancelled
            case .notWritten(let detail): throw .notWritten(detail)
            case .cutShort(let detail), .noConnection(let detail), .unreachable(let detail): throw .unreachable(detail)
            }
        }
        guard (200..<300).contains(answer.status) else {
            try? FileManager.default.removeItem(at: part)
            throw .http(status: answer.status)
        }
        let bytes = (try? FileManager.default.attributesOfItem(atPath: part.path)[.size] as? Int) ?? 0
        do {
            _ = try? FileManager.default.removeItem(at: file)
            try FileManager.default.moveItem(at: part, to: file)
        } catch {
            try? FileManager.default.removeItem(at: part)
            throw .notWritten(error.localizedDescription)
        }
        return (file, bytes)
    }

    /// "<article>-<8 hex of the address>.<extension>": one file per episode, its kind kept for
    /// players that go by the name.
    static func fileName(articleID: Int64, url: URL) -> String {
        let ext = url.pathExtension.lowercased().filter { $0.isLetter || $0.isNumber }.prefix(5)
        return "\(articleID)-\(EpisodeProgress.token(for: url.absoluteString))" + (ext.isEmpty ? "" : ".\(ext)")
    }
}
