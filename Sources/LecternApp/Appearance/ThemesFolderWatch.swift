import CGtk4
import Foundation
import GtkBridge

/// Watches the user themes folder and calls `onChange` (at most every 300 ms) when a theme
/// file is added, edited or removed, so the picker shows it without a restart.
@MainActor
final class ThemesFolderWatch {
    private var monitor: Object?
    private var pending = false

    init(folder: URL, onChange: @escaping @MainActor () -> Void) {
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = Object(adopting: created(g_file_new_for_path(folder.path)))
        guard let raw = g_file_monitor_directory(file.opaquePointer, G_FILE_MONITOR_NONE, nil, nil) else { return }
        let monitor = Object(adopting: raw)
        self.monitor = monitor
        monitor.connect(.fileChanged) { [weak self] _ in
            guard let self, !pending else { return }
            pending = true
            MainLoop.timeout(milliseconds: 300) { [weak self] in
                self?.pending = false
                onChange()
                return false
            }
        }
    }
}
