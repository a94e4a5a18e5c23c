import CLibXML2

/// The entities one parse can resolve, handed to libxml2 by the SAX `getEntity`
/// callback, all typed as *predefined* so libxml2 inlines their text once and never
/// expands anything recursively:
///
/// 1. internal entities the document declares (`<!ENTITY id "tag:example.com,">`),
///    capped in number and size; external ones are never loaded (no XXE);
/// 2. HTML named entities (`&eacute;`), shared by all parses;
/// 3. any other name comes out literally (`&doesnotexist;`), as a liberal reader shows it.
///
/// A billion-laughs document therefore inlines each reference's declared text verbatim,
/// one level deep: linear, not exponential. This class owns the records it allocates
/// (declared and literal ones) and frees them in `deinit`.
final class DocumentEntities {
    private var owned: [String: UnsafeMutablePointer<xmlEntity>] = [:]
    private var declaredBytes = 0
    static let maxEntities = 1_000
    static let maxDeclaredBytes = 64 * 1024

    /// Records an internal general entity declared in the document's DTD subset.
    func declare(name: String, content: String) {
        guard owned[name] == nil, owned.count < DocumentEntities.maxEntities,
              declaredBytes + content.utf8.count <= DocumentEntities.maxDeclaredBytes else { return }
        declaredBytes += content.utf8.count
        owned[name] = DocumentEntities.makeRecord(name: name, content: content)
    }

    /// The record for `&name;`, or nil once too many distinct names were seen.
    func entity(named cName: UnsafePointer<xmlChar>) -> UnsafeMutablePointer<xmlEntity>? {
        let name = String(cString: cName)
        if let record = owned[name] { return record }
        if let record = UndeclaredEntities.shared.entity(named: name) { return record }
        guard owned.count < DocumentEntities.maxEntities else { return nil }
        let record = DocumentEntities.makeRecord(name: name, content: "&\(name);")
        owned[name] = record
        return record
    }

    deinit {
        for record in owned.values { DocumentEntities.freeRecord(record) }
    }

    /// A predefined-typed entity record with its own copies of name and content.
    static func makeRecord(name: String, content: String) -> UnsafeMutablePointer<xmlEntity> {
        let cName = copy(name)
        let cContent = copy(content)
        let record = UnsafeMutablePointer<xmlEntity>.allocate(capacity: 1)
        record.initialize(to: xmlEntity())
        record.pointee.type = XML_ENTITY_DECL
        record.pointee.name = UnsafePointer(cName)
        record.pointee.etype = XML_INTERNAL_PREDEFINED_ENTITY
        record.pointee.content = cContent
        record.pointee.orig = cContent
        record.pointee.length = Int32(content.utf8.count)
        return record
    }

    static func freeRecord(_ record: UnsafeMutablePointer<xmlEntity>) {
        if let name = record.pointee.name { UnsafeMutablePointer(mutating: name).deallocate() }
        record.pointee.content?.deallocate()
        record.deinitialize(count: 1)
        record.deallocate()
    }

    private static func copy(_ text: String) -> UnsafeMutablePointer<xmlChar> {
        let utf8 = Array(text.utf8)
        let pointer = UnsafeMutablePointer<xmlChar>.allocate(capacity: utf8.count + 1)
        pointer.initialize(from: utf8, count: utf8.count)
        pointer[utf8.count] = 0
        return pointer
    }
}
