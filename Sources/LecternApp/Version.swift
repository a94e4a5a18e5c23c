/// Lectern's identity. Its version, `LecternVersion.string` (`--version`, the About dialog, the
/// HTTP User-Agent), is the newest release in CHANGELOG.md, stamped in at build time by the
/// VersionStamp plugin (Plugins/VersionStamp).
public enum LecternVersion {
    public static let applicationID = "dev.lectern.Lectern"
}
