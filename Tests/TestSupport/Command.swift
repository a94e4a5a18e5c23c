import Foundation

/// What a finished process printed and returned.
public struct CommandResult: Sendable {
    public let status: Int32
    public let stdout: String
    public let stderr: String
    public let timedOut: Bool
    /// True when the process was ended by a signal (`status` is then the signal number).
    public let signalled: Bool

    public init(status: Int32, stdout: String, stderr: String, timedOut: Bool, signalled: Bool = false) {
        self.status = status; self.stdout = stdout; self.stderr = stderr; self.timedOut = timedOut
        self.signalled = signalled
    }
}

/// Runs processes for end-to-end tests, with a deadline so no test can hang.
public enum Command {
    /// Runs `executable` to its end (or the deadline) on a thread of its own, so the waiting
    /// test holds none of the concurrency runtime's threads.
    public static func run(_ executable: String, _ arguments: [String], environment: [String: String],
                           timeout: TimeInterval = 60, input: String? = nil) async -> CommandResult {
        await onOwnThread { runBlocking(executable, arguments, environment: environment, timeout: timeout, input: input) }
    }

    /// The same, blocking the calling thread: only where a test cannot wait otherwise (a `deinit`,
    /// a `defer`, a `static let`).
    public static func runBlocking(_ executable: String, _ arguments: [String], environment: [String: String],
                                   timeout: TimeInterval = 60, input: String? = nil) -> CommandResult {
        let process = Process()
        process.executableURL = URL(filePath: executable)
        process.arguments = arguments
        process.environment = environment
        let stdout = Pipe(), stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        let stdin = input.map { _ in Pipe() }
        process.standardInput = stdin ?? FileHandle.nullDevice
        do { try process.run() } catch {
            return CommandResult(status: -1, stdout: "", stderr: "\(error)", timedOut: false)
        }
        if let input, let stdin {
            stdin.fileHandleForWriting.write(Data(input.utf8))
            try? stdin.fileHandleForWriting.close()
        }
        // Read both pipes concurrently so a chatty child never blocks on a full pipe.
        let outData = LockedData(), errData = LockedData()
        let group = DispatchGroup()
        for (pipe, sink) in [(stdout, outData), (stderr, errData)] {
            group.enter()
            DispatchQueue.global().async {
                sink.set(pipe.fileHandleForReading.readDataToEndOfFile())
                try? pipe.fileHandleForReading.close()
                group.leave()
            }
        }
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        let timedOut = process.isRunning
        if timedOut { kill(process.processIdentifier, SIGKILL) }
        let (status, signalled) = process.end(within: 5)
        group.wait()
        return CommandResult(status: status,
                             stdout: String(decoding: outData.get(), as: UTF8.self),
                             stderr: String(decoding: errData.get(), as: UTF8.self),
                             timedOut: timedOut, signalled: signalled)
    }
}

final class LockedData: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    func set(_ value: Data) { lock.withLock { data = value } }
    func get() -> Data { lock.withLock { data } }
}

extension Process {
    /// Asks the process to end (SIGTERM), then forces it (SIGKILL) after `grace` seconds,
    /// so a test never hangs on a child that would not quit.
    public func stop(grace: TimeInterval = 5) {
        guard isRunning else { return }
        terminate()
        finish(within: grace)
    }

    /// Waits up to `seconds` for the process to end, then kills it (SIGKILL), and returns once it
    /// is gone — never waiting on Foundation alone. Foundation learns that a child ended through a
    /// socket the child holds; once, in a full `make check`, it never learned (the child a zombie,
    /// `waitUntilExit` spinning a core for good). A child still a zombie after the wait is reaped
    /// here instead.
    ///
    /// Returns the wait status when it reaped the child itself (Foundation then still calls it
    /// running, and its `terminationStatus` would trap: read `Process.decode` of this instead).
    @discardableResult
    public func finish(within seconds: TimeInterval) -> Int32? {
        defer { letGo() }
        let deadline = Date().addingTimeInterval(seconds)
        while isRunning && Date() < deadline { usleep(20_000) }
        guard isRunning else { return nil }
        if !isZombie { kill(processIdentifier, SIGKILL) }
        let grace = Date().addingTimeInterval(2)
        while isRunning && Date() < grace {
            if isZombie {
                var status: Int32 = 0
                return waitpid(processIdentifier, &status, WNOHANG) == processIdentifier ? status : nil
            }
            usleep(20_000)
        }
        return nil
    }

    /// `finish(within:)`, then how the process ended: its exit status, or the signal that ended
    /// it (and true).
    public func end(within seconds: TimeInterval) -> (status: Int32, signalled: Bool) {
        let reaped = finish(within: seconds)
        // Foundation traps on the status of a process it believes running: one reaped here, whose
        // end it never learned, says its status through the wait status.
        return isRunning ? Self.decode(reaped ?? 0x7f_00) : (terminationStatus, terminationReason == .uncaughtSignal)
    }

    /// Foundation keeps an ended process, and every pipe handed to it, until `waitUntilExit` is
    /// called: the process and its run-loop source hold each other. Called once the process has
    /// ended, it returns at once and lets both go. (Without it, every child a test waited for by
    /// polling kept its pipes open: 2,400 descriptors by the end of `make check`, and each
    /// `Process.run` closes every open descriptor in its child one by one.)
    private func letGo() {
        if !isRunning { waitUntilExit() }
    }

    /// A wait status as an exit status, or the signal that ended the process (and true).
    static func decode(_ waitStatus: Int32) -> (status: Int32, signalled: Bool) {
        let signal = waitStatus & 0x7f
        return signal == 0 ? ((waitStatus >> 8) & 0xff, false) : (signal, true)
    }

    /// Whether the child has ended and waits to be reaped (its state in /proc is Z).
    private var isZombie: Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(processIdentifier)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return false }
        return stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).hasPrefix("Z")
    }
}

extension FileHandle {
    /// The next line (without its newline), read a byte at a time so nothing past it is taken
    /// from a child's pipe; nil at the end of the stream. Read on a thread of its own: a child
    /// that is slow to start holds none of the concurrency runtime's threads.
    public func nextLine() async -> String? {
        await onOwnThread { self.readLineBytewise() }
    }

    /// The same on the calling thread: for a reader thread of the caller's own.
    public func readLineBytewise() -> String? {
        var line = Data()
        while true {
            let byte = readData(ofLength: 1)
            if byte.isEmpty { return line.isEmpty ? nil : String(decoding: line, as: UTF8.self) }
            if byte == Data("\n".utf8) { return String(decoding: line, as: UTF8.self) }
            line.append(byte)
        }
    }
}
