import CGtk4
import GtkBridge

/// Keeps a launch's `GApplicationCommandLine` alive while its work runs: the launching
/// process waits for the answer until `finish` drops the reference.
final class CommandLineReference: @unchecked Sendable {
    private let commandLine: UnsafeMutablePointer<GApplicationCommandLine>

    @MainActor
    init(_ commandLine: UnsafeMutablePointer<GApplicationCommandLine>) {
        self.commandLine = commandLine
        g_object_ref(UnsafeMutableRawPointer(commandLine))
    }

    @MainActor func print(_ line: String) { lectern_command_line_print(commandLine, line + "\n") }
    @MainActor func printError(_ line: String) { lectern_command_line_printerr(commandLine, line + "\n") }

    /// Sets the launcher's exit status and lets it go.
    @MainActor func finish(status: Int32) {
        g_application_command_line_set_exit_status(commandLine, status)
        g_object_unref(UnsafeMutableRawPointer(commandLine))
    }
}
