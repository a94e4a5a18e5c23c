import CGtk4

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
    public var string: String? { isType("s") ? String(cString: g_variant_get_string(pointer, nil)) : nil }

    /// The child at `index` of a tuple or container.
    public func child(_ index: Int) -> Variant? {
        guard g_variant_is_container(pointer) != 0, index < g_variant_n_children(pointer) else { return nil }
        return Variant(adopting: g_variant_get_child_value(pointer, gsize(index)))
    }
}
