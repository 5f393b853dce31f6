// The bridge between the vendor's SDK and the rest of the app: the only place that deals with
// its completion handlers and its queue.

// TODO: the screen's code asks the SDK for a report with `try await sdk.report(for: city)`, and
// nothing answers that call yet. Write the bridge here.
