// swiftc-flags: -Wwarning PreconcurrencyImport
@preconcurrency import Foundation

/// Nothing from Foundation here needs @preconcurrency: the module is already annotated.
func greeting(for name: String) -> String {
    "Hello, \(name)"
}
