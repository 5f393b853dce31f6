import Foundation

// Wrong fix: hop to a queue in the caller, as the old code did.
func doubled(from client: LegacyClient) async -> Int {
    let value = await fetchValue(from: client)
    return await withCheckedContinuation { continuation in
        DispatchQueue.main.async { continuation.resume(returning: value * 2) }
    }
}
