import CGtk4
import Foundation
import GtkBridge
import Library
import Localization
import Sync

/// Labels on articles: the reader's Labels popover (l) puts the labels of the article's library
/// on it and takes them off, and makes new ones where that library can (this computer, a Google
/// Reader server; a Tiny Tiny RSS server only takes its own); a label's sidebar row renames and
/// deletes it. An account's labels on articles go to its server at the next sync; a renamed
/// or deleted label goes at once. Actions: `app.labels`,
/// `app.label-article` ("ID:1" puts label ID on the shown article, "ID:0" takes it off),
/// `app.new-label` (a name: made and put on the shown article), `app.rename-label` and
/// `app.delete-label` (a label id).
@MainActor
final class LabelsFeature {
    private unowned let shell: AppShell
    private let library: LibraryOwner
    private let accounts: AccountsFeature

    init(shell: AppShell, library: LibraryOwner, accounts: AccountsFeature) {
        self.shell = shell
        self.library = library
        self.accounts = accounts
        let map = shell.actionMap
        Actions.add("labels", to: map) { [unowned shell] in shell.mainWindow?.session?.reader.openLabels() }
        Actions.add("label-article", to: map, string: { [unowned self] target in
            let parts = target.split(separator: ":")
            guard parts.count == 2, let id = Int64(parts[0]) else { return }
            setLabel(id, parts[1] == "1")
        })
        Actions.add("new-label", to: map, string: { [unowned self] name in
            if let problem = newLabel(name) { shell.notify(problem) }
        })
        Actions.add("rename-label", to: map, string: { [unowned self] target in if let id = Int64(target) { rename(id) } })
        Actions.add("delete-label", to: map, string: { [unowned self] target in if let id = Int64(target) { delete(id) } })
    }

    /// Wires a new reading session's reader.
    func attach(to session: ReadingSession) {
        session.reader.labelOffer = { [unowned self] article in offer(for: article) }
        session.reader.onLabel = { [unowned self] id, on in setLabel(id, on) }
        session.reader.onNewLabel = { [unowned self] name in newLabel(name) }
    }

    /// The sidebar menu of a label's row: Rename… and Delete Label…, where its library can.
    func menu(for label: Label) -> Menu? {
        guard support(of: label.accountID) == .full else { return nil }
        let menu = Menu()
        menu.append(tr("Rename…"), action: "app.rename-label", target: "\(label.id)")
        menu.append(tr("Delete Label…"), action: "app.delete-label", target: "\(label.id)")
        return menu
    }

    // MARK: The shown article

    private func offer(for article: Article) -> LabelsButton.Offer? {
        guard let access = library.access,
              let feed = access.read(tr("read the article's feed"), fallback: nil, { try $0.feed(id: article.feedID) }) else { return nil }
        let support = support(of: feed.accountID)
        guard support != .none else { return nil }
        let all = access.read(tr("read your labels"), fallback: []) { try $0.labels() }.filter { $0.accountID == feed.accountID }
        let carried = access.read(tr("read the article's labels"), fallback: []) { try $0.labelIDs(ofArticle: article.id) }
        let note = support == .existing ? Self.serversOwnLabels : nil
        return LabelsButton.Offer(labels: all.map { ($0, carried.contains($0.id)) }, canCreate: support == .full, note: note)
    }

    private func setLabel(_ id: Int64, _ on: Bool) {
        guard let session = shell.mainWindow?.session, let article = session.reader.article,
              library.access?.write(tr("change the article's labels"), { try $0.setLabel(id, on: [article.id], on) }) == true else { return }
        session.reader.showLabels()
        session.sidebar.refreshCounts()
    }

    /// Makes a label in the shown article's library and puts it on the article; nil when done,
    /// else what went wrong.
    private func newLabel(_ name: String) -> String? {
        guard let session = shell.mainWindow?.session, let article = session.reader.article,
              let store = library.service?.store else { return nil }
        do {
            guard let feed = try store.feed(id: article.feedID) else { return nil }
            switch support(of: feed.accountID) {
            case .full: break
            case .existing: return Self.serversOwnLabels
            case .none: return tr("This server's API has no labels on articles.")
            }
            let label = try store.createLabel(name, accountID: feed.accountID)
            try store.setLabel(label.id, on: [article.id], true)
        } catch StorageError.invalidValue(let reason) {
            return reason.prefix(1).uppercased() + reason.dropFirst() + "."
        } catch {
            return String(describing: error)
        }
        session.sidebar.rebuild()
        session.reader.showLabels()
        return nil
    }

    // MARK: The sidebar's row

    private func rename(_ id: Int64) {
        guard let access = library.access,
              let label = access.read(tr("read your labels"), fallback: nil, { try $0.labels().first { $0.id == id } }) else { return }
        Prompts.text(parent: shell.mainWindow?.window, title: tr("Rename Label"), label: tr("New name"), initial: label.name,
                     accept: tr("Rename")) { [unowned self] name in
            guard library.access?.write(tr("rename the label"), { try $0.renameLabel(id, to: name) }) == true else { return }
            shell.libraryDidChange()
            accounts.sendSubscriptionChanges()
        }
    }

    private func delete(_ id: Int64) {
        guard let access = library.access,
              let label = access.read(tr("read your labels"), fallback: nil, { try $0.labels().first { $0.id == id } }) else { return }
        Prompts.confirm(parent: shell.mainWindow?.window, message: tr("Delete the label “{label}”?", ["label": label.name]),
                        detail: tr("Its articles stay in your library; only the label goes."), accept: tr("Delete")) { [unowned self] in
            guard library.access?.write(tr("delete the label"), { try $0.deleteLabel(id) }) == true else { return }
            shell.libraryDidChange()
            accounts.sendSubscriptionChanges()
        }
    }

    // Translators: in the Labels popover of an article of a server whose labels are made on its own pages.
    static let serversOwnLabels = tr("This server's labels are made on its own web pages; a sync brings them here.")

    /// What the library of `accountID` (nil: this computer) does with labels.
    private func support(of accountID: Int64?) -> SyncProtocol.LabelSupport {
        guard let accountID else { return .full }
        let account = library.access?.read(tr("read the feed's account"), fallback: nil, { try $0.account(id: accountID) })
        return account.map { SyncProtocol.of($0.kind).labels } ?? .none
    }
}
