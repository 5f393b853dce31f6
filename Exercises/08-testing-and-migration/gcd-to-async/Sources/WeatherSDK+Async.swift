// The bridge between the vendor's SDK and the rest of the app: the only place that deals with
// its completion handlers and its queue.

// TODO: the screen's code asks the SDK for a report, and waits for it, with
// `sdk.report(for: city)`; nothing answers that call yet. Write the bridge here.
