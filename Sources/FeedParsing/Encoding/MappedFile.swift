#if canImport(Glibc)
import Glibc
#endif
import Localization

/// A read-only memory map of a whole file (the only owner of the mapping: `munmap` in
/// `deinit`), whose pages can be handed back to the kernel once read.
///
/// Parsing a file this way never holds the whole input in memory at once: the pages
/// the parser has finished with are dropped (`MADV_DONTNEED`; they stay in the page
/// cache, not in this process), and touching one again simply reads it back in.
final class MappedFile {
    /// The file's bytes (empty for an empty file).
    let bytes: UnsafeBufferPointer<UInt8>
    private let mapping: UnsafeMutableRawPointer?
    private let length: Int
    /// Bytes from the start already handed back (a whole number of pages).
    private var released = 0
    private static let pageSize = max(4096, Int(sysconf(Int32(_SC_PAGESIZE))))

    /// Maps `path`, or returns nil with `errno`'s message in `reason`.
    init?(path: String, reason: inout String) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            reason = String(cString: strerror(errno))
            return nil
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            reason = String(cString: strerror(errno))
            return nil
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            reason = tr("not a regular file")
            return nil
        }
        length = Int(status.st_size)
        guard length > 0 else {
            mapping = nil
            bytes = UnsafeBufferPointer(start: nil, count: 0)
            return
        }
        let address = mmap(nil, length, PROT_READ, MAP_PRIVATE, descriptor, 0)
        guard let address, address != MAP_FAILED else {
            reason = String(cString: strerror(errno))
            return nil
        }
        madvise(address, length, MADV_SEQUENTIAL)
        mapping = address
        bytes = UnsafeBufferPointer(start: address.assumingMemoryBound(to: UInt8.self), count: length)
    }

    deinit {
        if let mapping { munmap(mapping, length) }
    }

    /// Drops the whole pages that lie entirely before `pointer` from this process's
    /// memory, when `pointer` points into the mapping (otherwise does nothing).
    func releasePages(before pointer: UnsafePointer<UInt8>) {
        guard let start = bytes.baseAddress, pointer >= start, pointer <= start + length else { return }
        let whole = (start.distance(to: pointer) / MappedFile.pageSize) * MappedFile.pageSize
        guard whole > released else { return }
        madvise(UnsafeMutableRawPointer(mutating: start + released), whole - released, MADV_DONTNEED)
        released = whole
    }

    /// Runs `body` over the bytes from `offset` on in windows of about `window` bytes,
    /// each ending on a UTF-8 sequence boundary, handing pages back behind it; stops
    /// when `body` returns false.
    func forEachWindow(from offset: Int, window: Int = 1 << 20,
                       _ body: (_ start: Int, _ end: Int) -> Bool) {
        released = 0 // a new pass: pages dropped by an earlier pass may be back
        var start = offset
        while start < length {
            var end = min(length, start + window)
            while end < length, bytes[end] & 0xC0 == 0x80 { end += 1 }
            guard body(start, end) else { return }
            start = end
            if let base = bytes.baseAddress { releasePages(before: base + max(0, start - 64)) }
        }
    }

    /// Drops every page of the mapping (after a pass over all of it).
    func releaseAll() {
        if let mapping { madvise(mapping, length, MADV_DONTNEED) }
        released = 0 // pages may be read again; a later pass hands them back again
    }
}
