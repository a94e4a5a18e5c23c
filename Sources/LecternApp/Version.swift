/// Lectern's version, shown by `--version`, the About dialog and the HTTP User-Agent.
public enum LecternVersion {
    public static let string = "0.1.0"
    public static let applicationID = "dev.lectern.Lectern"
}
