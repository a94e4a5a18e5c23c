import FeedParsing
import Foundation
import Testing

/// JSONText reads what JSONSerialization reads, into the same values, refuses what it refuses,
/// and never trusts nesting without bound.
@Suite struct JSONTextTests {
    /// A value written out with its kind, keys sorted: two readings are the same when these are.
    private func canonical(_ value: Any?) -> String {
        switch value {
        case nil: return "nil"
        case let object as [String: Any]:
            return "{" + object.keys.sorted().map { "\($0.debugDescription):\(canonical(object[$0]))" }.joined(separator: ",") + "}"
        case let array as [Any]: return "[" + array.map(canonical).joined(separator: ",") + "]"
        case let text as String: return text.debugDescription
        case is NSNull: return "null"
        case let number as NSNumber: return "#\(number.doubleValue)"
        default: return "?\(type(of: value!))"
        }
    }

    private func both(_ text: String) -> (mine: String, foundation: String) {
        let data = Data(text.utf8)
        return (canonical(JSONText.parse(data)),
                canonical(try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])))
    }

    static let documents = [
        #"{"id":"tag:google.com,2005:reader/item/0006619ee033285f","published":1796184854,"crawlTimeMsec":"1796184854440","#
            + #""categories":["user/-/state/com.google/reading-list","user/-/label/Caf\u00e9"],"summary":{"content":"<p>a \"b\" \\ c\/d</p>"},"#
            + #""origin":{"streamId":"feed/100"},"enclosure":[],"extra":{},"flag":true,"off":false,"none":null}"#,
        #"[0, -1, 1.5, -0.25, 1e3, 2E-2, 12345678901234, 9223372036854775807, 3.0]"#,
        #" "a top-level string\twith\nescapes\r\b\f" "#,
        #"42"#,
        #"{"emoji":"\ud83d\ude00 and 😀","accents":"Müller, Ελληνικά, 日本語"}"#,
        #"[[[[[]]]],{"a":{"b":{"c":[1,{"d":null}]}}}]"#,
        "\u{FEFF}{\"after a byte order mark\":1}",
    ]

    @Test(arguments: documents) func readsWhatFoundationReads(_ text: String) {
        let (mine, foundation) = both(text)
        #expect(mine != "nil")
        #expect(mine == foundation)
    }

    static let broken = [
        #"{"a":1,}"#, #"[1,]"#, #"{'a':1}"#, #"{"a":1} x"#, #"tru"#, #"01"#, #"1."#, #"-"#, #".5"#, #"1e"#,
        "\"a\u{01}b\"", #""cut off"#, #"{"a" 1}"#, #"{"a":}"#, "", "   ", "<html><body>Sign in</body></html>",
        #"[1 2]"#, #"{"a":1 "b":2}"#, #""\x41""#, #""\u12G4""#, #"nul"#, #"[true false]"#,
    ]

    @Test(arguments: broken) func refusesWhatIsNotJSON(_ text: String) {
        #expect(JSONText.parse(Data(text.utf8)) == nil, "\(text.debugDescription) was read")
    }

    @Test func nestingDeeperThanTheLimitIsRefusedAndShallowerRead() {
        let depth = JSONText.maxDepth
        let deep = String(repeating: "[", count: depth + 1) + String(repeating: "]", count: depth + 1)
        let shallow = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        #expect(JSONText.parse(Data(deep.utf8)) == nil)
        #expect(JSONText.parse(Data(shallow.utf8)) != nil)
        let flood = String(repeating: "[", count: 1_000_000)
        #expect(JSONText.parse(Data(flood.utf8)) == nil, "a million brackets end in a refusal, not a crashed stack")
    }

    @Test func damagedTextIsReadAsWellAsItCanBe() throws {
        var bytes = Array(#"{"name":"caf"#.utf8) + [0xE9] + Array(#"","lone":"\ud800x","twice":1,"twice":2}"#.utf8)
        let object = try #require(JSONText.parse(Data(bytes)) as? [String: Any])
        #expect(object["name"] as? String == "caf\u{FFFD}", "a byte that is not UTF-8")
        #expect(object["lone"] as? String == "\u{FFFD}x", "a lone surrogate")
        #expect((object["twice"] as? NSNumber)?.intValue == 2, "the last of a repeated key")
        bytes = Array("\u{FEFF}[1]".utf16).flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        #expect(canonical(JSONText.parse(Data(bytes))) == "[#1.0]", "UTF-16 with its mark")
    }

    /// Every JSON file of the tests' fixtures and of the shared corpus (when it is there) reads
    /// the same both ways.
    @Test func everyFixtureAndCorpusFileReadsTheSameBothWays() throws {
        let root = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        var files = [root]
        if TestPaths.corpusExists { files.append(TestPaths.corpus) }
        var compared = 0
        for folder in files {
            let walk = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
            while let url = walk?.nextObject() as? URL {
                guard url.pathExtension == "json", let data = try? Data(contentsOf: url) else { continue }
                let foundation = canonical(try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]))
                #expect(canonical(JSONText.parse(data)) == foundation, "\(url.path)")
                compared += 1
            }
        }
        #expect(compared >= (TestPaths.corpusExists ? 600 : 10))
    }

    // MARK: Plucking one field of a list's objects

    private func pluck(_ text: String) -> [String: Any]? {
        JSONText.parse(Data(text.utf8), plucking: "id", from: "itemRefs")
    }

    @Test func aListIsReadAsEachObjectsFieldAndTheRestAsParseReadsIt() throws {
        let page = try #require(pluck(#"""
            {"items":[],"itemRefs":[{"id":"101","directStreamIds":[],"timestampUsec":"1","i":"x","idx":"y"},{"timestampUsec":"2","id":-5},
             {"i\u0064":"escaped key"},{"id":"first","id":"last"},{"other":{"deep":[1,{"id":"not this"}]}},7,"text",
             {"id":true},{"id":null},{"id":{"a":1}},{}],"continuation":"abc"}
            """#))
        #expect(page["itemRefs"] as? [String] == ["101", "-5", "escaped key", "last"])
        #expect(page["continuation"] as? String == "abc")
        #expect((page["items"] as? [Any])?.isEmpty == true)
        // Without the list, or with it not an array, the object is what `parse` makes of it.
        for text in Self.documents where text.hasPrefix("{") {
            #expect(canonical(pluck(text)) == canonical(JSONText.parse(Data(text.utf8))))
        }
        #expect(canonical(pluck(#"{"itemRefs":{"id":"1"}}"#)) == #"{"itemRefs":{"id":"1"}}"#)
        #expect(pluck(#"[{"itemRefs":[{"id":"1"}]}]"#) == nil, "not an object")
    }

    @Test func whatIsPassedOverIsStillCheckedAsJSON() {
        for bad in [#"01"#, "\"a\u{01}b\"", #"[1,]"#, #"{"a":1,}"#, #"tru"#, #""\u12G4""#, #"{'a':1}"#, #"[1 2]"#, #""cut"#] {
            #expect(pluck(#"{"itemRefs":[{"skipped":"# + bad + #","id":"1"}]}"#) == nil, "\(bad)")
            #expect(pluck(#"{"itemRefs":[{"id":"1"},"# + bad + "]}") == nil, "\(bad)")
        }
        for text in Self.broken {
            #expect(pluck(text) == nil, "\(text.debugDescription) was read")
        }
        let depth = JSONText.maxDepth
        let deep = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        #expect(pluck(#"{"itemRefs":[{"skipped":"# + deep + "}]}") == nil, "nesting past the limit, even unbuilt, is refused")
        #expect(pluck(#"{"itemRefs":["# + String(repeating: "[", count: 1_000_000) + "]}") == nil)
    }
}
