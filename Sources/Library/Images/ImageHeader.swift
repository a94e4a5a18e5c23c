import Foundation

/// What a picture's first bytes say it is — its format and size in pixels — read before any
/// decoder sees it, so that a picture declaring 100 000 × 100 000 pixels (a few hundred bytes
/// on the wire, forty gigabytes once decoded) is refused before memory is spent on it. Reads
/// PNG, JPEG, GIF, WebP, BMP and ICO headers and recognises SVG; anything else is `nil`, and
/// is not shown. Every read is bounds-checked: any bytes at all give an answer or `nil`.
public struct ImageHeader: Sendable, Equatable {
    public enum Format: String, Sendable {
        case png, jpeg, gif, webp, bmp, ico
        /// Drawn at whatever size is asked of it, so its declared size costs nothing.
        case svg
    }

    public let format: Format
    /// Pixels, as declared (0 for an SVG, which has no pixels of its own).
    public let width: Int
    public let height: Int

    /// The largest picture Lectern decodes: a side of at most 16 384 pixels and at most
    /// 50 megapixels (a photograph from any camera fits; 200 MB once decoded).
    public static let maxSide = 16_384
    public static let maxPixels = 50_000_000

    /// Whether a decoder may be given the picture.
    public var isDecodable: Bool {
        format == .svg || (width > 0 && height > 0 && width <= Self.maxSide && height <= Self.maxSide
                           && width * height <= Self.maxPixels)
    }

    /// Width times height, without overflow whatever the header declared.
    public var area: Double { Double(width) * Double(height) }

    public init(format: Format, width: Int, height: Int) {
        self.format = format
        self.width = width
        self.height = height
    }

    /// The header of `data`, or nil when it is no picture Lectern shows.
    public init?(_ data: Data) {
        let bytes = ByteReader(data)
        guard let header = Self.png(bytes) ?? Self.gif(bytes) ?? Self.jpeg(bytes) ?? Self.webp(bytes)
                ?? Self.bmp(bytes) ?? Self.ico(bytes, data) ?? Self.svg(data) else { return nil }
        self = header
    }

