import CGtk4
import Testing
@testable import GtkBridge

@Suite("Signal connections", .serialized)
@MainActor
struct SignalTests {
    /// A GSimpleAction: a real GObject with a signal we can emit without a display.
    private func makeAction() -> OpaquePointer { g_simple_action_new("test", nil)! }

    @Test func handlerRunsWithEachEmission() {
        let action = makeAction()
        defer { g_object_unref(UnsafeMutableRawPointer(action)) }
        var calls = 0
        Signals.connectWithPointer(UnsafeMutableRawPointer(action), "activate") { _ in calls += 1 }
        g_action_activate(action, nil)
        g_action_activate(action, nil)
        #expect(calls == 2)
    }

    @Test func closureIsReleasedExactlyOnceOnDisconnect() {
        ReleaseTracker.reset()
        let action = makeAction()
        defer { g_object_unref(UnsafeMutableRawPointer(action)) }
        var tracker: ReleaseTracker? = ReleaseTracker()
        let connection = Signals.connectWithPointer(UnsafeMutableRawPointer(action), "activate") { [tracker] _ in
            _ = tracker
        }
        tracker = nil
        #expect(ReleaseTracker.released == 0, "the connection keeps its closure alive")
        #expect(connection.isConnected)
        connection.disconnect()
        #expect(ReleaseTracker.released == 1)
        #expect(!connection.isConnected)
        connection.disconnect()   // a second disconnect is harmless
        g_action_activate(action, nil)
        #expect(ReleaseTracker.released == 1)
    }

    @Test func closureIsReleasedExactlyOnceWhenTheObjectDies() {
        ReleaseTracker.reset()
        let action = makeAction()
        var tracker: ReleaseTracker? = ReleaseTracker()
        let connection = Signals.connectWithPointer(UnsafeMutableRawPointer(action), "activate") { [tracker] _ in
            _ = tracker
        }
        tracker = nil
        g_object_unref(UnsafeMutableRawPointer(action))
        #expect(ReleaseTracker.released == 1)
        #expect(!connection.isConnected)
        connection.disconnect()   // the object is gone: nothing to do, nothing released twice
        #expect(ReleaseTracker.released == 1)
    }

    @Test func unknownSignalReleasesTheClosureAtOnce() {
        ReleaseTracker.reset()
        let action = makeAction()
        defer { g_object_unref(UnsafeMutableRawPointer(action)) }
        var tracker: ReleaseTracker? = ReleaseTracker()
        // GLib logs a critical for the unknown name; make it non-fatal for this test.
        let connection = Signals.connect(UnsafeMutableRawPointer(action), "no-such-signal") { [tracker] in _ = tracker }
        tracker = nil
        #expect(connection.handlerID == 0)
        #expect(ReleaseTracker.released == 1)
    }

    @Test func ownedObjectDropsItsReferenceOnDeinit() {
        let raw = makeAction()
        g_object_ref(UnsafeMutableRawPointer(raw))   // our probe reference
        do {
            let object = Object(adopting: raw)
            #expect(object.referenceCount == 2)
        }
        #expect(UnsafeMutablePointer<GObject>(raw).pointee.ref_count == 1)
        g_object_unref(UnsafeMutableRawPointer(raw))
    }
}
