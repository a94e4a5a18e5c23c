import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Localization

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
            return tr("No Secret Service is running ({error}). Lectern keeps sync passwords only in the desktop's keyring: start GNOME Keyring (or KeePassXC's Secret Service) and try again.",
                      ["error": reason])
        case .secretServiceFailed(let reason):
            return tr("The keyring would not keep the password ({error}). Unlock the keyring and try again.", ["error": reason])
        case .noPassword(let account):
            return tr("The keyring has no password for {account}. Remove the account and add it again.", ["account": account])
        case .invalidServer(let address, let reason):
            return tr("{address} is not a server address Lectern can use: {reason}.", ["address": address, "reason": reason])
        case .unreachable(let server, let reason):
            return tr("Could not reach {server}: {error}. Check the address and the network; nothing was lost.", ["server": server, "error": reason])
        case .timedOut(let server, let seconds):
            return tr("{server} did not answer within {count} s; the sync will be tried again later.", ["server": server, "count": seconds])
        case .wrongCredentials(let server):
            return tr("{server} refused the user name or password. Sign in again with the right ones (FreshRSS and Miniflux want the API password set in their settings, not the web password).",
                      ["server": server])
        case .apiDisabled(let server, let hint):
            // Translators: {hint} says where to switch the API on.
            return tr("{server} has its API switched off for this user. {hint}", ["server": server, "hint": hint])
        case .httpStatus(let server, let status, let call):
            // Translators: {status} is an HTTP status code, {reason} its meaning; {call} names the request, e.g. "subscription/list".
            return tr("{server} answered HTTP {status} ({reason}) to {call}.",
                      ["server": server, "status": String(status), "reason": HTTPURLResponse.localizedString(forStatusCode: status), "call": call])
        case .rateLimited(let server, let until):
            return tr("{server} asked Lectern to wait until {date} before syncing again.",
                      ["server": server, "date": LocaleFormats.shortDateAndTime(until)])
        case .badResponse(let server, let call, let reason):
            // Translators: {call} names the request, e.g. "login" or "subscription/list".
            return tr("{server} gave an answer to {call} that is not what its API promises ({reason}); nothing was changed.",
                      ["server": server, "call": call, "reason": reason])
        case .refused(let server, let call, let reason):
            // Translators: {call} names the request, e.g. "subscribing to https://example.org/feed".
            return tr("{server} refused {call} ({reason}); the change was dropped.", ["server": server, "call": call, "reason": reason])
        case .duplicateAccount(let title):
            // Translators: "Sign In Again" is the item of the account's menu, as it is translated there.
            return tr("The account {account} is already added; its menu in the sidebar has Sign In Again for a new password.", ["account": title])
        case .noSuchAccount(let id):
            return tr("There is no account {id}; lectern --list-accounts shows their numbers.", ["id": String(id)])
        case .storage(let message):
            return tr("The library could not be read or written: {error}", ["error": message])
        case .cancelled:
            return tr("The sync was cancelled.")
        }
    }
}
