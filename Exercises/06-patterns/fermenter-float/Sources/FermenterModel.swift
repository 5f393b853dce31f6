// A home-brewing app, built in main actor mode. A float in the fermenter measures the beer's
// gravity and temperature and sends them over Bluetooth; the fermenter screen shows the latest.

// TODO: three reports from brewers. The app no longer builds since the move to Swift 6.
// After a poor signal the screen sometimes jumps back to a gravity the float measured
// minutes ago. And the float's battery is flat within a day: it keeps its radio on after
// the fermenter screen has closed.

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
        listener = hydrometer.addListener { reading in
            Task { @MainActor in
                self.readingNumber = reading.number
                self.gravity = reading.gravity
                self.celsius = reading.celsius
            }
        }
    }
}
