import CGtk4
import Foundation
import GtkBridge
import Library
import Localization
import Playback

/// The desktop's media controls and the keyboard's media keys: MPRIS
/// (`org.mpris.MediaPlayer2.Lectern` at `/org/mpris/MediaPlayer2`), served while Lectern runs.
/// GNOME Shell shows the episode, its show and its place, and its buttons and the media keys
/// come here. With no track list, Next and Previous move within the episode (30 s forward,
/// 15 s back), as podcast players do. `OpenUri` with an episode's address plays that episode
/// where it was left. Changes are announced with `PropertiesChanged` (never the position,
/// which is read when asked, as the specification wants) and a seek with `Seeked`.
@MainActor
final class MprisService {
    static let busName = "org.mpris.MediaPlayer2.Lectern"
    static let objectPath = "/org/mpris/MediaPlayer2"
    static let rootInterface = "org.mpris.MediaPlayer2"
    static let playerInterface = "org.mpris.MediaPlayer2.Player"

    private let listening: ListeningFeature
    private let raise: @MainActor () -> Void
    private let quit: @MainActor () -> Void
    private var object: ExportedObject?
    private var name: OwnedBusName?
    /// What was last announced, to announce only what changed.
    private var announced: [String: String] = [:]

    init(listening: ListeningFeature, application: UnsafeMutablePointer<GApplication>, raise: @escaping @MainActor () -> Void,
         quit: @escaping @MainActor () -> Void) {
        (self.listening, self.raise, self.quit) = (listening, raise, quit)
        guard let connection = g_application_get_dbus_connection(application) else { return }
        do {
            object = try ExportedObject(connection: connection, path: Self.objectPath, introspection: Self.introspection,
                                        handler: { [weak self] call in self?.answer(call) },
                                        getter: { [weak self] interface, property in self?.value(of: property, in: interface) },
                                        setter: { [weak self] _, property, value in self?.set(property, to: value) ?? false })
            name = OwnedBusName(Self.busName, on: connection)
        } catch {
            Log.warning("The desktop's media controls will not reach Lectern: \(error)")
        }
        listening.onChange.append { [weak self] in self?.announce() }
        listening.onSeek.append { [weak self] position in
            self?.object?.emit(Self.playerInterface, "Seeked", Variant.tuple([g_variant_new_int64(gint64(Self.microseconds(position)))]))
        }
    }

    // MARK: - Methods

    private func answer(_ call: MethodCall) {
        let arguments = call.parameters
        switch call.method {
        case "Raise": raise()
        case "Quit": quit()
        case "Play": listening.player?.play()
        case "Pause": listening.player?.pause()
        case "PlayPause": listening.player?.togglePlaying()
        case "Stop": listening.stop()
        case "Next": listening.skip(by: ListeningFeature.skipForward)
        case "Previous": listening.skip(by: -ListeningFeature.skipBack)
        case "Seek":
            if let offset = arguments.child(0).flatMap(Self.int64) { listening.skip(by: Double(offset) / 1e6) }
        case "SetPosition":
            // A position for another episode than the one open is ignored, as the specification asks.
            if let track = arguments.child(0)?.objectPath, track == trackID, let position = arguments.child(1).flatMap(Self.int64),
               position >= 0, position <= Self.microseconds(listening.player?.duration ?? .infinity) {
                listening.seek(to: Double(position) / 1e6)
            }
        case "OpenUri":
            guard let uri = arguments.child(0)?.string, listening.play(attachment: uri) else {
                return call.fail("org.freedesktop.DBus.Error.InvalidArgs",
                                 "Lectern plays the episodes of its feeds: no article attaches this address")
            }
        default:
            return call.fail("org.freedesktop.DBus.Error.UnknownMethod", "\(call.method) is not a method of Lectern's player")
        }
        call.reply([])
    }

    // MARK: - Properties

    private func value(of property: String, in interface: String) -> OpaquePointer? {
        if interface == Self.rootInterface {
            switch property {
            case "CanQuit", "CanRaise": return g_variant_new_boolean(1)
            case "HasTrackList", "CanSetFullscreen", "Fullscreen": return g_variant_new_boolean(0)
            case "Identity": return Variant.string("Lectern")
            case "DesktopEntry": return Variant.string("dev.lectern.Lectern")
            case "SupportedUriSchemes": return Variant.strings(["http", "https", "file"])
            case "SupportedMimeTypes": return Variant.strings(["audio/mpeg", "audio/ogg", "audio/opus", "audio/mp4", "audio/aac",
                                                                "audio/flac", "audio/x-wav", "video/mp4", "video/webm"])
            default: return nil
            }
        }
        let player = listening.player
        let open = listening.episode != nil && player.map { $0.state != .idle } ?? false
        switch property {
        case "PlaybackStatus": return Variant.string(status)
        case "LoopStatus": return Variant.string("None")
        case "Shuffle": return g_variant_new_boolean(0)
        case "Rate": return g_variant_new_double(player?.rate ?? 1)
        case "MinimumRate": return g_variant_new_double(MediaPlayer.rates.first ?? 1)
        case "MaximumRate": return g_variant_new_double(MediaPlayer.rates.last ?? 1)
        case "Volume": return g_variant_new_double(player?.volume ?? 1)
        case "Position": return g_variant_new_int64(gint64(Self.microseconds(open ? player?.position ?? 0 : 0)))
        case "Metadata": return metadata
        // An episode whose length is not known yet (an Ogg file over HTTP) still seeks.
        case "CanGoNext", "CanGoPrevious", "CanPlay", "CanPause", "CanSeek": return g_variant_new_boolean(open ? 1 : 0)
        case "CanControl": return g_variant_new_boolean(1)
        default: return nil
        }
    }

