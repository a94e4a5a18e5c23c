import Foundation
import GtkBridge
import Library
import Localization

/// `--batch`: library work without a window, in the launching process. Progress lines go
/// to stderr, then a summary; exit 0 when everything worked, 1 when something failed
/// (each named), 2 is left to usage errors.
@MainActor
enum LibraryBatch {
    static func run(_ request: LibraryRequest) -> Int32 {
        let service: LibraryService
        do {
            service = try DataLocations.openLibrary(at: DataLocations.libraryFile)
        } catch {
            LocalCommands.printError("lectern: " + tr("cannot open the library {path}: {error}",
                                                      ["path": DataLocations.libraryFile.path, "error": "\(error)"]))
            return 1
        }
        let resolved = request.resolvingPaths(against: FileManager.default.currentDirectoryPath)
        let failures = LocalCommands.wait(orElse: [tr("the library work did not finish")]) {
            await service.perform(resolved) { LocalCommands.printError($0) }.failures
        }
        do {
            try service.store.checkpoint()
        } catch {
            // The changes are safe in the write-ahead log; the next start folds them in.
            LocalCommands.printError("lectern: " + tr("the library's log could not be folded into {path}: {error}",
                                                      ["path": DataLocations.libraryFile.path, "error": "\(error)"]))
        }
        guard !failures.isEmpty else { return 0 }
        LocalCommands.printError("lectern: " + tr("{count} problem:", plural: "{count} problems:", count: failures.count))
        failures.forEach { LocalCommands.printError("  - \($0)") }
        return 1
    }
}
