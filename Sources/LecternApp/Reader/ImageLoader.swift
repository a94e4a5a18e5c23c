import CGtk4
import Foundation
import GtkBridge
import Library

/// Loads article images off the main thread, caching them on disk under
/// `$XDG_CACHE_HOME/lectern/images`, and shows each in a `GtkPicture` once it arrives —
/// scrolling never waits for an image. Downloads go through `ResourceDownload` under the image
/// policy (http and https only, 10 MB after decoding, no cookies, no Referer), and pictures are
/// decoded within `PictureDecoder.Bounds.article`; a refused picture stays a calm placeholder.
@MainActor
final class ImageLoader {
    private let folder: URL
    private nonisolated static let download = ResourceDownload(policy: .image, appVersion: LecternVersion.string)

    init(folder: URL = DataLocations.cacheDirectory.appending(path: "images")) {
        self.folder = folder
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
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
        guard let url = URL(string: address) else { return PictureFrame.wrap(picture) }
        let cached = folder.appending(path: Self.cacheName(address))
        Task { @MainActor in
            guard let data = await Self.data(at: url, cachedIn: cached),
                  let texture = await PictureDecoder.texture(from: data, within: .article) else { return }
            gtk_picture_set_paintable(object.opaquePointer, texture.opaquePointer)
        }
        return PictureFrame.wrap(picture)
    }

    /// The image's bytes from the disk cache or the web (then cached), off the main thread; nil
    /// when it cannot be had. An image that cannot be cached is only fetched again next time.
    private nonisolated static func data(at url: URL, cachedIn cached: URL) async -> Data? {
        if let size = try? cached.resourceValues(forKeys: [.fileSizeKey]).fileSize, size <= download.policy.maxBytes,
           let data = try? Data(contentsOf: cached) {
            return data
        }
        do {
            let body = try await download.get(url, accept: "image/*").body
            try? body.write(to: cached, options: .atomic)
            return body
        } catch {
            Log.debug("The picture at \(url.absoluteString.prefix(200)) is not shown: \(error)")
            return nil
        }
    }

    /// A stable file name for an address (FNV-1a, hex).
    nonisolated static func cacheName(_ address: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in address.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return String(hash, radix: 16)
    }
}
