#if canImport(Darwin)
    import ActorlingsCore
    import Darwin

    /// Seatbelt, the sandbox every macOS app runs in, applied with `sandbox_init` and a profile
    /// written from the policy (``SandboxPolicy/seatbeltProfile(systemReadable:)``).
    ///
    /// Written against the macOS SDK's `sandbox.h` (no Mac was available to run it): the header
    /// documents `sandbox_init(profile, flags, errorbuf)` and `sandbox_free_error(errorbuf)`; a
    /// profile given as text with `flags` 0 is how `sandbox-exec -p` and browsers have used it
    /// for years, though the header names only built-in profiles (`SANDBOX_NAMED`). The header is
    /// marked deprecated, not removed; the functions are looked up at run time so that a system
    /// without them reports "unavailable" instead of failing to start.
    extension Sandbox {
        /// `nobody` on macOS.
        static let unprivilegedUser: uid_t = 4_294_967_294
        static let unprivilegedGroup: gid_t = 4_294_967_294
        /// The first of the users a run gets one of (plus the launcher's process id).
        static let firstRunUser: uid_t = 0x7F00_0000

        /// What a test binary reads besides the toolchain: the system's libraries and frameworks,
        /// the developer folders that hold Swift Testing, and the system files read at start.
        static let systemReadable = [
            "/usr/lib", "/usr/share", "/System", "/Library/Developer", "/Applications/Xcode.app",
            "/Applications/Xcode-beta.app", "/private/etc", "/private/var/db/timezone", "/private/var/db/dyld", "/dev",
        ]

        /// Besides the test binary: `atos`, which Thread Sanitizer runs to name a race's frames
        /// when no `llvm-symbolizer` is given (`dyld` is not checked as a program of its own).
        static let systemExecutable = ["/usr/bin/atos"]

        /// The system services a test binary may ask for: preferences (Foundation reads them at
        /// start), logging, notifications, user and group lookups. Nothing that reaches the network
        /// or starts programs (no `nsurlsessiond`, no LaunchServices).
        static let systemServices = [
            "com.apple.cfprefsd.daemon", "com.apple.cfprefsd.agent", "com.apple.system.logger", "com.apple.logd",
            "com.apple.diagnosticd", "com.apple.system.notification_center", "com.apple.system.opendirectoryd.libinfo",
        ]

        private typealias SandboxInit =
            @convention(c) (UnsafePointer<CChar>, UInt64, UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32
        private typealias SandboxFreeError = @convention(c) (UnsafeMutablePointer<CChar>?) -> Void

        private static func function<Function>(_ name: String, as type: Function.Type) -> Function? {
            // RTLD_DEFAULT is ((void *)-2) in <dlfcn.h>; the macro isn't imported.
            dlsym(UnsafeMutableRawPointer(bitPattern: -2), name).map { unsafeBitCast($0, to: type) }
        }

        static func probePlatform() -> SandboxStatus {
            guard function("sandbox_init", as: SandboxInit.self) != nil else {
                return .unavailable(reason: "this macOS has no sandbox_init")
            }
            return .enforced(mechanism: "Seatbelt")
        }

        static func enter(_ policy: SandboxPolicy) throws(SandboxError) {
            guard let sandboxInit = function("sandbox_init", as: SandboxInit.self) else { throw SandboxError("sandbox_init", code: ENOSYS) }
            let profile: String
            do {
                profile = try policy.seatbeltProfile(systemReadable: systemReadable, services: systemServices)
            } catch {
                throw SandboxError(error.description, code: 0)
            }
            var message: UnsafeMutablePointer<CChar>? = nil
            guard sandboxInit(profile, 0, &message) == 0 else {
                let reason = message.map { String(cString: $0) } ?? "no reason given"
                if let free = function("sandbox_free_error", as: SandboxFreeError.self) { free(message) }
                throw SandboxError("sandbox_init: \(reason)", code: 0)
            }
        }

        /// macOS has no capability sets to drop: root stays root inside Seatbelt, which the tool
        /// never chooses (``SandboxSetup`` refuses instead).
        static func dropCapabilities() throws(SandboxError) {
            throw SandboxError("root cannot be confined without changing user on macOS; run as another user", code: 0)
        }
    }
#endif
