import CGtk4
import Foundation
import GtkBridge
import Library
import Testing
@testable import LecternApp

/// The feed settings dialog: it shows the feed's settings and health, saves what the controls
/// say, fetches a new address before keeping it, and offers a permanent redirect's target.
/// (Fetching itself is `Subscriber.check`, tested against a loopback server in LibraryTests.)
@Suite("Feed settings dialog", .serialized, .enabled(if: hasDisplay, "needs a display: run under make check"))
@MainActor
struct FeedSettingsDialogTests {
    private func feed() -> Feed {
        var feed = Feed(id: 7, url: "https://old.example/feed", title: "Harbour", folderID: 2)
        feed.fetchState = FetchState(lastAttempt: Date().addingTimeInterval(-600), lastSuccess: Date().addingTimeInterval(-7200),
                                     httpStatus: 503, lastError: "The server is unavailable (503).", notModifiedCount: 12, failureCount: 1)
        return feed
    }

    private let folders = [Folder(id: 2, title: "News"), Folder(id: 3, title: "Rail")]

    @Test func theControlsShowTheSettingsAndSaveWhatTheySay() throws {
        try #require(gtk_init_check() != 0)
        var saved: (FeedSettings, String?)?
        let dialog = FeedSettingsDialog(parent: nil, feed: feed(), folders: folders, health: FeedHealth(articlesPerWeek: 3.5, articles: 40),
                                        checkAddress: { _, _ in Issue.record("an unchanged address was fetched") },
                                        save: { saved = ($0, $1); return nil })
        #expect(dialog.settings == FeedSettings(of: feed()))
        gtk_editable_set_text(OpaquePointer(dialog.nameEntry), "Harbour Notes")
        gtk_drop_down_set_selected(OpaquePointer(dialog.folderDropDown), 2)   // No Folder, News, Rail
        gtk_drop_down_set_selected(OpaquePointer(dialog.refreshDropDown), guint(FeedSettingsDialog.refreshChoices.firstIndex { $0.1 == 0 }!))
        gtk_drop_down_set_selected(OpaquePointer(dialog.notifyDropDown), 2)   // Off
        gtk_switch_set_active(OpaquePointer(dialog.browserSwitch), 1)
        dialog.submit()
        let (settings, address) = try #require(saved)
        #expect(address == nil)
        #expect(settings.title == "Harbour Notes" && settings.folderID == 3 && settings.refreshMinutes == 0)
        #expect(settings.notify == false && settings.opensInBrowser && !settings.alwaysFullArticle)

        let health = FeedSettingsDialog.healthLines(feed(), FeedHealth(articlesPerWeek: 3.5, articles: 40)).joined(separator: "\n")
        #expect(health.contains("The server is unavailable (503)."))
        #expect(health.contains("HTTP 503") && health.contains("12 times") && health.contains("3.5 new articles a week"))
        var fresh = feed()
        fresh.fetchState.notModifiedCount = 0
        let never = FeedSettingsDialog.healthLines(fresh, FeedHealth(articlesPerWeek: 3.5, articles: 40)).joined(separator: "\n")
        #expect(!never.contains("HTTP 304"), "a server that never answered 304 gets no line saying so 0 times: \(never)")
    }

    @Test func aNewAddressIsCheckedAndAPermanentRedirectOfferedBeforeSaving() throws {
        try #require(gtk_init_check() != 0)
        var checked: [String] = []
        var saved: String??
        let dialog = FeedSettingsDialog(parent: nil, feed: feed(), folders: folders, health: FeedHealth(),
                                        checkAddress: { address, answer in
                                            checked.append(address)
                                            answer(address.hasSuffix("/gone") ? .failure(AddFeedFailure(message: "No feed there."))
                                                                              : .success("https://moved.example/feed"))
                                        },
                                        save: { _, address in saved = .some(address); return nil })
        gtk_editable_set_text(OpaquePointer(dialog.addressEntry), "https://new.example/gone")
        dialog.submit()
        #expect(saved == nil, "an address that gives no feed was saved")
        #expect(string(gtk_label_get_text(OpaquePointer(dialog.status))) == "No feed there.")

        gtk_editable_set_text(OpaquePointer(dialog.addressEntry), "https://new.example/feed")
        dialog.submit()
        #expect(saved == nil, "a redirected address was saved without offering its target")
        #expect(string(gtk_editable_get_text(OpaquePointer(dialog.addressEntry))) == "https://moved.example/feed")
        dialog.submit()
        #expect(saved == .some("https://moved.example/feed"))
        #expect(checked == ["https://new.example/gone", "https://new.example/feed"], "the offered address was fetched again")
    }
}
