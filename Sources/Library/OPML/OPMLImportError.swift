import FeedParsing
import Localization

/// Why an OPML import failed. Nothing of a failed import is kept.
public enum OPMLImportError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file could not be read as a subscription list.
    case unreadable(OPMLError)
    /// Storing the subscriptions failed.
    case storage(StorageError)

    public var description: String {
        switch self {
        case .unreadable(let error): "\(error)"
        case .storage(let error): tr("The subscriptions could not be saved, so nothing was imported: {error}", ["error": error.description])
        }
    }
}
