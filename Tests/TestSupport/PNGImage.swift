import CGtk4
import Foundation
import GtkBridge

/// A PNG decoded with GDK, for checking screenshots: size and pixel colours.
public struct PNGImage {
    public let width: Int
    public let height: Int
    private let pixels: [UInt8]   // RGBA rows
    private let stride: Int

    public init?(path: String) {
        var error: UnsafeMutablePointer<GError>?
        guard let texture = gdk_texture_new_from_filename(path, &error) else {
            if let error { g_error_free(error) }
            return nil
        }
        defer { g_object_unref(UnsafeMutableRawPointer(texture)) }
        width = Int(gdk_texture_get_width(texture))
        height = Int(gdk_texture_get_height(texture))
        let rowBytes = width * 4
        stride = rowBytes
        var buffer = [UInt8](repeating: 0, count: rowBytes * height)
        buffer.withUnsafeMutableBufferPointer { out in
            // GDK downloads in the native-endian ARGB32 (BGRA in memory on x86).
            gdk_texture_download(texture, out.baseAddress, gsize(rowBytes))
        }
        pixels = buffer
    }

    /// The red, green and blue at (x, y), 0–255 each.
    public func rgb(x: Int, y: Int) -> (red: Int, green: Int, blue: Int) {
        let offset = y * stride + x * 4
        return (Int(pixels[offset + 2]), Int(pixels[offset + 1]), Int(pixels[offset]))
    }

    /// The colour at (x, y) as a `#rrggbb` string.
    public func hex(x: Int, y: Int) -> String {
        let (red, green, blue) = rgb(x: x, y: y)
        return String(format: "#%02x%02x%02x", red, green, blue)
    }

    /// How many of the picture's 2 × 2 blocks (at even coordinates) hold more than one colour.
    /// A picture enlarged from half its size has none: each of its pixels became such a block.
    public var mixedTwoByTwoBlocks: Int {
        var mixed = 0
        for y in Swift.stride(from: 0, to: height - 1, by: 2) {
            for x in Swift.stride(from: 0, to: width - 1, by: 2) {
                let corner = hex(x: x, y: y)
                if hex(x: x + 1, y: y) != corner || hex(x: x, y: y + 1) != corner || hex(x: x + 1, y: y + 1) != corner { mixed += 1 }
            }
        }
        return mixed
    }

    /// How many pixels have exactly this `#rrggbb` colour.
    public func count(of hexColour: String) -> Int {
        var matches = 0
        for y in 0..<height { for x in 0..<width where hex(x: x, y: y) == hexColour.lowercased() { matches += 1 } }
        return matches
    }

    /// How many pixels are within `tolerance` of this `#rrggbb` colour in each of red, green and
    /// blue (a picture that was compressed and scaled: a video's frames).
    public func count(near hexColour: String, tolerance: Int) -> Int {
        let wanted = Int(hexColour.dropFirst(), radix: 16) ?? 0
        let (red, green, blue) = (wanted >> 16 & 0xff, wanted >> 8 & 0xff, wanted & 0xff)
        var matches = 0
        for y in 0..<height {
            for x in 0..<width {
                let pixel = rgb(x: x, y: y)
                if abs(pixel.red - red) <= tolerance, abs(pixel.green - green) <= tolerance,
                   abs(pixel.blue - blue) <= tolerance { matches += 1 }
            }
        }
        return matches
    }

    /// The smallest rectangle holding the rows and columns that have at least `perLine`
    /// pixels of this `#rrggbb` colour (so a stray anti-aliased pixel elsewhere does not
    /// count); nil when there is none.
    public func bounds(of hexColour: String, perLine: Int = 1) -> (x: ClosedRange<Int>, y: ClosedRange<Int>)? {
        let wanted = hexColour.lowercased()
        var rows = [Int](repeating: 0, count: height), columns = [Int](repeating: 0, count: width)
        for y in 0..<height {
            for x in 0..<width where hex(x: x, y: y) == wanted {
                rows[y] += 1
                columns[x] += 1
            }
        }
        guard let top = rows.firstIndex(where: { $0 >= perLine }), let bottom = rows.lastIndex(where: { $0 >= perLine }),
              let left = columns.firstIndex(where: { $0 >= perLine }), let right = columns.lastIndex(where: { $0 >= perLine })
        else { return nil }
        return (left...right, top...bottom)
    }
}
