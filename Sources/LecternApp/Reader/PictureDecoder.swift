import CGtk4
import Foundation
import GtkBridge
import Library

/// Turns a downloaded picture into a texture within bounds, off the main thread: its header is
/// read first (`ImageHeader`), and a picture that declares more pixels than Lectern decodes, or
/// is in no format it shows, is refused before a decoder sees it; the rest is decoded at no more
/// pixels than it is shown at (at most `Bounds.maxWidth` wide and `Bounds.maxPixels` in all),
/// which JPEG and SVG decode at directly. A picture is never scaled up.
enum PictureDecoder {
    struct Bounds: Sendable {
        /// The most pixels a picture may declare to be decoded at all (within ImageHeader's limits).
        var largestSource: Double
        var maxWidth: Int
        var maxPixels: Int

        /// An article's pictures: any photograph, shown at most twice the widest reading column
        /// (HiDPI) and 8 megapixels.
        static let article = Bounds(largestSource: Double(ImageHeader.maxPixels), maxWidth: 1600, maxPixels: 8_000_000)
        /// A feed's icon in the sidebar: from at most 1024 × 1024, shown at 64 pixels square at
        /// most (32 at twice the scale).
        static let icon = Bounds(largestSource: 1024 * 1024, maxWidth: 64, maxPixels: 64 * 64)
    }

    /// A decoded picture's full reference, handed from the decoding thread to the main one.
    struct Pixbuf: @unchecked Sendable {
        let pointer: OpaquePointer
    }

    /// The picture in `data` as a texture, or nil when it is refused or cannot be decoded.
    @MainActor
    static func texture(from data: Data, within bounds: Bounds) async -> Object? {
        guard let pixbuf = await Task.detached(priority: .utility, operation: { decode(data, within: bounds) }).value else {
            return nil
        }
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf.pointer)) }
        return gdk_texture_new_for_pixbuf(pixbuf.pointer).map { Object(adopting: $0) }
    }

    /// The header of a picture Lectern decodes within `bounds`, or nil for one it refuses.
    static func acceptedHeader(_ data: Data, within bounds: Bounds) -> ImageHeader? {
        guard let header = ImageHeader(data), header.isDecodable, header.area <= bounds.largestSource else { return nil }
        return header
    }

    /// The decoded picture, or nil when it is refused or cannot be decoded.
    static func decode(_ data: Data, within bounds: Bounds) -> Pixbuf? {
        guard let header = acceptedHeader(data, within: bounds) else { return nil }
        let bytes = data.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
        defer { g_bytes_unref(bytes) }
        var error: UnsafeMutablePointer<GError>?
        defer { if let error { g_error_free(error) } }
        if header.format == .svg {
            // No pixels of its own: drawn to fit the largest picture shown.
            guard let stream = g_memory_input_stream_new_from_bytes(bytes) else { return nil }
            defer { g_object_unref(UnsafeMutableRawPointer(stream)) }
            let side = Int32(min(bounds.maxWidth, Int(Double(bounds.maxPixels).squareRoot())))
            return gdk_pixbuf_new_from_stream_at_scale(stream, side, side, 1, nil, &error).map(Pixbuf.init)
        }
        let (width, height) = shownSize(of: header, within: bounds)
        guard let loader = gdk_pixbuf_loader_new() else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(loader)) }
        if width != header.width || height != header.height { gdk_pixbuf_loader_set_size(loader, Int32(width), Int32(height)) }
        var size: gsize = 0
        let start = g_bytes_get_data(bytes, &size)?.assumingMemoryBound(to: guchar.self)
        let written = gdk_pixbuf_loader_write(loader, start, size, &error) != 0
        // Closed either way (a loader left open warns when freed); its error only counts after a good write.
        var closeError: UnsafeMutablePointer<GError>?
        let closed = gdk_pixbuf_loader_close(loader, &closeError) != 0
        if let closeError { g_error_free(closeError) }
        guard written, closed, let pixbuf = gdk_pixbuf_loader_get_pixbuf(loader) else { return nil }
        g_object_ref(UnsafeMutableRawPointer(pixbuf))   // the loader's reference goes with it
        return Pixbuf(pointer: pixbuf)
    }

    /// The size the picture is decoded at: its own, or smaller to fit `bounds`, keeping its shape.
    static func shownSize(of header: ImageHeader, within bounds: Bounds) -> (width: Int, height: Int) {
        let scale = min(1, Double(bounds.maxWidth) / Double(header.width), (Double(bounds.maxPixels) / header.area).squareRoot())
        return (max(1, Int((Double(header.width) * scale).rounded())), max(1, Int((Double(header.height) * scale).rounded())))
    }
}
