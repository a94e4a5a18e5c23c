import CGtk4
import Foundation
import GtkBridge
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Loads article images off the main thread, caching them on disk under
/// `$XDG_CACHE_HOME/lectern/images`, and shows each in a `GtkPicture` once it arrives —
/// scrolling never waits for an image.
@MainActor
final class ImageLoader {
    private let folder: URL
    private let session: URLSession

    init(folder: URL = DataLocations.cacheDirectory.appending(path: "images")) {
        self.folder = folder
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 30
        configuration.httpAdditionalHeaders = ["User-Agent": "Lectern/\(LecternVersion.string) (+https://lectern.dev)"]
        session = URLSession(configuration: configuration)
    }

    /// A picture that fills in when the image is loaded; stays a calm placeholder on failure.
    /// Its `PictureFrame` keeps the image's aspect ratio at any column width and never
    /// draws it wider than its natural size (in logical pixels, so twice its pixels on a
    /// HiDPI screen). When the article gives the size, the final height is held before the
    /// image arrives: an empty paintable of that size stands in, so the text does not jump.
    func picture(for address: String, alt: String, width: Int?, height: Int?) -> WidgetPointer {
        let picture = created(gtk_picture_new())
        gtk_picture_set_can_shrink(OpaquePointer(picture), 1)
        gtk_picture_set_content_fit(OpaquePointer(picture), GTK_CONTENT_FIT_CONTAIN)
        gtk_picture_set_alternative_text(OpaquePointer(picture), alt)
        Widgets.addClasses(picture, ["article-image"])
        if let width, let height, width > 0, height > 0 {
            let placeholder = Object(adopting: gdk_paintable_new_empty(Int32(clamping: width), Int32(clamping: height)))
            gtk_picture_set_paintable(OpaquePointer(picture), placeholder.opaquePointer)
        }
        let object = Object(retaining: picture)
        load(address) { data in
            guard let data else { return }
            let bytes = data.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
            defer { g_bytes_unref(bytes) }
            var error: UnsafeMutablePointer<GError>?
            guard let texture = gdk_texture_new_from_bytes(bytes, &error).map({ Object(adopting: $0) }) else {
                if let error { g_error_free(error) }
                return
            }
            gtk_picture_set_paintable(object.opaquePointer, texture.opaquePointer)
        }
        return PictureFrame.wrap(picture)
    }

    private func load(_ address: String, completion: @escaping @MainActor (Data?) -> Void) {
        guard let url = URL(string: address) else { return completion(nil) }
        let cached = folder.appending(path: Self.cacheName(address))
        let session = self.session
        Task { @MainActor in completion(await Self.data(at: url, cachedIn: cached, session: session)) }
    }

    /// The image's bytes from the disk cache, a file or the network (then cached), off the
    /// main thread; nil when it cannot be had. An image that cannot be cached is only
    /// fetched again next time.
    private nonisolated static func data(at url: URL, cachedIn cached: URL, session: URLSession) async -> Data? {
        if let data = try? Data(contentsOf: cached) { return data }
        guard ["http", "https", "file"].contains(url.scheme?.lowercased() ?? "") else { return nil }
        if url.isFileURL { return try? Data(contentsOf: url) }
        guard let (body, response) = try? await session.data(from: url),
              (response as? HTTPURLResponse)?.statusCode == 200, body.count < 20_000_000 else { return nil }
        try? body.write(to: cached, options: .atomic)
        return body
    }

    /// A stable file name for an address (FNV-1a, hex).
    nonisolated static func cacheName(_ address: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in address.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return String(hash, radix: 16)
    }
}
