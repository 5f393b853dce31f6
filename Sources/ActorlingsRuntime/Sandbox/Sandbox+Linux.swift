#if os(Linux)
    /// What the tool lets a test binary reach on Linux, besides the toolchain and its own files.
    extension Sandbox {
        /// What a test binary reads besides the toolchain: the dynamic loader's files, the system
        /// libraries, the few files a Swift program reads at start (time zone, users), `/proc` and
        /// the CPU count. Nothing under `/home`, `/root`, `/tmp` or the course.
        static let systemReadable = [
            "/usr/lib", "/usr/lib64", "/usr/lib32", "/usr/libexec", "/usr/share/zoneinfo", "/usr/share/locale", "/lib", "/lib64",
            "/lib32", "/etc/ld.so.cache", "/etc/ld.so.conf", "/etc/ld.so.conf.d", "/etc/localtime", "/etc/timezone",
            "/etc/nsswitch.conf", "/etc/passwd", "/etc/group", "/proc", "/sys/devices/system/cpu", "/sys/fs/cgroup",
            "/dev/urandom", "/dev/random", "/dev/zero", "/dev/null",
        ]

        /// The dynamic loaders a test binary names as its interpreter: the kernel opens the
        /// interpreter for execution too, so Landlock must let it be executed.
        static let systemExecutable = ["/lib64/ld-linux-x86-64.so.2", "/lib/ld-linux-aarch64.so.1"]
    }
#endif
