import Foundation
import Localization

/// Checks made before SQLite touches a library file, so that a damaged file or an
/// unwritable folder is reported plainly and left exactly as it is.
enum LibraryFileCheck {
    /// The folder must take new files: SQLite keeps its write-ahead log beside the library.
    static func folderIsWritable(_ folder: URL, for path: String) throws(StorageError) {
        guard access(folder.path, W_OK) == 0 else {
            let message = errno == EROFS
                ? tr("the folder {folder} is on a read-only file system, and Lectern keeps its library's journal beside the file; nothing was changed",
                     ["folder": folder.path])
                : tr("the folder {folder} is not writable, and Lectern keeps its library's journal beside the file; nothing was changed",
                     ["folder": folder.path])
            throw .cannotOpen(path: path, message: message)
        }
    }

    /// An SQLite file whose header records more pages than the file holds was cut short
    /// (a failed copy, a full disk during a backup). Opening it would only fail later, on
    /// whichever query first reaches a missing page. Skipped while a write-ahead log with
    /// content exists, since pages may still live there.
    static func notTruncated(_ path: String) throws(StorageError) {
        guard let handle = FileHandle(forReadingAtPath: path) else { return }
        defer { try? handle.close() }
        guard let header = try? handle.read(upToCount: 100), header.count == 100,
              header.starts(with: Array("SQLite format 3\u{0}".utf8)),
              let size = try? handle.seekToEnd() else { return }
        if let log = try? FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int, log > 0 { return }
        func bigEndian(_ offset: Int, _ count: Int) -> UInt64 {
            header[offset..<offset + count].reduce(0) { $0 << 8 | UInt64($1) }
        }
        let pageSize = bigEndian(16, 2) == 1 ? 65_536 : bigEndian(16, 2)
        let pages = bigEndian(28, 4)
        // The page count is only meaningful when "version-valid-for" matches the change counter.
        guard pages > 0, bigEndian(92, 4) == bigEndian(24, 4) else { return }
        let expected = pageSize * pages
        if size < expected {
            throw .damaged(path: path, reason: tr("the file is cut short: it holds {size} of the {count} byte it records",
                                                  plural: "the file is cut short: it holds {size} of the {count} bytes it records",
                                                  count: Int(expected), ["size": Int(size)]))
        }
    }
}
