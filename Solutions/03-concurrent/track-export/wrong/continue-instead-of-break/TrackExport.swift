// A music app exports a playlist's tracks to a memory stick. The library hands the tracks over
// one at a time, as it finds them on disk; each track's encoding runs in a child task.

/// Encodes one track and writes it out. The app encodes; the tests use a fake.
nonisolated protocol TrackEncoder: Sendable {
    /// Whether the track was written. Encoding is slow: it takes the CPU for a while.
    func encode(_ track: String) async -> Bool
}

/// Exports every track the library hands over; returns how many were written.
nonisolated func export<Tracks: AsyncSequence<String, Never>>(
    _ tracks: Tracks, with encoder: any TrackEncoder
) async -> Int {
    await withTaskGroup(of: Bool.self) { group in
        for await track in tracks {
            // Once the export is cancelled, no new encoding starts; the library's sequence
            // doesn't stop by itself, so the loop ends here.
            let added = group.addTaskUnlessCancelled { await encoder.encode(track) }
            guard added else { continue }
        }
        var written = 0
        for await wasWritten in group where wasWritten {
            written += 1
        }
        return written
    }
}
