import CGtk4
import Foundation

/// An owned `GVariant` (sunk on wrap, unreffed on release), with the readers Lectern needs.
public final class Variant: @unchecked Sendable {
    public let pointer: OpaquePointer

    /// Takes a reference (sinking a floating one).
    public init(retaining pointer: OpaquePointer) {
        self.pointer = pointer
        g_variant_ref_sink(pointer)
    }

    /// Takes over a full reference the caller owns.
    public init(adopting pointer: OpaquePointer) {
        self.pointer = pointer
    }

    deinit { g_variant_unref(pointer) }

    public func isType(_ type: String) -> Bool {
        guard let variantType = g_variant_type_new(type) else { return false }
        defer { g_variant_type_free(variantType) }
        return g_variant_is_of_type(pointer, variantType) != 0
    }

    /// The value inside a `v` variant, unwrapped through any depth of nesting (the portal's
    /// old `Read` wraps values once more than `ReadOne`).
    public var unboxed: Variant {
        var current = self
        while current.isType("v"), let inner = g_variant_get_variant(current.pointer) {
            current = Variant(adopting: inner)
        }
        return current
    }

    public var uint32: UInt32? { isType("u") ? g_variant_get_uint32(pointer) : nil }
    public var double: Double? { isType("d") ? g_variant_get_double(pointer) : nil }

    /// The three numbers of a `(ddd)` tuple (the portal's accent colour).
    public var doubleTriple: (Double, Double, Double)? {
        guard isType("(ddd)"), let r = child(0)?.double, let g = child(1)?.double, let b = child(2)?.double else { return nil }
        return (r, g, b)
    }
    public var string: String? { isType("s") ? String(cString: g_variant_get_string(pointer, nil)) : nil }
    public var objectPath: String? { isType("o") ? String(cString: g_variant_get_string(pointer, nil)) : nil }

    /// The value in GVariant's text form (`'Playing'`, `{'xesam:title': <'A'>}`).
    public var printed: String {
        guard let text = g_variant_print(pointer, 0) else { return "" }
        defer { g_free(text) }
        return String(cString: text)
    }

    /// The strings of an `as` array.
    public var strings: [String]? {
        guard isType("as") else { return nil }
        var count: gsize = 0
        guard let list = g_variant_get_strv(pointer, &count) else { return [] }
        defer { g_free(UnsafeMutableRawPointer(mutating: list)) }   // the array only; the strings are the variant's
        return (0..<Int(count)).compactMap { list[$0].map { String(cString: $0) } }
    }

    /// The child at `index` of a tuple or container.
    public func child(_ index: Int) -> Variant? {
        guard g_variant_is_container(pointer) != 0, index < g_variant_n_children(pointer) else { return nil }
        return Variant(adopting: g_variant_get_child_value(pointer, gsize(index)))
    }
}

/// New floating values, for a D-Bus reply (`MethodCall.reply`) or a container below.
extension Variant {
    public static func string(_ value: String) -> OpaquePointer { g_variant_new_string(value) }

    public static func strings(_ values: [String]) -> OpaquePointer {
        var copies = values.map { UnsafePointer(strdup($0)) }
        defer { copies.forEach { free(UnsafeMutableRawPointer(mutating: $0)) } }
        return g_variant_new_strv(&copies, gssize(copies.count))   // g_variant_new_strv copies the strings
    }

    public static func tuple(_ children: [OpaquePointer]) -> OpaquePointer {
        var children = children.map { Optional($0) }
        return g_variant_new_tuple(&children, gsize(children.count))
    }

    /// An array of values of `type` (a GVariant type string such as `a{sv}`), empty or not.
    public static func array(of type: String, _ children: [OpaquePointer]) -> OpaquePointer {
        let childType = g_variant_type_new(type)
        defer { g_variant_type_free(childType) }
        var children = children.map { Optional($0) }
        return g_variant_new_array(childType, &children, gsize(children.count))
    }

    /// An `a{sv}` dictionary, in the order given.
    public static func dictionary(_ entries: [(key: String, value: OpaquePointer)]) -> OpaquePointer {
        array(of: "{sv}", entries.map { g_variant_new_dict_entry(g_variant_new_string($0.key), g_variant_new_variant($0.value)) })
    }
}
