import CLibXML2
import Foundation

/// libxml2 entity records for the HTML named entities (`&eacute;`, `&nbsp;`, ...) that
/// feeds use without declaring them. The SAX `getEntity` callback hands these out typed
/// as *predefined* entities, so libxml2 inlines their text as characters (like `&amp;`)
/// instead of reporting an undeclared entity. Nothing is ever expanded recursively,
/// and entities the document itself declares are never looked up (no XXE, no
/// billion laughs).
///
/// The records and their strings are allocated once per process and never freed; they
/// are never written after construction, so sharing them between threads is safe.
final class UndeclaredEntities: @unchecked Sendable {
    static let shared = UndeclaredEntities()

    private let records: [String: UnsafeMutablePointer<xmlEntity>]

    private init() {
        var records = [String: UnsafeMutablePointer<xmlEntity>]()
        for (name, codePoint) in HTMLEntities.codePoints {
            guard let scalar = Unicode.Scalar(codePoint) else { continue }
            records[name] = DocumentEntities.makeRecord(name: name, content: String(Character(scalar)))
        }
        self.records = records
    }

    /// The record for an entity name, or nil when it is not an HTML entity.
    func entity(named name: String) -> UnsafeMutablePointer<xmlEntity>? {
        records[name]
    }
}
