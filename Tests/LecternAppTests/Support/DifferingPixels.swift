import Foundation
import GtkBridge
import Testing
import TestSupport

/// How many pixels of two windows' pictures differ (the windows must be the same size), but for
/// a strip of `rightEdge` pixels at their right (where an overlay scrollbar may be showing).
@MainActor
func differingPixels(_ first: WidgetPointer, _ second: WidgetPointer, rightEdge: Int = 0) throws -> Int {
    var pictures: [PNGImage] = []
    for window in [first, second] {
        let path = FileManager.default.temporaryDirectory.appending(path: "differing-\(UUID().uuidString).png").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        _ = try WidgetCapture.savePNG(of: window, to: path)
        pictures.append(try #require(PNGImage(path: path)))
    }
    let (a, b) = (pictures[0], pictures[1])
    try #require(a.width == b.width && a.height == b.height, "\(a.width)x\(a.height) and \(b.width)x\(b.height)")
    let width = a.width - rightEdge
    return (0..<a.height).reduce(0) { count, y in count + (0..<width).filter { a.rgb(x: $0, y: y) != b.rgb(x: $0, y: y) }.count }
}
