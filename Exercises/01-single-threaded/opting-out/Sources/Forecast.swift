// A weather app, built in main actor mode. The forecast model, its errors and its
// parser are pure data: no UI, no shared state. The home-screen widget refreshes in
// the background, outside the main actor, and needs them too.

/// One day of a forecast.
struct DailyForecast: Equatable {
    let day: String
    let lowCelsius: Int
    let highCelsius: Int

    /// "Mon 12–18 °C"
    var headline: String {
        "\(day) \(lowCelsius)–\(highCelsius) °C"
    }
}

/// Why the forecast service's reply could not be read.
enum ForecastError: Error, Equatable {
    case empty
    case malformedLine(Int)

    var reason: String {
        switch self {
        case .empty: "the reply is empty"
        case .malformedLine(let number): "line \(number) is malformed"
        }
    }
}

/// Reads the forecast service's reply: one day per line, such as "Mon,12,18".
struct ForecastParser {
    func parse(_ reply: String) throws(ForecastError) -> [DailyForecast] {
        let lines = reply.split(separator: "\n")
        guard !lines.isEmpty else { throw .empty }
        var days: [DailyForecast] = []
        for (index, line) in lines.enumerated() {
            let fields = line.split(separator: ",")
            guard fields.count == 3, let low = Int(fields[1]), let high = Int(fields[2]) else {
                throw .malformedLine(index + 1)
            }
            days.append(DailyForecast(day: String(fields[0]), lowCelsius: low, highCelsius: high))
        }
        return days
    }
}

// TODO: the home-screen widget doesn't build: its background refresh can't parse the
// service's reply, nor read the forecast it parsed. The widget must go on refreshing in the
// background, and the app's screens, on the main actor, show the same forecasts.

/// The home-screen widget. It refreshes in the background, outside the main actor.
nonisolated struct ForecastWidget {
    /// The line the widget shows for the forecast service's reply.
    func headline(for reply: String) -> String {
        do {
            let days = try ForecastParser().parse(reply)
            return days[0].headline
        } catch {
            return "Forecast unavailable: \(error.reason)"
        }
    }
}
