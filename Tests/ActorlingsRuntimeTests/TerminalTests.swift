import ActorlingsRuntime
import Foundation
import Testing

@Suite("Terminal")
struct TerminalTests {
    @Test func aPipeIsNotATerminal() throws {
        let pipe = try makePipe()
        defer { closeAll(pipe) }
        #expect(!Terminal.isTerminal(pipe.read))
        #expect(!Terminal.isTerminal(pipe.write))
        #expect(!Terminal.isTerminal(-1))
    }

    @Test func rawModeOnAPipeThrowsAndRestoreDoesNothing() throws {
        let pipe = try makePipe()
        defer { closeAll(pipe) }
        let rawMode = Terminal.RawMode(descriptor: pipe.read)
        let error = #expect(throws: TerminalError.self) { try rawMode.enable() }
        #expect(error?.code == ENOTTY)
        #expect(!rawMode.isEnabled)
        rawMode.restore()
        rawMode.restore()
    }

    @Test func keysAreTheBytesReadUntilEndOfFile() async throws {
        let pipe = try makePipe()
        defer { close(pipe.read) }
        let keys = Terminal.keys(from: pipe.read)
        #expect(Terminal.write("hq\u{1B}", to: pipe.write))
        close(pipe.write)
        #expect(await collectAll(keys) == Array("hq\u{1B}".utf8))
    }

    @Test func writeDeliversTextLargerThanAPipeHolds() async throws {
        let pipe = try makePipe()
        defer { close(pipe.read) }
        let text = String(repeating: "actorlings ✓ ", count: 6_000)  // ≈ 90 KB; a pipe holds 64 KB
        let reader = Terminal.keys(from: pipe.read)
        let descriptor = pipe.write
        let writer = Thread {
            _ = Terminal.write(text, to: descriptor)
            close(descriptor)
        }
        writer.start()
        let received = await collectAll(reader)
        #expect(received?.count == text.utf8.count)
        #expect(received == Array(text.utf8))
    }

    @Test func writeToAClosedPipeReportsFailure() throws {
        let pipe = try makePipe()
        close(pipe.read)
        defer { close(pipe.write) }
        // Without this the write would raise SIGPIPE and end the test process.
        let previous = signal(SIGPIPE, SIG_IGN)
        defer { signal(SIGPIPE, previous) }
        #expect(!Terminal.write("lost", to: pipe.write))
    }

    @Test func sizeFromEnvironment() {
        let size = Terminal.size(environment: ["COLUMNS": "120", "LINES": "40"])
        #expect(size?.columns == 120)
        #expect(size?.rows == 40)
        #expect(Terminal.size(environment: ["COLUMNS": "120"]) == nil)
        #expect(Terminal.size(environment: ["COLUMNS": "wide", "LINES": "40"]) == nil)
        #expect(Terminal.size(environment: ["COLUMNS": "0", "LINES": "40"]) == nil)
    }

    @Test func sizeIsPositiveWhenKnown() {
        if let size = Terminal.size() {
            #expect(size.columns > 0 && size.rows > 0)
        }
    }

    @Test func clearScreenErasesAndMovesHome() {
        let sequence = Terminal.clearScreen()
        #expect(sequence.contains("\u{1B}[2J"))
        #expect(sequence.contains("\u{1B}[H"))
    }
}

/// Serialized because signals and their dispositions belong to the whole process.
///
/// Signals are sent with `kill(getpid(), …)`, not `raise`: `raise` targets the calling thread,
/// and the cooperative pool's threads block signals (Dispatch's workers do), so the signal would
/// stay pending on that thread. A real Ctrl-C, like `kill`, is sent to the process.
@Suite("SignalWatcher", .serialized)
struct SignalWatcherTests {
    @Test func aSignalSentToTheProcessArrives() async {
        let signals = SignalWatcher.signals([SIGUSR1])
        sendToSelf(SIGUSR1)
        #expect(await awaitNext(signals) == .element(SIGUSR1))
    }

    @Test func eachWatchedSignalArrives() async {
        let signals = SignalWatcher.signals([SIGUSR1, SIGUSR2, SIGUSR1])
        sendToSelf(SIGUSR2)
        #expect(await awaitNext(signals) == .element(SIGUSR2))
        sendToSelf(SIGUSR1)
        #expect(await awaitNext(signals) == .element(SIGUSR1))
    }

    @Test func endingTheLastStreamRestoresTheDefaultDisposition() async {
        do {
            let first = SignalWatcher.signals([SIGUSR2])
            do {
                let second = SignalWatcher.signals([SIGUSR2])
                sendToSelf(SIGUSR2)
                #expect(await awaitNext(second) == .element(SIGUSR2))
            }
            // The first stream still watches: the signal must still be caught, not kill us.
            sendToSelf(SIGUSR2)
            #expect(await awaitNext(first) == .element(SIGUSR2))
        }
        #expect(isDefaultDisposition(SIGUSR2))
    }

    @Test func aSignalIsCaughtAgainAfterWatchingStopped() async {
        do {
            let signals = SignalWatcher.signals([SIGUSR1])
            sendToSelf(SIGUSR1)
            #expect(await awaitNext(signals) == .element(SIGUSR1))
        }
        #expect(isDefaultDisposition(SIGUSR1))
        let signals = SignalWatcher.signals([SIGUSR1])
        sendToSelf(SIGUSR1)
        #expect(await awaitNext(signals) == .element(SIGUSR1))
    }

    @Test func restoreDefaultDispositions() {
        _ = signal(SIGUSR2, SIG_IGN)
        SignalWatcher.restoreDefaultDispositions([SIGUSR2])
        #expect(isDefaultDisposition(SIGUSR2))
    }

    private func sendToSelf(_ number: Int32) {
        kill(getpid(), number)
    }

    /// Reads the disposition by swapping it, since `sigaction`'s fields differ per platform.
    private func isDefaultDisposition(_ number: Int32) -> Bool {
        let current = signal(number, SIG_IGN)
        signal(number, current)
        return current == nil
    }
}

// MARK: - Helpers

/// Every element of `stream` until it finishes, or `nil` (and a recorded issue) if it has not
/// finished within five seconds.
private func collectAll<Element: Sendable>(
    _ stream: AsyncStream<Element>,
    sourceLocation: SourceLocation = #_sourceLocation
) async -> [Element]? {
    let all = await withTaskGroup(of: [Element]?.self) { group in
        group.addTask {
            var elements: [Element] = []
            for await element in stream { elements.append(element) }
            return elements
        }
        group.addTask {
            try? await Task.sleep(for: .seconds(5))
            return nil
        }
        let first = await group.next() ?? nil
        group.cancelAll()
        return first
    }
    if all == nil { Issue.record("the stream did not finish", sourceLocation: sourceLocation) }
    return all
}

private func makePipe() throws -> (read: Int32, write: Int32) {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    return (ends[0], ends[1])
}

private func closeAll(_ pipe: (read: Int32, write: Int32)) {
    close(pipe.read)
    close(pipe.write)
}
