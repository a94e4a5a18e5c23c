// lectern-fuzz TARGET [libFuzzer options] [corpus folders…]
// lectern-fuzz TARGET FILE…            (in a build without libFuzzer: replays the files)
//
// `make fuzz` builds this with `-sanitize=fuzzer,address -DLECTERN_FUZZER`, which links
// libFuzzer's driver; see docs/hardening.md.
import Foundation
import FuzzTargets

let arguments = CommandLine.arguments
guard arguments.count >= 2, let target = FuzzTarget(rawValue: arguments[1]) else {
    let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")
    FileHandle.standardError.write(Data("usage: lectern-fuzz TARGET [options] [inputs…]\ntargets: \(names)\n".utf8))
    exit(2)
}
nonisolated(unsafe) var selected = target

#if LECTERN_FUZZER
@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(_ argc: UnsafeMutablePointer<Int32>,
                     _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                     _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32) -> Int32

// libFuzzer reads argv[0] and its own options; drop the target name.
var driverArguments: [UnsafeMutablePointer<CChar>?] = ([arguments[0]] + arguments.dropFirst(2)).map { strdup($0) } + [nil]
var argc = Int32(driverArguments.count - 1)
let status = driverArguments.withUnsafeMutableBufferPointer { buffer in
    var argv = buffer.baseAddress
    return runFuzzerDriver(&argc, &argv) { bytes, count in
        selected.run(bytes.map { Data(bytes: $0, count: count) } ?? Data())
        return 0
    }
}
exit(status)
#else
for path in arguments.dropFirst(2) {
    guard let data = FileManager.default.contents(atPath: path) else {
        FileHandle.standardError.write(Data("lectern-fuzz: cannot read \(path)\n".utf8))
        exit(1)
    }
    selected.run(data)
    print("\(path): ok")
}
#endif
