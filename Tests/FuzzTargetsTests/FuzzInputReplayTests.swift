import Foundation
import FuzzTargets
import Testing

/// Replays every seed and every kept crash input in `Tests/FuzzInputs/TARGET/` through
/// the fuzz target that found it, so a fixed crash stays fixed. A regression makes this
/// test process crash (or trap on a broken invariant), which fails the run.
@Suite struct FuzzInputReplayTests {
    static let inputs = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("FuzzInputs")

    /// On the main thread, as libFuzzer drives them (the settings target reads into the app's model).
    @Test(arguments: FuzzTarget.allCases)
    @MainActor
    func everyKeptInputRunsCleanly(_ target: FuzzTarget) throws {
        let folder = Self.inputs.appendingPathComponent(target.rawValue)
        let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
        #expect(!files.isEmpty, "no seeds for \(target.rawValue)")
        for file in files { target.run(try Data(contentsOf: file)) }
    }

    @Test func everyTargetHasADictionary() {
        for target in FuzzTarget.allCases {
            let dictionary = Self.inputs.appendingPathComponent("\(target.rawValue).dict")
            #expect(FileManager.default.fileExists(atPath: dictionary.path), "\(dictionary.path)")
        }
    }
}
