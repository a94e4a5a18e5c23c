// swift-tools-version:6.0
// Lectern — a desktop feed reader for Linux, in Swift, drawn with GTK 4.
// Layers (arrows point down only; see ../shared/design/ARCHITECTURE.md and README.md):
//   lectern -> LecternApp -> GtkBridge -> CGtk4
//                         -> Sync -> Library -> ArticleExtraction -> FeedParsing -> CLibXML2, ArticleModel
//                                         -> CSQLite3, CCurl;  Sync -> CLibSecret
//                         -> ArticleModel (the document the reader draws; no parsing)
//                         -> Theming (Foundation only)
//                         -> Playback -> CGStreamer (podcasts and attached media; no GTK)
//   every layer that shows text -> Localization (gettext, locale formats; Foundation only)
import PackageDescription

/// Release builds of Lectern's own C call libc's checked functions (the hardening Debian asks
/// of a package; the rest is in debian/rules).
let fortified: [CSetting] = [.define("_FORTIFY_SOURCE", to: "2", .when(configuration: .release))]

let package = Package(
    name: "Lectern",
    products: [
        .executable(name: "lectern", targets: ["lectern"]),
        .executable(name: "lectern-bench", targets: ["lectern-bench"]),
        .executable(name: "lectern-fuzz", targets: ["lectern-fuzz"]),
    ],
    targets: [
        // System libraries: module maps with small shim headers.
        .systemLibrary(name: "CGtk4", path: "Sources/CGtk4", pkgConfig: "gtk4",
                       providers: [.apt(["libgtk-4-dev"])]),
        .systemLibrary(name: "CLibXML2", path: "Sources/CLibXML2", pkgConfig: "libxml-2.0",
                       providers: [.apt(["libxml2-dev"])]),
        .systemLibrary(name: "CSQLite3", path: "Sources/CSQLite3", pkgConfig: "sqlite3",
                       providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CLibSecret", path: "Sources/CLibSecret", pkgConfig: "libsecret-1",
                       providers: [.apt(["libsecret-1-dev"])]),
        .systemLibrary(name: "CGStreamer", path: "Sources/CGStreamer", pkgConfig: "gstreamer-pbutils-1.0",
                       providers: [.apt(["libgstreamer1.0-dev", "libgstreamer-plugins-base1.0-dev"])]),
        .systemLibrary(name: "CCurl", path: "Sources/CCurl", pkgConfig: "libcurl",
                       providers: [.apt(["libcurl4-openssl-dev"])]),

        // A GListModel whose rows are made on demand (GObject types need C).
        .target(name: "CLecternModel", dependencies: ["CGtk4"], cSettings: fortified),
        // Widgets GTK lacks, in C since GObject types cannot be defined from Swift: a one-line text
        // for list rows that never measures its text, a clamp for the reading column; and the
        // shared memory a software-drawn X11 window's frames travel in, kept between frames; and
        // for make bench, the X pointer moved off the window (Xlib, which GTK's X11 side uses).
        .target(name: "CLecternWidgets", dependencies: ["CGtk4"], cSettings: fortified, linkerSettings: [.linkedLibrary("X11")]),

        // GTK-free core, tested without a display.
        .target(name: "ArticleModel"),
        // The user's language: gettext's text domain, and the locale's dates and numbers.
        .systemLibrary(name: "CIntl", path: "Sources/CIntl"),
        .target(name: "Localization", dependencies: ["CIntl"]),
        // Release builds skip the dynamic exclusivity checks in the parser's hot loop (the SAX
        // callbacks touch the builder's state a few hundred times per entry); debug builds, the
        // tests and the sanitizer runs keep them.
        .target(name: "FeedParsing", dependencies: ["ArticleModel", "CLibXML2", "Localization"],
                swiftSettings: [.unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))]),
        // The article inside a web page (full articles), on FeedParsing's HTML reading.
        .target(name: "ArticleExtraction", dependencies: ["ArticleModel", "FeedParsing", "Localization"]),
        .target(name: "Library", dependencies: ["ArticleModel", "FeedParsing", "ArticleExtraction", "CSQLite3", "CCurl", "Localization"]),
        .target(name: "Theming", dependencies: ["Localization"]),
        // Podcasts and the media articles attach, played through GStreamer. No GTK.
        .target(name: "Playback", dependencies: ["CGStreamer", "Localization"]),
        // Sync accounts (Google Reader API, Tiny Tiny RSS) above the library; passwords in the
        // Secret Service through libsecret. No GTK.
        .target(name: "Sync", dependencies: ["Library", "FeedParsing", "CLibSecret", "Localization"]),

        // The GTK side.
        .target(name: "GtkBridge", dependencies: ["CGtk4"]),
        // The app sees the core through Library, Theming and ArticleModel only: no parser, no
        // SQLite, no libxml2 (MemberImportVisibility keeps that true for members too).
        .target(name: "LecternApp", dependencies: ["GtkBridge", "CLecternModel", "CLecternWidgets", "Theming", "Library", "Sync", "Playback", "ArticleModel", "Localization"],
                swiftSettings: [.enableUpcomingFeature("MemberImportVisibility")],
                plugins: ["VersionStamp"]),
        // The version is written once, as the newest release in CHANGELOG.md; this plugin (and its
        // tool) stamps it into LecternApp as `LecternVersion.string` at build time.
        .plugin(name: "VersionStamp", capability: .buildTool(), dependencies: ["version-stamp"]),
        .executableTarget(name: "version-stamp"),
        .executableTarget(name: "lectern", dependencies: ["LecternApp", "Localization"]),
        // `make bench`: Lectern's measurements, printed as JSON lines.
        .executableTarget(name: "lectern-bench", dependencies: ["FeedParsing", "Library", "Sync", "Theming", "ArticleExtraction", "Playback", "CGStreamer"]),
        // Every reader of untrusted bytes as a fuzz target; `make fuzz` drives them with libFuzzer.
        .target(name: "FuzzTargets", dependencies: ["ArticleExtraction", "FeedParsing", "Library", "Theming", "LecternApp"]),
        .executableTarget(name: "lectern-fuzz", dependencies: ["FuzzTargets"]),

        // Tests (Swift Testing).
        .testTarget(name: "FeedParsingTests", dependencies: ["FeedParsing", "ArticleModel"], exclude: ["Fixtures"]),
        // tmpfs mounts for the full-disk and read-only tests.
        .target(name: "ScratchMount", path: "Tests/ScratchMount"),
        .testTarget(name: "LibraryTests", dependencies: ["Library", "FeedParsing", "ArticleModel", "ScratchMount", "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "ArticleExtractionTests", dependencies: ["ArticleExtraction", "ArticleModel", "FeedParsing"], exclude: ["Fixtures"]),
        .testTarget(name: "ThemingTests", dependencies: ["Theming", "ScratchMount"]),
        .testTarget(name: "LocalizationTests", dependencies: ["Localization"]),
        .testTarget(name: "PlaybackTests", dependencies: ["Playback", "Library", "GtkBridge", "TestSupport"]),
        .testTarget(name: "SyncTests", dependencies: ["Sync", "Library", "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "FuzzTargetsTests", dependencies: ["FuzzTargets"]),
        .target(name: "TestSupport", dependencies: ["GtkBridge"], path: "Tests/TestSupport", exclude: ["secret_service.sh"]),
        .testTarget(name: "GtkBridgeTests", dependencies: ["GtkBridge", "TestSupport"]),
        // Runs the main-loop bridge outside the test runner (see its main.swift).
        .executableTarget(name: "bridge-probe", dependencies: ["GtkBridge"], path: "Tests/BridgeProbe"),
        .testTarget(name: "LecternAppTests", dependencies: ["LecternApp", "TestSupport", "ScratchMount", "Localization"], exclude: ["Fixtures"]),
    ]
)
