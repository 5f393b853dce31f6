import ActorlingsCore
import ActorlingsRuntime
import Foundation

/// `actorlings class REPORT…`: reads many JSON grade reports and prints or writes the class
/// summary. It needs no course checkout — an instructor runs it wherever the reports were
/// downloaded. Parsed by `ClassCommands`.
struct ClassSummaryCommand: ActorlingsCommand {
    var files: [String]
    var format: ClassSummaryFormat
    /// Where to write the summary; nil: standard output.
    var output: String?
    var needs: CommandNeeds { [.interruptible] }

    /// Each report's label (the CSV's first column): its file's name without `.json`, as
    /// `class grade` names the reports it writes, so both commands give one student one label;
    /// the folder is put in front when two files share a name (`ada/grade`, `bob/grade`). Never
    /// the report's contents: a student cannot choose their label.
    static func labels(for files: [String]) -> [String] {
        let urls = files.map { URL(fileURLWithPath: $0) }
        let bases = urls.map { $0.pathExtension == "json" ? $0.deletingPathExtension().lastPathComponent : $0.lastPathComponent }
        var labels: [String] = []
        for (url, base) in zip(urls, bases) {
            var label = bases.filter { $0 == base }.count > 1 ? url.deletingLastPathComponent().lastPathComponent + "/" + base : base
            var suffix = 2
            while labels.contains(label) {
                label = "\(base)-\(suffix)"
                suffix += 1
            }
            labels.append(label)
        }
        return labels
    }

    func run(in context: CommandContext) async throws -> ExitCode {
        let (console, palette, currentDirectory) = (context.console, context.palette, context.currentDirectory)
        var reports: [(label: String, report: GradeReport)] = []
        var skipped = 0
        let labels = Self.labels(for: files)
        for (file, label) in zip(files, labels) {
            switch Self.read(file, currentDirectory: currentDirectory) {
            case .success(let report):
                reports.append((label, report))
            case .failure(let problem):
                skipped += 1
                // The file and what is wrong with it (its keys, its values) are a student's text.
                console.writeError(palette.apply(.yellow, "skipped ") + UntrustedText.line("\(file): \(problem.message)") + "\n")
            }
        }
        guard !reports.isEmpty else {
            console.writeError(
                palette.apply(.boldRed, "error: ")
                    + "none of the \(files.count) file(s) is a readable grade report; make them with `actorlings grade --format json --output FILE`\n")
            return .failure
        }
        let rendered = format.render(ClassSummary(reports: reports))
        if let output {
            do {
                try AtomicFile.write(rendered, to: output.hasPrefix("/") ? output : currentDirectory + "/" + output)
            } catch {
                console.writeError(palette.apply(.boldRed, "error: ") + "could not write \(output): \(error.localizedDescription)\n")
                return .toolFailure
            }
            console.write("Wrote the class summary of \(reports.count) student(s) to \(output).\n")
        } else {
            console.write(rendered)
        }
        return skipped == 0 ? .success : .failure
    }

    struct Problem: Error {
        var message: String
    }

    /// A report, or what is wrong with the file in words an instructor can act on.
    private static func read(_ file: String, currentDirectory: String) -> Result<GradeReport, Problem> {
        let path = file.hasPrefix("/") ? file : currentDirectory + "/" + file
        guard let data = FileManager.default.contents(atPath: path) else {
            return .failure(Problem(message: FileManager.default.fileExists(atPath: path) ? "cannot be read" : "no such file"))
        }
        guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            return .failure(Problem(message: "not JSON (a grade report is written by `actorlings grade --format json`)"))
        }
        guard let format = object["format"] as? Int, object["exercises"] != nil, (object["tool"] as? [String: Any])?["name"] as? String == "actorlings" else {
            return .failure(Problem(message: "JSON, but not an Actorlings grade report (no \"format\", \"tool\" or \"exercises\")"))
        }
        guard format <= GradeReport.currentFormat else {
            return .failure(Problem(message: "written by a newer Actorlings (report format \(format)); update Actorlings to read it"))
        }
        do {
            return .success(try GradeReportFormat.decode(data))
        } catch DecodingError.keyNotFound(let key, let context) {
            return .failure(Problem(message: "missing \"\(key.stringValue)\" at \(Self.path(context.codingPath))"))
        } catch DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context) {
            return .failure(Problem(message: "unexpected value at \(Self.path(context.codingPath)): \(context.debugDescription)"))
        } catch DecodingError.dataCorrupted(let context) {
            return .failure(Problem(message: "unexpected value at \(Self.path(context.codingPath)): \(context.debugDescription)"))
        } catch {
            return .failure(Problem(message: "cannot be decoded: \(error)"))
        }
    }

    private static func path(_ codingPath: [any CodingKey]) -> String {
        codingPath.isEmpty ? "the top level" : codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
    }
}
