import CGtk4
import GtkBridge
import Testing

/// `css` attached to the display at the application's priority for a test (it must load
/// without an error); detach it when the test is done.
@MainActor
func attachedStylesheet(_ css: String) -> CSSProvider {
    let provider = CSSProvider()
    #expect(provider.load(css).isEmpty)
    provider.attach(priority: UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
    return provider
}
