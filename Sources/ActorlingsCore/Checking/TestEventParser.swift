import Foundation

/// Reads Swift Testing's event stream (`--event-stream-output-path F --event-stream-version 0`,
/// JSON lines) into a `TestRunReport`.
///
/// The stream is read after the run, even a killed one: lines are written as events happen,
/// so tests that started and never ended name what was running when a run hung. A truncated
/// last line is ignored.
public enum TestEventParser {
    public static func parse(_ text: String) -> TestRunReport {
        var names: [String: (name: String, displayName: String?)] = [:]
        var order: [String] = []
        var started: Set<String> = []
        var statuses: [String: TestResult.Status] = [:]
        var issues: [String: [TestIssue]] = [:]
        var ledger = TestRunLedger()

        for line in text.split(whereSeparator: \.isNewline) {
            guard let data = line.data(using: .utf8),
                let record = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
                let payload = record["payload"] as? [String: Any],
                let kind = record["kind"] as? String
            else { continue }
            if kind == "test" {
                guard payload["kind"] as? String == "function", let id = payload["id"] as? String else { continue }
                names[id] = (payload["name"] as? String ?? id, payload["displayName"] as? String)
                let location = payload["sourceLocation"] as? [String: Any]
                ledger.declared.append(
                    TestRunLedger.Declared(
                        id: id, name: payload["name"] as? String ?? id,
                        file: location?["_filePath"] as? String ?? location?["fileID"] as? String ?? "",
                        line: location?["line"] as? Int ?? 0))
                continue
            }
            if kind == "event", let eventKind = payload["kind"] as? String {
                if eventKind == "runStarted" { ledger.runsStarted += 1 }
                if eventKind == "runEnded" { ledger.runsEnded += 1 }
            }
            guard kind == "event", let eventKind = payload["kind"] as? String, let testID = payload["testID"] as? String,
                names[testID] != nil
            else { continue }
            switch eventKind {
            case "testStarted":
                ledger.started[testID, default: 0] += 1
                if !started.contains(testID) { order.append(testID) }
                started.insert(testID)
            case "issueRecorded":
                guard let issue = payload["issue"] as? [String: Any], issue["isKnown"] as? Bool != true else { continue }
                issues[testID, default: []].append(makeIssue(payload: payload, issue: issue))
            case "testEnded":
                ledger.ended[testID, default: 0] += 1
                statuses[testID] = issues[testID, default: []].isEmpty ? .passed : .failed
            case "testSkipped":
                ledger.skipped[testID, default: 0] += 1
                if !started.contains(testID) { order.append(testID) }
                started.insert(testID)
                statuses[testID] = .skipped
            default:
                continue
            }
        }

        var report = TestRunReport(ledger: ledger)
        for id in order {
            guard let name = names[id] else { continue }
            if let status = statuses[id] {
                report.results.append(TestResult(name: name.name, displayName: name.displayName, status: status, issues: issues[id] ?? []))
            } else {
                report.unfinished.append(name.displayName ?? name.name)
            }
        }
        return report
    }

    private static func makeIssue(payload: [String: Any], issue: [String: Any]) -> TestIssue {
        let messages = (payload["messages"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
        let location = issue["sourceLocation"] as? [String: Any]
        let path = location?["_filePath"] as? String ?? location?["fileID"] as? String
        return TestIssue(
            message: messages.joined(separator: "\n"), file: path,
            line: location?["line"] as? Int, column: location?["column"] as? Int)
    }
}
