import Foundation
import Sync
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One answer an API reference shows for one endpoint, recorded in
/// `Fixtures/documented/<protocol>/<name>.json`: `reference` (the reference's file and section),
/// `method`, `path`, `query` (the values that tell two answers of one path apart), `request` (a
/// body for the call, in the reference's parameters), `status` and `answer` (null: no body).
struct DocumentedAnswer: CustomStringConvertible {
    let name: String
    let reference: String
    let method: String
    let path: String
    let query: [String: String]
    let request: Any?
    let status: Int
    let answer: Any?

    var description: String { "\(name) (\(method) \(path))" }

    /// The answers recorded for `protocolFolder` (`miniflux`, `nextcloud_news`, `feedbin`), by name.
    static func all(_ protocolFolder: String) throws -> [DocumentedAnswer] {
        let folder = fixture("documented/\(protocolFolder)")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }.sorted()
        return try names.map { name in
            let data = try Data(contentsOf: folder.appending(path: name))
            guard let file = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) as? [String: Any],
                  let reference = file["reference"] as? String, let method = file["method"] as? String,
                  let path = file["path"] as? String, let status = file["status"] as? Int else {
                throw DocumentedFileError(name: name)
            }
            return DocumentedAnswer(name: name, reference: reference, method: method, path: path,
                                    query: file["query"] as? [String: String] ?? [:], request: file["request"].flatMap { $0 is NSNull ? nil : $0 },
                                    status: status, answer: file["answer"].flatMap { $0 is NSNull ? nil : $0 })
        }
    }

    /// This call made to `base` signed in with `authorization`: the status and the JSON answer.
    func call(_ base: String, authorization: String) async throws -> (status: Int, answer: Any?) {
        var components = try #require(URLComponents(string: base + path))
        if !query.isEmpty { components.queryItems = query.sorted { $0.key < $1.key }.map { URLQueryItem(name: $0.key, value: $0.value) } }
        var request = URLRequest(url: try #require(components.url))
        request.httpMethod = method
        request.setValue(authorization, forHTTPHeaderField: "Authorization")
        if let body = self.request {
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.httpBody = try JSONSerialization.data(withJSONObject: body, options: [.fragmentsAllowed])
        }
        let (data, response) = try await URLSession(configuration: .ephemeral).data(for: request)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        return (status, data.isEmpty ? nil : try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]))
    }
}

struct DocumentedFileError: Error, CustomStringConvertible {
    let name: String
    var description: String { "\(name) lacks a reference, method, path or status" }
}

/// The JSON kinds an answer's shape is made of.
enum JSONKind: String {
    case null, bool, number, text, list, object

    init(_ value: Any?) {
        switch value {
        case nil, is NSNull: self = .null
        case let number as NSNumber: self = String(cString: number.objCType) == "c" ? .bool : .number
        case is String: self = .text
        case is [Any]: self = .list
        default: self = .object
        }
    }
}

/// Where `answer` is not in the shape of `documented`: a field the reference shows that is missing,
/// a value of another JSON kind, an empty list where the reference shows items. Null on either side
/// stands for any kind (the references show nullable fields by null in one place and set in
/// another); a list's items are held to all the reference's items of that list at once.
func shapeDifferences(_ answer: Any?, from documented: Any?) -> [String] {
    var seen = Set<String>()
    return shapeDifferences(answer, from: documented, at: "answer", depth: 0).filter { seen.insert($0).inserted }
}

/// `place` names items without their index (`answer.entries[].feed`), so a difference every item
/// shares is said once. An empty list counts only in the answer and its own fields: deeper down
/// (an entry's tags) an empty list is as the account is.
private func shapeDifferences(_ answer: Any?, from documented: Any?, at place: String, depth: Int) -> [String] {
    let expected = JSONKind(documented), found = JSONKind(answer)
    if expected == .null || found == .null { return [] }
    guard expected == found else { return ["\(place): \(found.rawValue) where the reference has \(expected.rawValue)"] }
    switch (answer, documented) {
    case (let answer as [String: Any], let documented as [String: Any]):
        return documented.keys.sorted().flatMap { key in
            answer.keys.contains(key) ? shapeDifferences(answer[key], from: documented[key], at: "\(place).\(key)", depth: depth + 1)
                                      : ["\(place).\(key): missing"]
        }
    case (let answer as [Any], let documented as [Any]):
        guard let example = mergedItems(documented) else { return [] }
        if answer.isEmpty, depth <= 1 { return ["\(place): empty where the reference shows items"] }
        return answer.flatMap { shapeDifferences($0, from: example, at: "\(place)[]", depth: depth + 1) }
    default:
        return []
    }
}

/// One item standing for all of a list's items: objects merged field by field (a field set in
/// one item and null in another counts as set), lists' items merged, else the first non-null.
private func mergedItems(_ items: [Any]) -> Any? {
    let present = items.filter { JSONKind($0) != .null }
    if !present.isEmpty, present.allSatisfy({ $0 is [String: Any] }) {
        var fields: [String: [Any]] = [:]
        for case let item as [String: Any] in present {
            for (key, value) in item { fields[key, default: []].append(value) }
        }
        return fields.mapValues { mergedItems($0) ?? NSNull() }
    }
    if !present.isEmpty, present.allSatisfy({ $0 is [Any] }) {
        let inner = present.flatMap { $0 as? [Any] ?? [] }
        return inner.isEmpty ? [Any]() : [mergedItems(inner) ?? NSNull()]
    }
    return present.first
}
