// swiftc-flags:
/// Caches decoded avatars; the actor owns the dictionary.
actor AvatarCache {
    var images: [String: [UInt8]] = [:]
}

extension AvatarCache: CustomDebugStringConvertible {
    nonisolated var debugDescription: String {
        "AvatarCache(\(images.count) images)"
    }
}

/// A profile screen on a global actor of its own.
@globalActor actor ProfileActor {
    static let shared = ProfileActor()
}

@MainActor var signedInUser = "guest"

@ProfileActor func greeting() -> String {
    "Hello, \(signedInUser)"
}

/// Uploads crash reports; it tags each one with the signed-in user.
actor CrashReporter {
    func tag() -> String {
        signedInUser
    }
}
