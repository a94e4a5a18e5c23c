import Library

/// Where account passwords are kept: the Secret Service in the app, a dictionary in tests.
/// Never a file of Lectern's.
public protocol SecretStore: Sendable {
    func store(password: String, for key: SecretKey) throws(SyncError)
    /// The password, or nil when none is stored for the key.
    func password(for key: SecretKey) throws(SyncError) -> String?
    func remove(for key: SecretKey) throws(SyncError)
}

/// What identifies an account's password in the keyring.
public struct SecretKey: Sendable, Hashable {
    public var kind: Account.Kind
    public var server: String
    public var user: String

    public init(kind: Account.Kind, server: String, user: String) {
        self.kind = kind
        self.server = server
        self.user = user
    }

    public init(_ account: Account) {
        self.init(kind: account.kind, server: account.server, user: account.userName)
    }
}
