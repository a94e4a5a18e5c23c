import CGtk4

/// Whether the computer has a network, as GIO sees it (`GNetworkMonitor`: netlink routes, or
/// NetworkManager, or the portal in a sandbox): a default route means available. A monitor that
/// cannot be made reads as available, so Lectern never stops refreshing for want of one.
@MainActor
public final class NetworkMonitor {
    private let monitor: OpaquePointer?
    /// Called when availability changes.
    public var onChange: (@MainActor (_ available: Bool) -> Void)?
    private var last: Bool

    public init() {
        monitor = g_network_monitor_get_default()
        last = true
        last = isAvailable
        guard let monitor else { return }
        connect(monitor, .notify("network-available")) { [weak self] in
            guard let self else { return }
            let now = isAvailable
            guard now != last else { return }
            last = now
            onChange?(now)
        }
    }

    public var isAvailable: Bool {
        guard let monitor else { return true }
        return g_network_monitor_get_network_available(monitor) != 0
    }
}
