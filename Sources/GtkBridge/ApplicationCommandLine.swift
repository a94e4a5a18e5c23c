import CGtk4

/// One launch's command line in the primary instance (`GApplicationCommandLine`): its
/// options, folder and terminal. The launching process waits for its answer for as long
/// as this wrapper (and so its reference) lives; drop it once the work is done.
public final class ApplicationCommandLine: Object {
    private var commandLine: UnsafeMutablePointer<GApplicationCommandLine> { self.as(GApplicationCommandLine.self) }

    /// The options GApplication parsed from the table's entries.
    public var options: UnsafeMutablePointer<GVariantDict> {
        g_application_command_line_get_options_dict(commandLine)
    }

    /// The launching process's working directory, when it sent one.
    public var workingDirectory: String? { string(g_application_command_line_get_cwd(commandLine)) }

    /// True when the launch came from another process (a second `lectern`).
    public var isRemote: Bool { g_application_command_line_get_is_remote(commandLine) != 0 }

    /// A line on the launching process's standard output.
    public func print(_ line: String) { lectern_command_line_print(commandLine, line + "\n") }

    /// A line on the launching process's standard error.
    public func printError(_ line: String) { lectern_command_line_printerr(commandLine, line + "\n") }

    /// The launching process's exit status, sent when the last reference goes.
    public func setExitStatus(_ status: Int32) {
        g_application_command_line_set_exit_status(commandLine, status)
    }
}