    private func set(_ property: String, to value: Variant) -> Bool {
        switch property {
        case "Rate":
            guard let rate = value.double, rate > 0 else { return false }
            listening.player?.setRate(min(max(rate, MediaPlayer.rates.first ?? 1), MediaPlayer.rates.last ?? 1))
        case "Volume":
            guard let volume = value.double else { return false }
            listening.player?.setVolume(volume)
        case "LoopStatus", "Shuffle":
            break   // an episode neither loops nor shuffles
        default:
            return false
        }
        return true
    }

    private var status: String {
        guard listening.episode != nil, let player = listening.player else { return "Stopped" }
        switch player.state {
        case .playing, .loading: return player.state == .loading && !wantsPlaying ? "Paused" : "Playing"
        case .paused, .ended: return "Paused"
        case .idle, .failed: return "Stopped"
        }
    }

    /// While loading the player may be opening paused (a resume) or playing.
    private var wantsPlaying: Bool { listening.player?.isPlayRequested ?? false }

    /// The episode's object path: unique per article and address (`mpris:trackid`).
    private var trackID: String {
        guard let episode = listening.episode else { return "/org/mpris/MediaPlayer2/TrackList/NoTrack" }
        return "/dev/lectern/Lectern/Episode/a\(episode.articleID)_\(EpisodeProgress.token(for: episode.url))"
    }

    private var metadata: OpaquePointer {
        guard let episode = listening.episode else {
            return Variant.dictionary([("mpris:trackid", g_variant_new_object_path(trackID))])
        }
        var entries: [(key: String, value: OpaquePointer)] = [
            ("mpris:trackid", g_variant_new_object_path(trackID)),
            ("xesam:title", Variant.string(episode.title)),
            ("xesam:url", Variant.string(episode.url)),
        ]
        if !episode.show.isEmpty {
            entries.append(("xesam:album", Variant.string(episode.show)))
            entries.append(("xesam:artist", Variant.strings([episode.show])))
        }
        if let duration = listening.player?.duration { entries.append(("mpris:length", g_variant_new_int64(gint64(Self.microseconds(duration))))) }
        if let artwork = episode.artwork { entries.append(("mpris:artUrl", Variant.string(artwork))) }
        return Variant.dictionary(entries)
    }

    /// Announces the properties that changed since last time (the position is never announced).
    private func announce() {
        guard let object else { return }
        let names = ["PlaybackStatus", "Metadata", "Rate", "Volume", "CanGoNext", "CanGoPrevious", "CanPlay", "CanPause", "CanSeek"]
        var changed: [(key: String, value: OpaquePointer)] = []
        for property in names {
            guard let value = value(of: property, in: Self.playerInterface) else { continue }
            let owned = Variant(retaining: value)
            if announced[property] != owned.printed {
                announced[property] = owned.printed
                changed.append((property, g_variant_ref(owned.pointer)))
            }
        }
        if !changed.isEmpty { object.propertiesChanged(Self.playerInterface, changed) }
    }

    private static func microseconds(_ seconds: Double) -> Int64 {
        seconds.isFinite ? Int64((seconds * 1e6).rounded()) : Int64.max
    }

    private static func int64(_ variant: Variant) -> Int64? {
        variant.isType("x") ? Int64(g_variant_get_int64(variant.pointer)) : nil
    }

    static let introspection = """
    <node>
      <interface name="org.mpris.MediaPlayer2">
        <method name="Raise"/>
        <method name="Quit"/>
        <property name="CanQuit" type="b" access="read"/>
        <property name="CanRaise" type="b" access="read"/>
        <property name="CanSetFullscreen" type="b" access="read"/>
        <property name="Fullscreen" type="b" access="read"/>
        <property name="HasTrackList" type="b" access="read"/>
        <property name="Identity" type="s" access="read"/>
        <property name="DesktopEntry" type="s" access="read"/>
        <property name="SupportedUriSchemes" type="as" access="read"/>
        <property name="SupportedMimeTypes" type="as" access="read"/>
      </interface>
      <interface name="org.mpris.MediaPlayer2.Player">
        <method name="Next"/>
        <method name="Previous"/>
        <method name="Pause"/>
        <method name="PlayPause"/>
        <method name="Stop"/>
        <method name="Play"/>
        <method name="Seek"><arg name="Offset" type="x" direction="in"/></method>
        <method name="SetPosition">
          <arg name="TrackId" type="o" direction="in"/>
          <arg name="Position" type="x" direction="in"/>
        </method>
        <method name="OpenUri"><arg name="Uri" type="s" direction="in"/></method>
        <signal name="Seeked"><arg name="Position" type="x"/></signal>
        <property name="PlaybackStatus" type="s" access="read"/>
        <property name="LoopStatus" type="s" access="readwrite"/>
        <property name="Rate" type="d" access="readwrite"/>
        <property name="Shuffle" type="b" access="readwrite"/>
        <property name="Metadata" type="a{sv}" access="read"/>
        <property name="Volume" type="d" access="readwrite"/>
        <property name="Position" type="x" access="read"/>
        <property name="MinimumRate" type="d" access="read"/>
        <property name="MaximumRate" type="d" access="read"/>
        <property name="CanGoNext" type="b" access="read"/>
        <property name="CanGoPrevious" type="b" access="read"/>
        <property name="CanPlay" type="b" access="read"/>
        <property name="CanPause" type="b" access="read"/>
        <property name="CanSeek" type="b" access="read"/>
        <property name="CanControl" type="b" access="read"/>
      </interface>
    </node>
    """
}
