import ActorlingsSandbox

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// The sandbox launcher the tool runs each test binary through: it confines itself, then becomes
// the test binary. No Foundation, so it starts in about a millisecond; returns only on failure.
exit(SandboxLauncher.run(arguments: Array(CommandLine.arguments.dropFirst())))
