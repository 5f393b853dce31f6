/// A compiled object found where Actorlings caches it that is not the one Actorlings compiled:
/// it was never linked, but compiled again, and the verdict says so (`cache-tampered` in a grade).
///
/// The entry point's and the tests' objects are linked into every test binary, so whoever
/// replaces one decides every verdict linked with it. A mismatch may also be a damaged disk; either
/// way the verdict comes from the object compiled again, and a person should look.
public struct TamperedObject: Sendable, Equatable {
    public enum Evidence: String, Sendable {
        /// Its content differs from the digest this process recorded when it compiled or first
        /// read it: it changed while Actorlings ran.
        case changedSinceRecorded = "changed since it was compiled"
        /// An earlier run's object with no digest written next to it by the run that compiled it.
        case noDigest = "no digest recorded next to it"
        /// An earlier run's object whose content differs from the digest written next to it.
        case digestMismatch = "does not match the digest recorded next to it"
    }

    /// Where it was: repository-relative when inside the checkout, else absolute.
    public var path: String
    public var evidence: Evidence

    public init(path: String, evidence: Evidence) {
        self.path = path
        self.evidence = evidence
    }
}
