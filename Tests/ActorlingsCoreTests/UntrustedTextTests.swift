import ActorlingsCore
import Foundation
import Testing

@Suite("Untrusted text")
struct UntrustedTextTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var input: String
        var line: String
        var block: String
        var testDescription: String { line }
    }

    static let cases: [Case] = [
        Case(input: "Ada Lovelace", line: "Ada Lovelace", block: "Ada Lovelace"),
        Case(input: "Zoë 山田 🦀", line: "Zoë 山田 🦀", block: "Zoë 山田 🦀"),
        // Terminal escapes: colours, clearing the screen, a window title (OSC … BEL).
        Case(input: "\u{1B}[31mred\u{1B}[0m", line: "␛[31mred␛[0m", block: "␛[31mred␛[0m"),
        Case(input: "\u{1B}[2J\u{1B}[H", line: "␛[2J␛[H", block: "␛[2J␛[H"),
        Case(input: "\u{1B}]0;pwned\u{07}", line: "␛]0;pwned␇", block: "␛]0;pwned␇"),
        // C1 CSI (U+009B) and DEL.
        Case(input: "a\u{9B}31mb\u{7F}", line: "a\\u{9B}31mb␡", block: "a\\u{9B}31mb␡"),
        // A carriage return that would overwrite the line; NUL and a backspace.
        Case(input: "passed\rfailed", line: "passed␍failed", block: "passed␍failed"),
        Case(input: "a\u{0}b\u{8}", line: "a␀b␈", block: "a␀b␈"),
        // Bidi overrides and isolates: "evil‮fdp.swift" reads as "evilpdf.swift" raw.
        Case(input: "evil\u{202E}fdp.swift", line: "evil\\u{202E}fdp.swift", block: "evil\\u{202E}fdp.swift"),
        Case(input: "\u{2066}x\u{2069}", line: "\\u{2066}x\\u{2069}", block: "\\u{2066}x\\u{2069}"),
        Case(input: "a\u{2028}b", line: "a\\u{2028}b", block: "a\\u{2028}b"),
        // Line breaks: shown on one line, kept in a block.
        Case(input: "one\ntwo\tthree", line: "one␊two␉three", block: "one\ntwo\tthree"),
        // Workflow commands: at the start of a line (after white space), and the legacy form anywhere.
        Case(input: "::error::forged", line: "›::error::forged", block: "›::error::forged"),
        Case(input: "  ::add-mask::secret", line: "›  ::add-mask::secret", block: "›  ::add-mask::secret"),
        Case(input: "\u{3000}::stop-commands::tok", line: "›\u{3000}::stop-commands::tok", block: "›\u{3000}::stop-commands::tok"),
        Case(input: "ok\n::error::x\n ::warning::y", line: "ok␊::error::x␊ ::warning::y", block: "ok\n›::error::x\n› ::warning::y"),
        Case(input: "name ##[error]forged", line: "name #›#[error]forged", block: "name #›#[error]forged"),
        Case(input: "Swift::Int and a::b", line: "Swift::Int and a::b", block: "Swift::Int and a::b"),
    ]

    @Test("Control characters become visible and workflow commands are neutralised", arguments: cases)
    func neutralised(_ example: Case) {
        #expect(UntrustedText.line(example.input) == example.line)
        #expect(UntrustedText.block(example.input) == example.block)
        let printed = UntrustedText.line(example.input)
        #expect(!printed.unicodeScalars.contains(where: UntrustedText.isControl), "nothing raw is left")
        #expect(!printed.contains("##["))
        #expect(!UntrustedText.block(example.input).split(separator: "\n").contains { $0.drop(while: \.isWhitespace).hasPrefix("::") })
    }

    @Test("Plain text is unchanged, and applying it twice changes nothing more")
    func idempotent() {
        for example in Self.cases {
            let once = UntrustedText.line(example.input)
            #expect(UntrustedText.line(once) == once)
            #expect(UntrustedText.isPlain(once))
        }
        #expect(UntrustedText.isPlain("Exercises/00-basics/passing/Sources/Code.swift"))
        #expect(!UntrustedText.isPlain("a\u{1B}b"))
    }

    @Test(
        "Markup (the HTML page and the JUnit XML) escapes its five characters after the control characters are made visible",
        arguments: [
            ("<script>alert('x')</script>", false, "&lt;script&gt;alert(&apos;x&apos;)&lt;/script&gt;"),
            ("Tom & \"Jerry\"", false, "Tom &amp; &quot;Jerry&quot;"),
            ("a\u{1B}[2Jb", false, "a␛[2Jb"),
            ("one\ntwo", false, "one␊two"),
            ("one\ntwo\tthree", true, "one\ntwo\tthree"),
            ("::error::x & y", true, "›::error::x &amp; y"),
            ("\u{FFFE}kept", false, "kept"),
        ])
    func markup(input: String, lines: Bool, expected: String) {
        #expect(UntrustedText.markup(input, lines: lines) == expected)
    }

    @Test("JSON keeps the data and escapes what the encoder left raw")
    func json() throws {
        let json = "{\"name\":\"a\u{9B}b\u{202E}c\u{7F}\"}"
        let escaped = UntrustedText.escapingInJSON(json)
        #expect(escaped == "{\"name\":\"a\\u009Bb\\u202Ec\\u007F\"}")
        #expect(UntrustedText.escapingInJSON("{\"a\":\"é\"}") == "{\"a\":\"é\"}")
        #expect(UntrustedText.escapingInJSON("{\"a\":\"x ##[error]y\"}") == "{\"a\":\"x #\\u0023[error]y\"}")
    }
}

