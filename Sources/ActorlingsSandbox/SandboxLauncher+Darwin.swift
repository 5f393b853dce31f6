#if canImport(Darwin)
    import Darwin

    /// Seatbelt, the sandbox every macOS app runs in, applied with `sandbox_init` and a profile
    /// written from the policy (``SandboxPolicy/seatbeltProfile(systemReadable:services:)``).
    ///
    /// Written against the macOS SDK's `sandbox.h` (no Mac was available to run it): the header
    /// documents `sandbox_init(profile, flags, errorbuf)` and `sandbox_free_error(errorbuf)`; a
    /// profile given as text with `flags` 0 is how `sandbox-exec -p` and browsers have used it
    /// for years, though the header names only built-in profiles (`SANDBOX_NAMED`). The header is
    /// marked deprecated, not removed; the functions are looked up at run time so that a system
    /// without them reports "unavailable" instead of failing to start.
    extension SandboxLauncher {
        /// `nobody` on macOS.
        static let unprivilegedUser: uid_t = 4_294_967_294
        static let unprivilegedGroup: gid_t = 4_294_967_294
        /// The first of the users a run gets one of (plus the launcher's process id).
        static let firstRunUser: uid_t = 0x7F00_0000

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

        /// What this machine offers: the mechanism's name, or why there is none.
        public static func probe() -> Result<String, ProbeFailure> {
            guard function("sandbox_init", as: SandboxInit.self) != nil else {
                return .failure(ProbeFailure(reason: "this macOS has no sandbox_init"))
            }
            return .success("Seatbelt")
        }

        /// Applies the profile; the system folders are already among the policy's readable paths.
        static func enter(_ policy: SandboxPolicy) throws(SandboxError) {
            guard let sandboxInit = function("sandbox_init", as: SandboxInit.self) else { throw SandboxError("sandbox_init", code: ENOSYS) }
            let profile: String
            do {
                profile = try policy.seatbeltProfile(systemReadable: [], services: systemServices)
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

        /// macOS has no capability sets to drop: root stays root inside Seatbelt, so the launcher
        /// refuses instead.
        static func dropCapabilities() throws(SandboxError) {
            throw SandboxError("root cannot be confined without changing user on macOS; run as another user", code: 0)
        }
    }
#endif
