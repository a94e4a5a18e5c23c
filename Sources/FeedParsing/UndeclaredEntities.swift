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
            var utf8 = [UInt8]()
            Windows1252.appendUTF8(scalar.value, to: &utf8)
            let content = UnsafeMutablePointer<xmlChar>.allocate(capacity: utf8.count + 1)
            content.initialize(from: utf8, count: utf8.count)
            content[utf8.count] = 0
            let cName = UnsafeMutablePointer<xmlChar>.allocate(capacity: name.utf8.count + 1)
            cName.initialize(from: Array(name.utf8), count: name.utf8.count)
            cName[name.utf8.count] = 0
            let entity = UnsafeMutablePointer<xmlEntity>.allocate(capacity: 1)
            entity.initialize(to: xmlEntity())
            entity.pointee.type = XML_ENTITY_DECL
            entity.pointee.name = UnsafePointer(cName)
            entity.pointee.etype = XML_INTERNAL_PREDEFINED_ENTITY
            entity.pointee.content = content
            entity.pointee.orig = content
            entity.pointee.length = Int32(utf8.count)
            records[name] = entity
        }
        self.records = records
    }

    /// The record for an entity name, or nil when it is not an HTML entity.
    func entity(named name: UnsafePointer<xmlChar>) -> UnsafeMutablePointer<xmlEntity>? {
        records[String(cString: name)]
    }
}