    private static func png(_ bytes: ByteReader) -> ImageHeader? {
        guard bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), bytes.ascii(12, 4) == "IHDR",
              let width = bytes.uint32BE(16), let height = bytes.uint32BE(20) else { return nil }
        return ImageHeader(format: .png, width: width, height: height)
    }

    private static func gif(_ bytes: ByteReader) -> ImageHeader? {
        guard bytes.ascii(0, 6) == "GIF87a" || bytes.ascii(0, 6) == "GIF89a",
              let width = bytes.uint16LE(6), let height = bytes.uint16LE(8) else { return nil }
        return ImageHeader(format: .gif, width: width, height: height)
    }

    /// The first start-of-frame marker's size, walking the segments from SOI.
    private static func jpeg(_ bytes: ByteReader) -> ImageHeader? {
        guard bytes.starts(with: [0xFF, 0xD8]) else { return nil }
        var offset = 2
        while let marker = bytes.byte(offset + 1), bytes.byte(offset) == 0xFF {
            if marker == 0xFF { offset += 1; continue }   // fill bytes
            if marker == 0xD8 || marker == 0x01 || (0xD0...0xD7).contains(marker) { offset += 2; continue }
            guard marker != 0xD9, marker != 0xDA, let length = bytes.uint16BE(offset + 2), length >= 2 else { return nil }
            // SOF0–SOF15, except DHT (C4), JPG (C8) and DAC (CC).
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                guard let height = bytes.uint16BE(offset + 5), let width = bytes.uint16BE(offset + 7) else { return nil }
                return ImageHeader(format: .jpeg, width: width, height: height)
            }
            offset += 2 + length
        }
        return nil
    }

    private static func webp(_ bytes: ByteReader) -> ImageHeader? {
        guard bytes.ascii(0, 4) == "RIFF", bytes.ascii(8, 4) == "WEBP", let chunk = bytes.ascii(12, 4) else { return nil }
        switch chunk {
        case "VP8X":
            guard let width = bytes.uint24LE(24), let height = bytes.uint24LE(27) else { return nil }
            return ImageHeader(format: .webp, width: width + 1, height: height + 1)
        case "VP8 ":
            guard bytes.starts(with: [0x9D, 0x01, 0x2A], at: 23), let width = bytes.uint16LE(26), let height = bytes.uint16LE(28) else {
                return nil
            }
            return ImageHeader(format: .webp, width: width & 0x3FFF, height: height & 0x3FFF)
        case "VP8L":
            guard bytes.byte(20) == 0x2F, let bits = bytes.uint32LE(21) else { return nil }
            return ImageHeader(format: .webp, width: (bits & 0x3FFF) + 1, height: ((bits >> 14) & 0x3FFF) + 1)
        default:
            return nil
        }
    }

    private static func bmp(_ bytes: ByteReader) -> ImageHeader? {
        guard bytes.ascii(0, 2) == "BM", let headerSize = bytes.uint32LE(14), headerSize >= 40,
              let width = bytes.int32LE(18), let height = bytes.int32LE(22), width != Int32.min, height != Int32.min else { return nil }
        return ImageHeader(format: .bmp, width: Int(abs(width)), height: Int(abs(height)))   // negative: drawn top-down
    }

    /// An icon file's largest entry, or the PNG inside an entry when its header says more.
    private static func ico(_ bytes: ByteReader, _ data: Data) -> ImageHeader? {
        guard bytes.starts(with: [0, 0, 1, 0]), let count = bytes.uint16LE(4), count > 0 else { return nil }
        var largest: ImageHeader?
        for index in 0..<min(count, 256) {
            let entry = 6 + 16 * index
            guard let width = bytes.byte(entry), let height = bytes.byte(entry + 1),
                  let size = bytes.uint32LE(entry + 8), let offset = bytes.uint32LE(entry + 12) else { return nil }
            var found = ImageHeader(format: .ico, width: width == 0 ? 256 : Int(width), height: height == 0 ? 256 : Int(height))
            if offset < data.count, let inner = png(ByteReader(data.dropFirst(offset).prefix(size))) {
                found = ImageHeader(format: .ico, width: inner.width, height: inner.height)
            }
            if found.area > (largest?.area ?? -1) { largest = found }
        }
        return largest
    }

    private static func svg(_ data: Data) -> ImageHeader? {
        let start = String(decoding: data.prefix(512), as: UTF8.self)
        return start.contains("<svg") ? ImageHeader(format: .svg, width: 0, height: 0) : nil
    }
}

/// Bounds-checked reads of a picture's bytes: nil past the end, never a trap.
private struct ByteReader {
    private let bytes: [UInt8]

    init(_ data: Data) { bytes = [UInt8](data.prefix(1 << 16)) }   // every header lies in the first 64 KB

    func byte(_ offset: Int) -> UInt8? { offset >= 0 && offset < bytes.count ? bytes[offset] : nil }

    func starts(with prefix: [UInt8], at offset: Int = 0) -> Bool {
        offset >= 0 && offset + prefix.count <= bytes.count && Array(bytes[offset..<offset + prefix.count]) == prefix
    }

    func ascii(_ offset: Int, _ count: Int) -> String? {
        guard offset >= 0, offset + count <= bytes.count else { return nil }
        return String(decoding: bytes[offset..<offset + count], as: UTF8.self)
    }

    private func read(_ offset: Int, _ count: Int, bigEndian: Bool) -> Int? {
        guard offset >= 0, offset + count <= bytes.count else { return nil }
        let slice = bytes[offset..<offset + count]
        return (bigEndian ? Array(slice) : slice.reversed()).reduce(0) { $0 << 8 | Int($1) }
    }

    func uint16BE(_ offset: Int) -> Int? { read(offset, 2, bigEndian: true) }
    func uint32BE(_ offset: Int) -> Int? { read(offset, 4, bigEndian: true) }
    func uint16LE(_ offset: Int) -> Int? { read(offset, 2, bigEndian: false) }
    func uint24LE(_ offset: Int) -> Int? { read(offset, 3, bigEndian: false) }
    func uint32LE(_ offset: Int) -> Int? { read(offset, 4, bigEndian: false) }
    func int32LE(_ offset: Int) -> Int32? { uint32LE(offset).map { Int32(truncatingIfNeeded: $0) } }
}
