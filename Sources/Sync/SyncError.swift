import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Why a sync, or adding an account, failed. Each `description` says what failed, where, and
/// what to do; nothing stored is lost by any of them.
public enum SyncError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No Secret Service answers on the session bus.
    case noSecretService(reason: String)
    /// The Secret Service answered but would not store or give the password.
    case secretServiceFailed(reason: String)
    /// The keyring holds no password for the account (removed by hand, or another keyring).
    case noPassword(account: String)
    /// The server's address is not one Lectern can use.
    case invalidServer(address: String, reason: String)
    /// The server could not be reached (no route, refused, TLS failed…).
    case unreachable(server: String, reason: String)
    /// The server did not answer in time.
    case timedOut(server: String, seconds: Int)
    /// The server refused the user name or password.
    case wrongCredentials(server: String)
    /// The server's API is switched off for this user.
    case apiDisabled(server: String, hint: String)
    /// An HTTP error status the client cannot work around.
    case httpStatus(server: String, status: Int, call: String)
    /// The server asked to wait longer than a sync should (429/503 with Retry-After).
    case rateLimited(server: String, until: Date)
    /// The answer was not what the protocol promises: not JSON, an HTML page, cut short…
    case badResponse(server: String, call: String, reason: String)
    /// The server refused a change; it is dropped, not retried.
    case refused(server: String, call: String, reason: String)
    /// This user on this server is already an account.
    case duplicateAccount(title: String)
    /// No account has this number.
    case noSuchAccount(id: Int64)
    /// The library could not be read or written (a full disk, a damaged file…).
    case storage(String)
    case cancelled

    public var description: String {
        switch self {
        case .noSecretService(let reason):
            return "No Secret Service is running (\(reason)). Lectern keeps sync passwords only in the desktop's keyring: "
                + "start GNOME Keyring (or KeePassXC's Secret Service) and try again."
        case .secretServiceFailed(let reason):
            return "The keyring would not keep the password (\(reason)). Unlock the keyring and try again."
        case .noPassword(let account):
            return "The keyring has no password for \(account). Remove the account and add it again."
        case .invalidServer(let address, let reason):
            return "\(address) is not a server address Lectern can use: \(reason)."
        case .unreachable(let server, let reason):
            return "Could not reach \(server): \(reason). Check the address and the network; nothing was lost."
        case .timedOut(let server, let seconds):
            return "\(server) did not answer within \(seconds) s; the sync will be tried again later."
        case .wrongCredentials(let server):
            return "\(server) refused the user name or password. Sign in again with the right ones"
                + " (FreshRSS and Miniflux want the API password set in their settings, not the web password)."
        case .apiDisabled(let server, let hint):
            return "\(server) has its API switched off for this user. \(hint)"
        case .httpStatus(let server, let status, let call):
            return "\(server) answered HTTP \(status) (\(HTTPURLResponse.localizedString(forStatusCode: status))) to \(call)."
        case .rateLimited(let server, let until):
            return "\(server) asked Lectern to wait until \(until.formatted(date: .abbreviated, time: .shortened)) before syncing again."
        case .badResponse(let server, let call, let reason):
            return "\(server) gave an answer to \(call) that is not what its API promises (\(reason)); nothing was changed."
        case .refused(let server, let call, let reason):
            return "\(server) refused \(call) (\(reason)); the change was dropped."
        case .duplicateAccount(let title):
            return "The account \(title) is already added; its menu in the sidebar has Sign In Again for a new password."
        case .noSuchAccount(let id):
            return "There is no account \(id); lectern --list-accounts shows their numbers."
        case .storage(let message):
            return "The library could not be read or written: \(message)"
        case .cancelled:
            return "The sync was cancelled."
        }
    }
}
