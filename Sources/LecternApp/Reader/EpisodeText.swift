import ArticleModel
import Library
import Localization

/// An episode in a few words, beside its attachment and in the Podcasts view's rows: its
/// season and number, its length, and how far it was heard ("Season 2, episode 14 · 42 min ·
/// 12 min left").
enum EpisodeText {
    /// `whenUnheard` closes the words of an episode never started (the Podcasts view's rows).
    static func describe(_ episode: EpisodeProgress, whenUnheard: String? = nil) -> String {
        var parts: [String] = []
        switch (episode.details.season, episode.details.number) {
        case (let season?, let number?): parts.append(tr("Season {season}, episode {number}", ["season": season, "number": number]))
        case (nil, let number?): parts.append(tr("Episode {number}", ["number": number]))
        case (let season?, nil): parts.append(tr("Season {season}", ["season": season]))
        case (nil, nil): break
        }
        if let duration = episode.duration { parts.append(length(duration)) }
        if episode.played {
            parts.append(tr("Played"))
        } else if episode.position > 0, let duration = episode.duration, duration > episode.position {
            // Translators: {time} is how long the episode has still to play ("12 min").
            parts.append(tr("{time} left", ["time": length(duration - episode.position)]))
        } else if episode.position > 0 {
            parts.append(tr("In progress"))
        } else if let whenUnheard {
            parts.append(whenUnheard)
        }
        return parts.joined(separator: " · ")
    }

    /// "42 min", "1 h 5 min", "1 min" for anything shorter.
    static func length(_ seconds: Double) -> String {
        let minutes = max(1, Int((seconds / 60).rounded()))
        return minutes < 60 ? tr("{minutes} min", ["minutes": minutes])
            : tr("{hours} h {minutes} min", ["hours": minutes / 60, "minutes": minutes % 60])
    }
}