@Suite("A submission's git data")
struct SubmissionGitDataTests {
    static let config = """
        [core]
        \trepositoryformatversion = 0
        \tfsmonitor = /tmp/evil.sh
        [remote "origin"]
        \turl = https://x-access-token:ghs_SECRET@github.com/class/ada.git  # a comment
        \tfetch = +refs/heads/*:refs/remotes/origin/*
        [remote "Origin"]
        \turl = wrong-case-subsection
        [Remote "origin"]
        \tURL = "second value"
        [extensions]
        \tobjectFormat = sha256
        [gpg]
        \tprogram = "/tmp/evil.sh" ; a comment
        [include]
        \tpath = /etc/other
        """

    @Test("Values are read as git reads them, and nothing is followed")
    func values() {
        #expect(
            SubmissionGitData.values(of: "remote.origin.url", in: Self.config) == [
                "https://x-access-token:ghs_SECRET@github.com/class/ada.git", "second value",
            ])
        #expect(SubmissionGitData.values(of: "extensions.objectformat", in: Self.config) == ["sha256"])
        #expect(SubmissionGitData.values(of: "gpg.program", in: Self.config) == ["/tmp/evil.sh"])
        #expect(SubmissionGitData.values(of: "remote.upstream.url", in: Self.config) == [])
        #expect(SubmissionGitData.values(of: "core.bare", in: "[core]\n\tbare\n") == ["true"])
        #expect(SubmissionGitData.values(of: "a.b", in: "[a]\nb = one \\\n two\n") == ["one  two"])
        #expect(SubmissionGitData.values(of: "a.b", in: "[a] b = \"x\\ty\\\"z\"") == ["x\ty\"z"])
        #expect(SubmissionGitData.values(of: "a.b", in: "[a.sub]\nb = old style\n") == [])
        #expect(SubmissionGitData.values(of: "a.sub.b", in: "[a.sub]\nb = old style\n") == ["old style"])
    }

    @Test(
        "HEAD resolves through a loose ref or packed-refs, and only to an object id",
        arguments: [
            ("ref: refs/heads/main\n", "0123456789abcdef0123456789abcdef01234567", nil, "0123456789abcdef0123456789abcdef01234567"),
            (
                "ref: refs/heads/main\n", nil, "# pack-refs\nfedcba9876543210fedcba9876543210fedcba98 refs/heads/main\n",
                "fedcba9876543210fedcba9876543210fedcba98"
            ),
            ("0123456789ABCDEF0123456789abcdef01234567\n", nil, nil, "0123456789abcdef0123456789abcdef01234567"),
            ("ref: refs/../../config\n", "0123456789abcdef0123456789abcdef01234567", nil, nil),
            ("ref: /etc/passwd\n", "0123456789abcdef0123456789abcdef01234567", nil, nil),
            ("ref: refs/heads/main\n", "not an id", nil, nil),
        ] as [(String, String?, String?, String?)])
    func head(head: String, loose: String?, packed: String?, expected: String?) {
        #expect(SubmissionGitData.headCommit(head: head, looseRef: { _ in loose }, packedRefs: packed) == expected)
    }

    @Test("A commit's author is read from its headers only")
    func author() {
        let commit =
            "tree abc\nparent def\nauthor Ada \u{1B}[31mL <ada@example.com> 1700000000 +0000\ncommitter C <c@x> 1 +0000\n\nauthor Mallory <m@x> 1 +0000\n"
        let author = SubmissionGitData.author(ofCommit: commit)
        #expect(author?.name == "Ada \u{1B}[31mL" && author?.email == "ada@example.com")
        #expect(SubmissionGitData.author(ofCommit: "tree abc\n\nauthor Mallory <m@x> 1 +0000\n") == nil)
    }
}

