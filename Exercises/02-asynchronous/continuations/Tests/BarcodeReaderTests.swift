import Testing
@testable import Continuations

// This test module is built in main actor mode too: the tests, the fake camera and the app
// all take turns on the main actor. The test decides when and how each scan ends.

/// A camera whose scans end when the test says so, by calling the completion handler once.
final class ControlledCamera: CameraScanner {
    private var completions: [(String?, (any Error)?) -> Void] = []
    private(set) var scansStarted = 0

    func startScanning(completion: @escaping (String?, (any Error)?) -> Void) {
        scansStarted += 1
        completions.append(completion)
    }

    func read(_ barcode: String) {
        finishScan(barcode, nil)
    }

    func fail(_ error: any Error) {
        finishScan(nil, error)
    }

    /// The user closes the camera without scanning anything.
    func close() {
        finishScan(nil, nil)
    }

    private func finishScan(_ barcode: String?, _ error: (any Error)?) {
        guard !completions.isEmpty else {
            Issue.record("no scan is running: the camera was never opened")
            return
        }
        completions.removeFirst()(barcode, error)
    }

    enum Failure: Error {
        case noPermission
    }
}

/// Work running in its own task, watched by the test without waiting for it forever.
final class Running<Value> {
    private(set) var value: Value?

    init(_ work: @escaping () async -> Value) {
        Task { value = await work() }
    }

    /// Gives the work up to 1,000 turns on the main actor (far more than it needs); returns
    /// its value, or `nil` if it still hasn't finished.
    func finish() async -> Value? {
        var turns = 0
        while value == nil && turns < 1_000 {
            await Task.yield()
            turns += 1
        }
        return value
    }
}

private func startScan(with reader: BarcodeReader) -> Running<Result<String, any Error>> {
    Running {
        do {
            return .success(try await reader.scan())
        } catch {
            return .failure(error)
        }
    }
}

private let neverResumed = "scan() never returned: on this path, its continuation is never resumed"
private let catalog = ["4006381333931": "Pencils", "5000112637922": "Cola"]

/// Serialized, so that failures are reported in this order: the first one is the first to fix.
@Suite(.serialized) struct BarcodeReaderTests {
    @Test func scanWaitsForTheCamera() async {
        let camera = ControlledCamera()
        let scan = startScan(with: BarcodeReader(scanner: camera))
        #expect(await scan.finish() == nil, "scan() returned before the camera read anything")
        #expect(camera.scansStarted == 1, "scan() should open the camera once")
    }

    @Test func scanReturnsTheBarcode() async throws {
        let camera = ControlledCamera()
        let scan = startScan(with: BarcodeReader(scanner: camera))
        _ = await scan.finish()
        camera.read("4006381333931")
        let result = try #require(await scan.finish(), Comment(rawValue: neverResumed))
        #expect(try result.get() == "4006381333931")
        #expect(camera.scansStarted == 1)
    }

    @Test func scanThrowsTheCameraError() async throws {
        let camera = ControlledCamera()
        let scan = startScan(with: BarcodeReader(scanner: camera))
        _ = await scan.finish()
        camera.fail(ControlledCamera.Failure.noPermission)
        let result = try #require(await scan.finish(), Comment(rawValue: neverResumed))
        #expect(throws: ControlledCamera.Failure.noPermission, "scan() should throw the camera's own error") {
            try result.get()
        }
    }

    @Test func closingTheCameraThrowsCancellationError() async throws {
        let camera = ControlledCamera()
        let scan = startScan(with: BarcodeReader(scanner: camera))
        _ = await scan.finish()
        camera.close()
        let result = try #require(await scan.finish(), Comment(rawValue: neverResumed))
        #expect(
            throws: CancellationError.self,
            "a closed camera is neither a barcode nor a failure: resume by throwing CancellationError()"
        ) { try result.get() }
    }

    @Test func theShoppingListAddsTheScannedProduct() async {
        let camera = ControlledCamera()
        let list = ShoppingList(reader: BarcodeReader(scanner: camera), catalog: catalog)
        let adding = Running { await list.addScannedProduct() }
        _ = await adding.finish()
        camera.read("5000112637922")
        #expect(await adding.finish() != nil, Comment(rawValue: neverResumed))
        #expect(list.items == ["Cola"])
        #expect(list.notice == nil)
    }

    @Test func theShoppingListIgnoresAClosedCamera() async {
        let camera = ControlledCamera()
        let list = ShoppingList(reader: BarcodeReader(scanner: camera), catalog: catalog)
        let adding = Running { await list.addScannedProduct() }
        _ = await adding.finish()
        camera.close()
        #expect(await adding.finish() != nil, Comment(rawValue: neverResumed))
        #expect(list.items.isEmpty)
        #expect(list.notice == nil, "closing the camera is the user's choice, not an error")
    }

    @Test func theShoppingListExplainsABrokenCamera() async {
        let camera = ControlledCamera()
        let list = ShoppingList(reader: BarcodeReader(scanner: camera), catalog: catalog)
        let adding = Running { await list.addScannedProduct() }
        _ = await adding.finish()
        camera.fail(ControlledCamera.Failure.noPermission)
        #expect(await adding.finish() != nil, Comment(rawValue: neverResumed))
        #expect(list.items.isEmpty)
        #expect(list.notice == "The camera isn't working. Type the product's name instead.")
    }
}
