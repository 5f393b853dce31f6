// The bridge between the vendor's SDK and the rest of the app: the only place that deals with
// its completion handlers.
