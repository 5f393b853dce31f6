// A home-brewing app, built in main actor mode. A float in the fermenter measures the beer's
// gravity and temperature and sends them over Bluetooth; the fermenter screen shows the latest.

import Synchronization

/// The state behind the fermenter screen. The screen creates it when it opens and lets go of
/// it when it closes.
final class FermenterModel {
    private let hydrometer: any Hydrometer
    private var listener: ListenerID?
    /// The number of the newest reading that arrived, kept where readings arrive.
    private nonisolated let newest = Mutex(0)
    /// The number of the reading on screen.
    private(set) var readingNumber = 0
    private(set) var gravity: Int?
    private(set) var celsius: Double?

    init(hydrometer: any Hydrometer) {
        self.hydrometer = hydrometer
    }

    /// The screen appeared: show the float's readings as they come.
    func follow() {
        // The SDK holds the listener until it is removed: hold the model weakly, so that the
        // screen closing ends the model, and `deinit` removes the listener.
        listener = hydrometer.addListener { [weak self] reading in
            // On the Bluetooth thread: copy the values now, the SDK overwrites `reading`.
            let (number, gravity, celsius) = (reading.number, reading.gravity, reading.celsius)
            // A late packet is dropped where it arrives, before it costs a hop.
            guard let self, self.isNewest(number) else { return }
            Task { [weak self] in
                await self?.show(number: number, gravity: gravity, celsius: celsius)
            }
        }
    }

    /// Whether `number` is newer than every reading that arrived before it; remembers it if so.
    private nonisolated func isNewest(_ number: Int) -> Bool {
        newest.withLock { newest in
            guard number > newest else { return false }
            newest = number
            return true
        }
    }

    private func show(number: Int, gravity: Int, celsius: Double) {
        readingNumber = number
        self.gravity = gravity
        self.celsius = celsius
    }

    deinit {
        if let listener {
            hydrometer.removeListener(listener)
        }
    }
}
