import Foundation

/// `--batch`: library work without a window, in the launching process. Progress lines go
/// to stderr, then a summary; exit 0 when everything worked, 1 when something failed
/// (each named), 2 is left to usage errors.
enum LibraryBatch {
    static func run(_ request: LibraryRequest) -> Int32 {
        let service: LibraryService
        do {
            service = try LibraryService.open(at: DataLocations.libraryFile)
        } catch {
            LocalCommands.printError("lectern: cannot open the library \(DataLocations.libraryFile.path): \(error)")
            return 1
        }
        let resolved = request.resolvingPaths(against: FileManager.default.currentDirectoryPath)
        let finished = DispatchSemaphore(value: 0)
        let outcome = ReportBox()
        Task.detached {
            outcome.report = await service.perform(resolved) { LocalCommands.printError($0) }
            finished.signal()
        }
        finished.wait()
        try? service.store.checkpoint()
        let failures = outcome.report?.failures ?? ["the library work did not finish"]
        guard !failures.isEmpty else { return 0 }
        LocalCommands.printError("lectern: \(failures.count) problem\(failures.count == 1 ? "" : "s"):")
        failures.forEach { LocalCommands.printError("  - \($0)") }
        return 1
    }

    private final class ReportBox: @unchecked Sendable {
        var report: LibraryService.Report?   // written once before the semaphore is signalled
    }
}
