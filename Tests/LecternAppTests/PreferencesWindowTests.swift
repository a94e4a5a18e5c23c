import CGtk4
import GtkBridge
import Testing
@testable import LecternApp

@Suite("Preferences window", .serialized, .enabled(if: hasDisplay, "needs a display: run under make check"))
@MainActor
struct PreferencesWindowTests {
    @Test func controlsShowAndChangeTheSettings() throws {
        try #require(gtk_init_check() != 0)
        let application = gtk_application_new("dev.lectern.PreferencesTest", G_APPLICATION_NON_UNIQUE)!
        defer { g_object_unref(UnsafeMutableRawPointer(application)) }
        // Registered, the application has started up: windows may be added to it.
        try #require(g_application_register(cast(application), nil, nil) != 0)
        let settings = Settings()
        settings.refreshIntervalMinutes = 30
        let preferences = PreferencesWindow(application: application, settings: settings)
        defer { gtk_window_destroy(cast(preferences.window)) }

        #expect(gtk_switch_get_active(OpaquePointer(preferences.markReadSwitch)) != 0)
        #expect(gtk_drop_down_get_selected(OpaquePointer(preferences.refreshDropDown)) == 1, "30 minutes is shown")

        gtk_switch_set_active(OpaquePointer(preferences.markReadSwitch), 0)
        gtk_switch_set_active(OpaquePointer(preferences.showImagesSwitch), 0)
        gtk_drop_down_set_selected(OpaquePointer(preferences.refreshDropDown), 5)
        gtk_drop_down_set_selected(OpaquePointer(preferences.retentionDropDown), 0)
        gtk_drop_down_set_selected(OpaquePointer(preferences.syncWindowDropDown), 3)
        #expect(!settings.markReadOnOpen)
        #expect(!settings.showImages)
        #expect(settings.refreshIntervalMinutes == 1440)
        #expect(settings.retentionDays == 7)
        #expect(settings.syncWindowDays == 90)

        // The podcast downloads' caps, as settings.ini keeps them.
        #expect(gtk_drop_down_get_selected(OpaquePointer(preferences.episodeSizeDropDown)) == 2, "500 MB is shown")
        gtk_drop_down_set_selected(OpaquePointer(preferences.episodeSizeDropDown), 3)
        gtk_drop_down_set_selected(OpaquePointer(preferences.downloadsSizeDropDown), 0)
        gtk_drop_down_set_selected(OpaquePointer(preferences.keepPlayedDropDown), 1)
        #expect(settings.episodeSizeLimitMB == 1000 && settings.downloadsLimitMB == 1000 && settings.keepPlayedDownloadsDays == 3)
    }
}
