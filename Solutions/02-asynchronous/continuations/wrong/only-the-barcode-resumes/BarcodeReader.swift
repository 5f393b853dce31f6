// A grocery app adds products to the shopping list by scanning their barcodes. It is built in
// main actor mode. The camera SDK predates Swift concurrency: it reports through a callback.

/// The camera SDK's scanner. The app uses the vendor's; the tests use a fake.
protocol CameraScanner {
    /// Opens the camera, and later calls `completion` exactly once, on the main actor:
    /// - with the barcode, when the camera reads one;
    /// - with an error, when the camera fails;
    /// - with `(nil, nil)`, when the user closes the camera without scanning anything.
    func startScanning(completion: @escaping (String?, (any Error)?) -> Void)
}

/// The async face of the camera: the rest of the app awaits barcodes.
final class BarcodeReader {
    let scanner: any CameraScanner

    init(scanner: any CameraScanner) {
        self.scanner = scanner
    }

    /// Opens the camera and returns the barcode it reads.
    /// Suspends until the camera's completion handler runs, which resumes it exactly once.
    func scan() async throws -> String {
        try await withCheckedThrowingContinuation { continuation in
            scanner.startScanning { code, error in
                guard let code else { return }
                continuation.resume(returning: code)
            }
        }
    }
}

/// The shopping list's "scan a product" button.
final class ShoppingList {
    let reader: BarcodeReader
    /// The products the shop sells, by barcode.
    let catalog: [String: String]
    private(set) var items: [String] = []
    private(set) var notice: String?

    init(reader: BarcodeReader, catalog: [String: String]) {
        self.reader = reader
        self.catalog = catalog
    }

    func addScannedProduct() async {
        do {
            let barcode = try await reader.scan()
            if let product = catalog[barcode] {
                items.append(product)
                notice = nil
            } else {
                notice = "Unknown product \(barcode)."
            }
        } catch is CancellationError {
            notice = nil  // The user changed their mind: nothing to report.
        } catch {
            notice = "The camera isn't working. Type the product's name instead."
        }
    }
}
