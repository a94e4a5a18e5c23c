import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Converts bytes in any encoding glibc's iconv knows (UTF-16/32, KOI8-R, Shift_JIS,
/// GB2312, ISO-8859-x, ...) to UTF-8. Undecodable bytes become U+FFFD.
enum IconvConverter {
    /// The UTF-8 bytes, or nil when iconv does not know `charset`.
    static func convert(_ input: UnsafeBufferPointer<UInt8>, from charset: String,
                        warnings: inout [String]) -> [UInt8]? {
        let handle = iconv_open("UTF-8", charset)
        guard let handle, Int(bitPattern: handle) != -1 else { return nil }
        defer { iconv_close(handle) }
        guard let base = input.baseAddress, input.count > 0 else { return [] }
        var output = [UInt8](repeating: 0, count: input.count * 2 + 16)
        var produced = 0
        var invalid = 0
        var inPointer = UnsafeMutablePointer(mutating: UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self))
        var inLeft = input.count
        while inLeft > 0 {
            if output.count - produced < 16 { output.append(contentsOf: repeatElement(0, count: output.count)) }
            let status: Int = output.withUnsafeMutableBytes { raw in
                var outPointer: UnsafeMutablePointer<CChar>? = raw.baseAddress.map {
                    ($0 + produced).assumingMemoryBound(to: CChar.self)
                }
                var outLeft = raw.count - produced
                var inOptional: UnsafeMutablePointer<CChar>? = inPointer
                let result = iconv(handle, &inOptional, &inLeft, &outPointer, &outLeft)
                produced = raw.count - outLeft
                if let moved = inOptional { inPointer = moved }
                return result == -1 ? Int(errno) : 0
            }
            if status == 0 || status == E2BIG { continue }
            if status == EINVAL && inLeft < 4 { invalid += inLeft; break } // truncated at the end
            // EILSEQ (or a stuck EINVAL): replace one byte with U+FFFD and go on.
            if output.count - produced < 3 { output.append(contentsOf: repeatElement(0, count: 16)) }
            output[produced] = 0xEF; output[produced + 1] = 0xBF; output[produced + 2] = 0xBD
            produced += 3
            inPointer += 1
            inLeft -= 1
            invalid += 1
        }
        if invalid > 0 {
            warnings.append("\(invalid) byte(s) could not be decoded as \(charset) and were replaced")
        }
        output.removeSubrange(produced...)
        return output
    }
}
