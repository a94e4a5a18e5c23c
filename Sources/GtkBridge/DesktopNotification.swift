import CGtk4

/// A desktop notification sent through GApplication (`GNotification`): GLib picks the way
/// (the portal in a sandbox, GNOME Shell's `org.gtk.Notifications`, or
/// `org.freedesktop.Notifications`). Actions are the application's own, with string targets.
public struct DesktopNotification {
    public var title: String
    public var body: String
    /// `app.…` and its target: what clicking the notification does.
    public var defaultAction: (name: String, target: String?)?
    public var buttons: [(label: String, action: String, target: String)] = []

    public init(title: String, body: String) {
        self.title = title
        self.body = body
    }

    /// Shows it, replacing the one sent before under the same `id`.
    @MainActor
    public func send(from application: UnsafeMutablePointer<GApplication>, id: String) {
        let notification = created(g_notification_new(title))
        defer { g_object_unref(UnsafeMutableRawPointer(notification)) }
        g_notification_set_body(notification, body)
        if let (name, target) = defaultAction {
            g_notification_set_default_action_and_target_value(notification, name, target.map { g_variant_new_string($0) })
        }
        for button in buttons {
            g_notification_add_button_with_target_value(notification, button.label, button.action, g_variant_new_string(button.target))
        }
        g_application_send_notification(application, id, notification)
    }

    /// Takes back the notification sent under `id`, if it still shows.
    @MainActor
    public static func withdraw(from application: UnsafeMutablePointer<GApplication>, id: String) {
        g_application_withdraw_notification(application, id)
    }
}
