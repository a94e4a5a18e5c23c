import Foundation
import Localization

/// A theme being edited: its file's JSON, so that everything the file holds is kept, changed a
/// step at a time with undo and redo, decoded and measured after every step, and saved
/// atomically. A built-in theme is never edited in place: the editor works on a copy
/// (``copy(of:as:into:)``).
public struct ThemeDraft {
    /// The file's JSON as it stands.
    public private(set) var object: [String: Any]
    /// The theme as it stands, or why the file, saved now, would not load.
    public private(set) var result: Result<Theme, ThemeError>
    private var original: [String: Any]
    private var undoSteps: [(object: [String: Any], key: String)] = []
    private var redoSteps: [(object: [String: Any], key: String)] = []
    private let fileName: String

    /// Reads the theme file at `url` (it must be a valid theme to be edited).
    public init(contentsOf url: URL) throws(ThemeError) {
        let data = try ThemeFile.read(url)
        guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            throw .unreadable(file: url.lastPathComponent, reason: tr("not a JSON object"))
        }
        try self.init(object: object, fileName: url.lastPathComponent)
    }

    public init(object: [String: Any], fileName: String) throws(ThemeError) {
        self.object = object
        original = object
        self.fileName = fileName
        result = Self.decode(object, file: fileName)
        if case .failure(let error) = result { throw error }
    }

    public var theme: Theme? { try? result.get() }
    public var canUndo: Bool { !undoSteps.isEmpty }
    public var canRedo: Bool { !redoSteps.isEmpty }
    /// Whether anything differs from the file as it was opened (or last saved).
    public var isChanged: Bool { !NSDictionary(dictionary: object).isEqual(to: original) }
    /// The contrast pairs that fail, in both variants.
    public var findings: [ContrastFinding] { theme.map(ContrastChecker.findings(for:)) ?? [] }

    public var name: String { object["name"] as? String ?? "" }

    public func description(for scheme: ColorScheme) -> String {
        (object["description"] as? [String: Any])?[scheme.rawValue] as? String ?? ""
    }

    /// Every rule `token` takes part in, measured in `scheme`.
    public func pairs(of token: ColorToken, in scheme: ColorScheme) -> [ContrastFinding] {
        guard let theme else { return [] }
        return ContrastRule.all.filter { $0.foreground == token || $0.background == token }
            .map { ContrastChecker.measure($0, in: theme, scheme: scheme) }
    }

    /// A number under `tokens` (`["typography", "base_size"]`, `["spacing", "m"]`, `["radius", "large"]`,
    /// `["typography", "title_scale", "title_1"]`). A number the file leaves out is the one the
    /// theme wears (the standard value).
    public func number(at path: [String]) -> Double? {
        if let value = Self.value(at: ["tokens"] + path, in: object) as? Double { return value }
        return theme.flatMap { Self.numbers(of: $0)[path] }
    }

    /// Every number `theme` wears, by its path under `tokens`.
    private static func numbers(of theme: Theme) -> [[String]: Double] {
        let type = theme.typography
        var numbers: [[String]: Double] = [["typography", "base_size"]: type.baseSize, ["typography", "reading_size"]: type.readingSize,
                                           ["typography", "line_height"]: type.lineHeight]
        for (key, level) in zip(TitleScale.keys, type.titleScale.levels) { numbers[["typography", "title_scale", key]] = level }
        for step in theme.spacing.steps { numbers[["spacing", step.name]] = step.value }
        for step in theme.radii.steps { numbers[["radius", step.name]] = step.value }
        return numbers
    }

    public mutating func setNumber(_ value: Double, at path: [String]) {
        change(key: "number") { Self.set(value, at: ["tokens"] + path, in: &$0) }
    }

    /// A font family list (`ui_family`, `reading_family`, `mono_family`), first choice first.
    public func families(_ key: String) -> [String] {
        if let families = Self.value(at: ["tokens", "typography", key], in: object) as? [String] { return families }
        // Left out of the file: the list the theme wears.
        guard let type = theme?.typography else { return [] }
        return switch key {
        case "ui_family": type.uiFamily
        case "reading_family": type.readingFamily
        case "mono_family": type.monoFamily
        default: []
        }
    }

    public mutating func setFamilies(_ families: [String], for key: String) {
        change(key: "families") { Self.set(families, at: ["tokens", "typography", key], in: &$0) }
    }

    public mutating func setColor(_ color: Color, for token: ColorToken, scheme: ColorScheme) {
        change(key: "color") { Self.setColor(color.hex, token: token, scheme: scheme, in: &$0) }
    }

    /// A run of edits to one text (typing) is one step to undo.
    public mutating func setName(_ name: String) {
        change(key: "name") { $0["name"] = name }
    }

    public mutating func setDescription(_ text: String, for scheme: ColorScheme) {
        change(key: "description-\(scheme.rawValue)") { object in
            var descriptions = object["description"] as? [String: Any] ?? [:]
            descriptions[scheme.rawValue] = text
            object["description"] = descriptions
        }
    }

    public mutating func undo() {
        guard let step = undoSteps.popLast() else { return }
        redoSteps.append((object, step.key))
        apply(step.object)
    }

    public mutating func redo() {
        guard let step = redoSteps.popLast() else { return }
        undoSteps.append((object, step.key))
        apply(step.object)
    }

    /// Back to the file as it was opened; undo brings the edits back.
    public mutating func revert() {
        guard isChanged else { return }
        undoSteps.append((object, "revert"))
        redoSteps = []
        apply(original)
    }

    public enum SaveFailure: Error, CustomStringConvertible {
        case invalid(ThemeError)
        case nameTaken(String)
        case cannotWrite(path: String, reason: String)

        public var description: String {
            switch self {
            case .invalid(let error): "\(error)"
            // Translators: the theme editor's Save, refused: another theme has the name.
            case .nameTaken(let name): tr("there is already a theme called “{theme}”: give this one a name of its own", ["theme": name])
            case .cannotWrite(let path, let reason): tr("could not write {path}: {reason}", ["path": path, "reason": reason])
            }
        }
    }

    /// Writes the theme to `url` through a temporary file renamed over the old one, so that a
    /// crash or a full disk leaves the old file whole. A theme failing a contrast check is
    /// saved as a draft (`"draft": true`), which the picker never offers as finished. Returns
    /// whether it was saved as a draft. `otherNames` are the other themes' names, which this one
    /// may not take (compared without regard to case).
    @discardableResult
    public mutating func save(to url: URL, otherNames: [String] = []) throws(SaveFailure) -> Bool {
        if case .failure(let error) = result { throw .invalid(error) }
        let name = self.name.trimmingCharacters(in: .whitespaces)
        if let taken = otherNames.first(where: { $0.lowercased() == name.lowercased() }) { throw .nameTaken(taken) }
        var saved = object
        let draft = !findings.isEmpty
        saved["draft"] = draft ? true : nil
        do {
            let data = try JSONSerialization.data(withJSONObject: saved, options: [.prettyPrinted, .sortedKeys])
            try data.write(to: url, options: .atomic)
        } catch {
            throw .cannotWrite(path: url.path, reason: error.localizedDescription)
        }
        object = saved
        original = saved
        result = Self.decode(saved, file: fileName)
        return draft
    }

    /// Writes a copy of the theme file `source` named `name` into `folder` (made when missing),
    /// under a file name of its own, and returns it. The copy is a user theme to edit.
    public static func copy(of source: URL, as name: String, into folder: URL) throws(SaveFailure) -> URL {
        var draft: ThemeDraft
        do { draft = try ThemeDraft(contentsOf: source) } catch { throw .invalid(error) }
        draft.object["name"] = String(name.prefix(ThemeFile.maximumNameLength))
        let stem = name.lowercased().map { $0.isLetter || $0.isNumber ? String($0) : "-" }.joined()
        var file = folder.appending(path: "\(stem).json")
        var number = 2
        while FileManager.default.fileExists(atPath: file.path) {
            file = folder.appending(path: "\(stem)-\(number).json")
            number += 1
        }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw .cannotWrite(path: folder.path, reason: error.localizedDescription)
        }
        draft.result = decode(draft.object, file: file.lastPathComponent)
        try draft.save(to: file)
        return file
    }

    /// Sets `tokens.color.<token>.<scheme>` in a theme file's JSON.
    static func setColor(_ hex: String, token: ColorToken, scheme: ColorScheme, in object: inout [String: Any]) {
        set(hex, at: ["tokens", "color", token.rawValue, scheme.rawValue], in: &object)
    }

    private static func value(at path: [String], in object: [String: Any]) -> Any? {
        var current: Any? = object
        for key in path { current = (current as? [String: Any])?[key] }
        if let number = current as? NSNumber, !(current is Bool) { return number.doubleValue }
        return current
    }

    private static func set(_ value: Any, at path: [String], in object: inout [String: Any]) {
        guard let key = path.first else { return }
        if path.count == 1 { object[key] = value; return }
        var child = object[key] as? [String: Any] ?? [:]
        set(value, at: Array(path.dropFirst()), in: &child)
        object[key] = child
    }

    private mutating func change(key: String, _ edit: (inout [String: Any]) -> Void) {
        var edited = object
        edit(&edited)
        guard !NSDictionary(dictionary: edited).isEqual(to: object) else { return }
        // Typing into one field is one step; any other edit is a step of its own.
        if ["color", "number", "families"].contains(key) || undoSteps.last?.key != key || !redoSteps.isEmpty {
            undoSteps.append((object, key))
        }
        redoSteps = []
        apply(edited)
    }

    private mutating func apply(_ edited: [String: Any]) {
        object = edited
        result = Self.decode(edited, file: fileName)
    }

    private static func decode(_ object: [String: Any], file: String) -> Result<Theme, ThemeError> {
        do {
            let data = try JSONSerialization.data(withJSONObject: object)
            return .success(try ThemeFile.decode(data, file: file))
        } catch let error as ThemeError {
            return .failure(error)
        } catch {
            return .failure(.unreadable(file: file, reason: error.localizedDescription))
        }
    }
}