@Suite("Learner paths of a submission")
struct LearnerPathCheckTests {
    typealias Component = LearnerPathCheck.Component

    static func path(_ kinds: [Component.Kind], links: Int = 1, size: Int64 = 100) -> [Component] {
        let names = ["Exercises", "00-basics", "passing", "Sources", "Code.swift"]
        return kinds.enumerated().map { index, kind in
            Component(
                path: names.prefix(index + 1).joined(separator: "/"), kind: kind, links: index == kinds.count - 1 ? links : 2,
                size: index == kinds.count - 1 ? size : 4096)
        }
    }

    @Test("A link at any depth is refused and named", arguments: 0..<5)
    func linkAtEveryDepth(depth: Int) {
        let kinds = (0..<5).map { $0 < depth ? Component.Kind.directory : $0 == depth ? .symbolicLink : .directory }.prefix(depth + 1)
        let components = Self.path(Array(kinds))
        guard case .refused(let path, .symbolicLink) = LearnerPathCheck.judge(components) else {
            Issue.record("not refused: \(LearnerPathCheck.judge(components))")
            return
        }
        #expect(path == components[depth].path)
        #expect(LearnerPathCheck.message(path: path, problem: .symbolicLink).contains("\(path) is a symbolic link"))
    }

    @Test("A hard link, a large (or sparse) file and a device are refused; a plain file is read")
    func files() {
        let folders: [Component.Kind] = [.directory, .directory, .directory, .directory]
        #expect(LearnerPathCheck.judge(Self.path(folders + [.regularFile])) == .readable(size: 100))
        #expect(
            LearnerPathCheck.judge(Self.path(folders + [.regularFile], links: 2))
                == .refused(path: "Exercises/00-basics/passing/Sources/Code.swift", problem: .hardLink(links: 2)))
        #expect(
            LearnerPathCheck.judge(Self.path(folders + [.regularFile], size: 400 << 20))
                == .refused(path: "Exercises/00-basics/passing/Sources/Code.swift", problem: .tooLarge(size: 400 << 20)))
        #expect(
            LearnerPathCheck.judge(Self.path(folders + [.other]))
                == .refused(path: "Exercises/00-basics/passing/Sources/Code.swift", problem: .notARegularFile))
        #expect(LearnerPathCheck.judge(Self.path(folders + [.missing])) == .missing)
        #expect(LearnerPathCheck.judge(Self.path([.directory, .missing])) == .missing)
        #expect(LearnerPathCheck.message(path: "a", problem: .tooLarge(size: 400 << 20)).contains("a is 400 MB"))
        #expect(LearnerPathCheck.message(path: "a\u{1B}[2J", problem: .symbolicLink).contains("a␛[2J"))
    }
}

