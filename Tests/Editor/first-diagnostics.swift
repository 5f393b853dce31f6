// How long an editor that pulls diagnostics (VS Code's way) waits for an exercise's errors.
//
//   swift Tests/Editor/first-diagnostics.swift WORKSPACE FILE [SECONDS]
//
// Starts sourcekit-lsp (from PATH) with WORKSPACE as the workspace folder, opens FILE, and pulls
// `textDocument/diagnostic` every half second, re-pulling at once when the server asks
// (`workspace/diagnostic/refresh`), until an error arrives or SECONDS (default 90) pass. Prints
// one line: the workspace, the seconds until the first error, and that error. Exit 0 when an
// error arrived in time, 1 otherwise. Run it on a fresh copy: an index from an earlier run makes
// the repository root look faster than a learner's first day.
import Foundation

let arguments = CommandLine.arguments
guard arguments.count >= 3 else {
    FileHandle.standardError.write(Data("usage: first-diagnostics.swift WORKSPACE FILE [SECONDS]\n".utf8))
    exit(64)
}
let workspace = URL(fileURLWithPath: arguments[1]).standardizedFileURL
let file = URL(fileURLWithPath: arguments[2]).standardizedFileURL
let limit = arguments.count > 3 ? Double(arguments[3]) ?? 90 : 90

/// One language-server connection over the child's standard streams (`Content-Length` framing),
/// read by polling on this one thread.
struct Connection {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private var buffer: [UInt8] = []
    private var nextID = 1

    init(server: String) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [server]
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
    }

    private mutating func takeMessage() -> [String: Any]? {
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        guard let headerEnd = (0..<max(buffer.count - 3, 0)).first(where: { Array(buffer[$0..<$0 + 4]) == separator }) else { return nil }
        let header = String(decoding: buffer[..<headerEnd], as: UTF8.self)
        guard let lengthLine = header.split(separator: "\r\n").first(where: { $0.lowercased().hasPrefix("content-length:") }),
            let length = Int(lengthLine.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)),
            buffer.count - (headerEnd + 4) >= length
        else { return nil }
        let body = Data(buffer[(headerEnd + 4)..<(headerEnd + 4 + length)])
        buffer.removeFirst(headerEnd + 4 + length)
        return (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:]
    }

    func send(_ message: [String: Any]) {
        var message = message
        message["jsonrpc"] = "2.0"
        guard let body = try? JSONSerialization.data(withJSONObject: message) else { return }
        input.fileHandleForWriting.write(Data("Content-Length: \(body.count)\r\n\r\n".utf8) + body)
    }

    /// Sends a request; returns its id.
    mutating func request(_ method: String, _ parameters: [String: Any]) -> Int {
        let id = nextID
        nextID += 1
        send(["id": id, "method": method, "params": parameters])
        return id
    }

    /// The next message from the server, or nil when none came before `deadline`.
    mutating func next(before deadline: Date) -> [String: Any]? {
        let descriptor = output.fileHandleForReading.fileDescriptor
        while true {
            if let message = takeMessage() { return message }
            let wait = Int32(max(0, deadline.timeIntervalSinceNow) * 1000)
            var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, wait) > 0 else { return nil }
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let count = read(descriptor, &chunk, chunk.count)
            guard count > 0 else { return nil }
            buffer += chunk[..<count]
        }
    }

    func stop() {
        process.terminate()
    }
}

var connection = try Connection(server: "sourcekit-lsp")
defer { connection.stop() }
let start = Date()
let end = start.addingTimeInterval(limit)
let initialize = connection.request(
    "initialize",
    [
        "processId": Int(ProcessInfo.processInfo.processIdentifier),
        "rootUri": workspace.absoluteString,
        "workspaceFolders": [["uri": workspace.absoluteString, "name": workspace.lastPathComponent]],
        "capabilities": [
            "textDocument": ["diagnostic": ["dynamicRegistration": false], "publishDiagnostics": [:]],
            "workspace": ["diagnostics": ["refreshSupport": true]],
            "window": ["workDoneProgress": true],
        ],
    ])
var pending: Int? = nil
var opened = false
var nextPull = Date()
let text = try String(contentsOf: file, encoding: .utf8)

func pull() {
    pending = connection.request("textDocument/diagnostic", ["textDocument": ["uri": file.absoluteString]])
    nextPull = Date().addingTimeInterval(0.5)
}

while Date() < end {
    if opened, pending == nil, Date() >= nextPull { pull() }
    guard let message = connection.next(before: min(end, Date().addingTimeInterval(0.25))) else { continue }
    let id = message["id"] as? Int
    if let method = message["method"] as? String {
        // A request from the server: answer it (progress tokens, refresh, registrations).
        if let id { connection.send(["id": id, "result": NSNull()]) }
        if method == "workspace/diagnostic/refresh", opened { nextPull = Date() }
        continue
    }
    if id == initialize {
        connection.send(["method": "initialized", "params": [:]])
        connection.send([
            "method": "textDocument/didOpen",
            "params": ["textDocument": ["uri": file.absoluteString, "languageId": "swift", "version": 1, "text": text]],
        ])
        opened = true
        pull()
    } else if id == pending {
        pending = nil
        let items = (message["result"] as? [String: Any])?["items"] as? [[String: Any]] ?? []
        if let error = items.first(where: { ($0["severity"] as? Int) == 1 && ($0["source"] as? String) != "SourceKit-parse" }) {
            let seconds = String(format: "%.1f", Date().timeIntervalSince(start))
            print("\(workspace.lastPathComponent): first error after \(seconds) s: \(error["message"] as? String ?? "?")")
            exit(0)
        }
    }
}
print("\(workspace.lastPathComponent): no error within \(Int(limit)) s")
exit(1)
