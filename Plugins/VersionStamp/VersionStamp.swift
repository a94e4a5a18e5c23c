import PackagePlugin

/// Gives the target it is applied to `LecternVersion.string`, read from the newest release in
/// `CHANGELOG.md`: the one place Lectern's version is written (docs/packaging.md).
@main
struct VersionStamp: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let changelog = context.package.directoryURL.appending(path: "CHANGELOG.md")
        let output = context.pluginWorkDirectoryURL.appending(path: "LecternVersion+Release.swift")
        return [.buildCommand(displayName: "Reading Lectern's version from CHANGELOG.md",
                              executable: try context.tool(named: "version-stamp").url,
                              arguments: [changelog.path, output.path],
                              inputFiles: [changelog], outputFiles: [output])]
    }
}
