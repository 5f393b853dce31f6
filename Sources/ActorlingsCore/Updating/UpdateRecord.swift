/// What one `actorlings update` changed on disk, kept as `record.txt` in its backup folder, and
/// what `update --undo` does with each file.
///
/// Each line names a file the update wrote or removed, whether it existed before, and the blob id
/// the update left there (`-` for a removal). Undo puts a file back only while it is still what
/// the update left: a file changed after the update (the learner kept working) is kept as it is,
/// copied to the backup folder and named, never overwritten.
public struct UpdateRecord: Sendable, Equatable {
    public struct Entry: Sendable, Equatable {
        public var path: String
        /// Whether the file existed before the update (its old content is in `before/`).
        public var existed: Bool
        /// The blob id the update wrote; nil when it removed the file. Unknown (`.unknown`) in a
        /// record written before ids were kept.
        public var written: Written
    }

    /// Records that the update wrote `written` at `path`, which `existed` before (its old
    /// content then in the backup's `before/`).
    public mutating func add(_ path: String, existed: Bool, written: Written) {
        entries.append(Entry(path: path, existed: existed, written: written))
    }

    public enum Written: Sendable, Equatable {
        case blob(String)
        case removed
        case unknown
    }

    /// What undo does with one file.
    public enum Step: Sendable, Equatable {
        /// Put the file back as it was before the update (from `before/`).
        case restore(String)
        /// The update added the file: remove it.
        case remove(String)
        /// Changed after the update: keep it, back it up, say so.
        case keepChanged(String)
    }

    public var header: String
    public var entries: [Entry]

    public init(header: String, entries: [Entry]) {
        self.header = header
        self.entries = entries
    }

    /// The text of `record.txt`: `existed|new <TAB> id|- <TAB> path` per file.
    public func render() -> String {
        var text = "# \(header)\n"
        for entry in entries {
            let id: String =
                switch entry.written {
                case .blob(let id): id
                case .removed: "-"
                case .unknown: "?"
                }
            text += "\(entry.existed ? "existed" : "new")\t\(id)\t\(entry.path)\n"
        }
        return text
    }

    /// Reads `record.txt`, the older two-column form (`existed <TAB> path`) included.
    public static func parse(_ text: String) -> UpdateRecord {
        var header = ""
        var entries: [Entry] = []
        for line in text.split(separator: "\n") {
            if line.hasPrefix("#") {
                header = String(line.dropFirst().drop { $0 == " " })
                continue
            }
            let fields = line.split(separator: "\t", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
            guard fields.count >= 2, fields[0] == "existed" || fields[0] == "new" else { continue }
            if fields.count == 2 {
                entries.append(Entry(path: fields[1], existed: fields[0] == "existed", written: .unknown))
            } else {
                let written: Written = fields[1] == "-" ? .removed : fields[1] == "?" ? .unknown : .blob(fields[1])
                entries.append(Entry(path: fields[2], existed: fields[0] == "existed", written: written))
            }
        }
        return UpdateRecord(header: header, entries: entries)
    }

    /// The steps of undo, given each recorded file's blob id on disk now (absent: no file).
    public func undo(current: [String: String]) -> [Step] {
        entries.map { entry in
            let unchanged: Bool =
                switch entry.written {
                case .blob(let id): current[entry.path] == id
                case .removed: current[entry.path] == nil
                case .unknown: true
                }
            guard unchanged else { return .keepChanged(entry.path) }
            return entry.existed ? .restore(entry.path) : .remove(entry.path)
        }
    }
}
