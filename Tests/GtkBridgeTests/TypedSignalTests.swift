import CGtk4
import Testing
@testable import GtkBridge

/// The typed signal descriptors hand handlers the C arguments as the right Swift types.
@Suite("Typed signals", .serialized)
@MainActor
struct TypedSignalTests {
    /// `response` carries a signed `GtkResponseType`: ACCEPT is -3, never 4294967293.
    @Test func aDialogResponseArrivesSigned() throws {
        try #require(GTKTestSupport.initialiseGTK(), "needs a display (make check provides Xvfb)")
        // A new window belongs to GTK's list of windows (the reference is not the caller's): retained.
        let dialog = Object(retaining: created(gtk_dialog_new()))
        var responses: [Int32] = []
        dialog.connect(.response) { responses.append($0) }
        gtk_dialog_response(dialog.as(GtkDialog.self), GTK_RESPONSE_ACCEPT.rawValue)
        gtk_dialog_response(dialog.as(GtkDialog.self), 7)
        #expect(responses == [GTK_RESPONSE_ACCEPT.rawValue, 7])
        gtk_window_destroy(dialog.as(GtkWindow.self))
    }

    /// `notify::active` runs for that property only, with no argument to unwrap.
    @Test func notifyIsForOneProperty() throws {
        try #require(GTKTestSupport.initialiseGTK(), "needs a display (make check provides Xvfb)")
        let toggle = Object(adopting: created(gtk_switch_new()))
        var changes = 0
        toggle.connect(.notify("active")) { changes += 1 }
        gtk_switch_set_active(toggle.opaquePointer, 1)
        gtk_widget_set_sensitive(toggle.as(GtkWidget.self), 0)   // another property: not counted
        gtk_switch_set_active(toggle.opaquePointer, 0)
        #expect(changes == 2)
    }

    /// A list box's selection arrives as the row, and a cleared selection as nil.
    @Test func rowSelectedGivesTheRowOrNil() throws {
        try #require(GTKTestSupport.initialiseGTK(), "needs a display (make check provides Xvfb)")
        let list = Object(adopting: created(gtk_list_box_new()))
        let label = created(gtk_label_new("row"))
        gtk_list_box_append(list.opaquePointer, label)
        var seen: [Int32?] = []
        list.connect(.rowSelected) { row in seen.append(row.map { gtk_list_box_row_get_index($0) }) }
        gtk_list_box_select_row(list.opaquePointer, gtk_list_box_get_row_at_index(list.opaquePointer, 0))
        gtk_list_box_unselect_all(list.opaquePointer)
        #expect(seen == [0, nil])
    }
}
