// Don't change this file: it is the code under test. A scooter-sharing app unlocks a scooter
// over the scooter's radio link, which takes a moment, sometimes fails, and can be given up.

/// Why a scooter was not unlocked.
nonisolated enum UnlockError: Error, Equatable {
    case taken
    case noSignal
}

/// The scooters' radio link.
nonisolated protocol ScooterRadio: Sendable {
    /// Opens the scooter's lock. Throws `UnlockError.noSignal`, or `CancellationError` when
    /// the rider gives up waiting.
    func openLock(of scooter: String) async throws
}

/// Which rider has which scooter.
actor ScooterFleet {
    private let radio: any ScooterRadio
    /// The rider of each scooter that is taken, or being unlocked.
    private(set) var riders: [String: String] = [:]

    init(radio: any ScooterRadio) {
        self.radio = radio
    }

    /// Unlocks `scooter` for `rider`, unless another rider has it or is unlocking it.
    func unlock(_ scooter: String, for rider: String) async throws {
        guard riders[scooter] == nil else { throw UnlockError.taken }
        riders[scooter] = rider
        do {
            try await radio.openLock(of: scooter)
        } catch UnlockError.noSignal {
            riders[scooter] = nil
            throw UnlockError.noSignal
        }
    }

    /// The ride is over: the scooter is free.
    func endRide(of scooter: String) {
        riders[scooter] = nil
    }
}
