public import Testing

/// Size tags: a test without one is a unit test (no process, no compiler, well under a second).
/// `swift test --filter`/`--skip` select by name; Xcode and `swift test`'s event stream can
/// select by tag.
extension Tag {
    /// Starts real processes (a shell, git, `ps`), but neither the compiler nor the built binary.
    @Tag public static var spawnsProcesses: Self
    /// Runs the built `actorlings` binary (and so the compiler) against a fixture course.
    @Tag public static var endToEnd: Self
    /// Takes more than about ten seconds on the project's 2-core machines.
    @Tag public static var slow: Self
}