@Suite("Report names in class grade")
struct ClassReportNamesTests {
    @Test(
        "Each name comes from the argument, made safe for a file name",
        arguments: [
            ("submissions/ada", "ada"),
            ("submissions/ada/", "ada"),
            ("git@github.com:my-class/actorlings-ada.git", "actorlings-ada"),
            ("https://x:tok@github.com/my-class/actorlings-bob.git?x=1#frag", "actorlings-bob"),
            ("/tmp/carol.bundle", "carol"),
            ("../class", "student-class"),
            (".hidden", "student-.hidden"),
            ("we ird/na me\u{1B}[2J", "na-me--2J"),
            ("../ünï", "student--n-"),
        ])
    func base(argument: String, expected: String) {
        #expect(ClassReportNames.base(of: argument) == expected)
    }

    @Test("Two arguments with one name never share a report, and the second is said")
    func collisions() {
        let names = ClassReportNames.names(for: ["a/ada", "b/ada", "c/Ada", "ada-2", "bob"])
        #expect(names.map(\.label) == ["ada", "ada-2", "Ada-3", "ada-2-2", "bob"])
        #expect(names[0].note == nil && names[4].note == nil)
        #expect(names[1].note == "b/ada is reported as ada-2.json: ada.json is a/ada's (two arguments with one name)")
        #expect(names[2].note?.contains("Ada-3.json") == true)
        #expect(Set(names.map { $0.label.lowercased() }).count == names.count)
    }
}

@Suite("Reports print a student's text safely")
struct UntrustedReportTests {
    static let hostile = "Eve \u{1B}[2J\u{9B}31m\u{202E}x\n::error::forged\r##[add-mask]y"

    /// A report in which every string a student or a student's run can reach is hostile.
    static func report() throws -> GradeReport {
        func quoted(_ text: String) throws -> String { String(decoding: try JSONEncoder().encode(text), as: UTF8.self) }
        let h = try quoted(hostile)
        let message = try quoted("error: " + hostile)
        let json = """
            {"format": 1, "tool": {"name": "actorlings", "version": "0.1.0"}, "toolchain": "6.3.1",
             "course": {"title": \(h), "version": "1"}, "student": {"name": \(h), "email": \(h), "repository": \(h), "commit": \(h)},
             "generatedAt": "2026-11-27T00:00:00Z",
             "exercises": [
               {"id": \(h), "title": \(h), "step": 0, "status": "compile-error", "reason": \(h), "points": 0, "maxPoints": 1,
                "durationSeconds": 0.1, "problems": [{"message": \(message), "file": \(h), "line": 1}], "flags": [\(h), "copied-solution"]},
               {"id": "b", "title": "B", "step": 0, "status": "crashed", "reason": \(h), "points": 0, "maxPoints": 1,
                "durationSeconds": 0.1, "problems": [{"message": \(h)}], "flags": []}
             ],
             "totals": {"points": 0, "maxPoints": 2, "passed": 0, "exercises": 2},
             "submission": {"flags": [{"file": \(h), "change": "added"}]}}
            """
        return try GradeReportFormat.decode(Data(json.utf8))
    }

    @Test("Every format of a grade report and of a class summary", arguments: 0..<(GradeReportFormat.allCases.count + ClassSummaryFormat.allCases.count))
    func renders(_ index: Int) throws {
        let report = try Self.report()
        let rendered: String
        if index < GradeReportFormat.allCases.count {
            rendered = GradeReportFormat.allCases[index].render(report)
        } else {
            let summary = ClassSummary(reports: [(Self.hostile, report), ("other", report)])
            rendered = ClassSummaryFormat.allCases[index - GradeReportFormat.allCases.count].render(summary)
        }
        let raw = rendered.unicodeScalars.filter { UntrustedText.isControl($0) && $0 != "\n" && $0 != "\t" }
        #expect(raw.isEmpty, "raw: \(raw.map { String($0.value, radix: 16) })\n\(rendered)")
        for line in rendered.split(separator: "\n") {
            #expect(!line.drop(while: \.isWhitespace).hasPrefix("::"), "\(line)")
            #expect(!line.contains("##["), "\(line)")
        }
    }

    @Test("The JSON report keeps the data exactly")
    func jsonRoundTrip() throws {
        let report = try Self.report()
        let json = GradeReportFormat.json.render(report)
        #expect(try GradeReportFormat.decode(Data(json.utf8)) == report)
    }
}
