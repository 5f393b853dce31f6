// The bridge between the vendor's SDK and the rest of the app: the only place that deals with
// its completion handlers and its queue.

// TODO: write the bridge here: an async `report(for:)` method in an extension of `WeatherSDK`.
