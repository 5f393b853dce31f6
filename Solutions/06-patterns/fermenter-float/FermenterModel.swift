// A home-brewing app, built in main actor mode. A float in the fermenter measures the beer's
// gravity and temperature and sends them over Bluetooth; the fermenter screen shows the latest.

/// The state behind the fermenter screen. The screen creates it when it opens and lets go of
/// it when it closes.
final class FermenterModel {
    private let hydrometer: any Hydrometer
    private var listener: ListenerID?
    /// The number of the reading on screen.
    private(set) var readingNumber = 0
    private(set) var gravity: Int?
    private(set) var celsius: Double?

    init(hydrometer: any Hydrometer) {
        self.hydrometer = hydrometer
    }

    /// The screen appeared: show the float's readings as they come.
    func follow() {
        // A screen can appear more than once: one listener per model, never two.
        if let listener { hydrometer.removeListener(listener) }
        // The SDK holds the listener until it is removed: hold the model weakly, so that the
        // screen closing ends the model, and `deinit` removes the listener.
        listener = hydrometer.addListener { [weak self] reading in
            // On the Bluetooth thread: copy the values now, the SDK overwrites `reading`.
            let (number, gravity, celsius) = (reading.number, reading.gravity, reading.celsius)
            Task { @MainActor in
                self?.show(number: number, gravity: gravity, celsius: celsius)
            }
        }
    }

    private func show(number: Int, gravity: Int, celsius: Double) {
        // A late packet can arrive after a newer one: keep what is on screen.
        guard number > readingNumber else { return }
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
