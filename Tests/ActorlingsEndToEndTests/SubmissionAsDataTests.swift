import ActorlingsCore
import ActorlingsRuntime
import ActorlingsTestSupport
import Foundation
import Testing

/// A submission is data: attacks a determined student made on `grade --submission` and
/// `class grade` through what the grader reads of a submission — its `.git`, its links and
/// sizes, the names it prints, the name its report gets — each run through the real binary
/// against a trusted copy of the fixture course, and each ending in a grade that is not a pass
/// or a refusal that names what happened, with nothing executed.
@Suite("A submission is data", .tags(.endToEnd, .slow))
struct SubmissionAsDataTests {
    // MARK: - git never runs a submission's configuration

    struct GitAttack: Sendable, CustomTestStringConvertible {
        var name: String
        /// Appended to `.git/config`; `MARKER` stands for the program that records it ran.
        var config: String
        /// A signature put on the last commit (`log.showSignature` verifies it with the program).
        var signature: (begin: String, end: String)?
        /// Other files of the `.git` folder, e.g. a file `include.path` names; `MARKER` as above.
        var gitFiles: [String: String] = [:]
        /// Files of the working tree, committed with the rest (e.g. `.gitattributes`).
        var treeFiles: [String: String] = [:]
        var testDescription: String { name }
    }

    static let pgp = (begin: "-----BEGIN PGP SIGNATURE-----", end: "-----END PGP SIGNATURE-----")

    /// The first five ran the program on the grader of 2026-11-26 (its `-c` switches covered only
    /// the monitor and hooks); the others name programs for commands a grader might run.
    static let gitAttacks: [GitAttack] = [
        GitAttack(name: "log.showSignature + gpg.program", config: "[log]\n\tshowSignature = true\n[gpg]\n\tprogram = MARKER\n", signature: pgp),
        GitAttack(
            name: "gpg.format ssh + gpg.ssh.program",
            config: "[log]\n\tshowSignature = true\n[gpg]\n\tformat = ssh\n[gpg \"ssh\"]\n\tprogram = MARKER\n\tallowedSignersFile = /dev/null\n",
            signature: (begin: "-----BEGIN SSH SIGNATURE-----", end: "-----END SSH SIGNATURE-----")),
        GitAttack(
            name: "gpg.x509.program", config: "[log]\n\tshowSignature = true\n[gpg \"x509\"]\n\tprogram = MARKER\n",
            signature: (begin: "-----BEGIN SIGNED MESSAGE-----", end: "-----END SIGNED MESSAGE-----")),
        GitAttack(
            name: "include.path", config: "[include]\n\tpath = extra\n", signature: pgp,
            gitFiles: ["extra": "[log]\n\tshowSignature = true\n[gpg]\n\tprogram = MARKER\n"]),
        GitAttack(
            name: "includeIf gitdir", config: "[includeIf \"gitdir:/\"]\n\tpath = extra\n", signature: pgp,
            gitFiles: ["extra": "[log]\n\tshowSignature = true\n[gpg]\n\tprogram = MARKER\n"]),
        GitAttack(name: "core.fsmonitor", config: "[core]\n\tfsmonitor = MARKER\n\tuntrackedCache = true\n"),
        GitAttack(
            name: "core.hooksPath and every hook", config: "[core]\n\thooksPath = hooks-of-mine\n",
            gitFiles: Dictionary(
                uniqueKeysWithValues: ["post-checkout", "post-index-change", "reference-transaction", "pre-auto-gc", "post-rewrite", "fsmonitor-watchman"].map {
                    ("hooks-of-mine/\($0)", "#!/bin/sh\nMARKER \"$@\"\n")
                })),
        GitAttack(
            name: "core.pager, pager.log, diff.external, core.sshCommand",
            config: "[core]\n\tpager = MARKER\n\tsshCommand = MARKER\n[pager]\n\tlog = MARKER\n[diff]\n\texternal = MARKER\n"),
        GitAttack(
            name: "filter and textconv drivers named by .gitattributes and info/attributes",
            config: "[filter \"evil\"]\n\tclean = MARKER\n\tsmudge = MARKER\n\tprocess = MARKER\n\trequired = true\n[diff \"evil\"]\n\ttextconv = MARKER\n",
            gitFiles: ["info/attributes": "* filter=evil diff=evil\n"], treeFiles: [".gitattributes": "* filter=evil diff=evil\n"]),
    ]

    @Test("A folder's .git names a program for git to run: it never runs, and the grade happens", arguments: gitAttacks)
    func gitConfiguration(_ attack: GitAttack) async throws {
        let trusted = try await Self.trustedCourse()
        let marker = try Self.markerProgram()
        let work = try await Self.learnerWork(from: trusted, author: "Ada", attack: attack, marker: marker.program)
        let report = try await Self.grade(work.path, in: trusted, only: "passing")

        #expect(!FileManager.default.fileExists(atPath: marker.ran), "the submission's program ran: \(Self.text(marker.ran))")
        #expect(report.exercises.map(\.status) == [.passed])
        // Who it is still comes through: the commit and its author, read from a copy of its objects.
        #expect(report.student.name == "Ada")
        #expect(report.student.commit == work.commit)
        #expect(report.student.repository == "https://github.com/classroom/ada-repo.git")
    }

    @Test("A bare repository and a bundle whose config, hooks and attributes name a program: class grade runs none")
    func bareRepositoryAndBundle() async throws {
        let trusted = try await Self.trustedCourse()
        let marker = try Self.markerProgram()
        var everything = GitAttack(name: "all", config: "", gitFiles: [:])
        for attack in Self.gitAttacks {
            everything.config += attack.config
            everything.gitFiles.merge(attack.gitFiles) { $1 }
            everything.treeFiles.merge(attack.treeFiles) { $1 }
        }
        everything.config += "[uploadpack]\n\tpackObjectsHook = MARKER\n[core]\n\talternateRefsCommand = MARKER\n"
        everything.signature = Self.pgp
        // The bundle is made before the attack reaches the folder's .git; the bare repository gets it too.
        let work = try await Self.learnerWork(from: trusted, author: "Ada", attack: everything, marker: marker.program, bundled: true).path
        let bare = work + "-bare.git"
        let attackConfig = everything.config.replacingOccurrences(of: "MARKER", with: marker.program)
        let script = [
            "git clone -q --bare \"$WORK\" \"$BARE\"", "printf '%s' \"$ATTACK\" >> \"$BARE/config\"",
            "cp -R \"$WORK/.git/hooks-of-mine\" \"$WORK/.git/extra\" \"$BARE/\"", "cp \"$WORK/.git/hooks-of-mine/\"* \"$BARE/hooks/\"",
            "mkdir -p \"$BARE/info\"", "cp \"$WORK/.git/info/attributes\" \"$BARE/info/\"",
        ]
        try await Self.run(script.joined(separator: " && "), in: work, ["WORK": work, "BARE": bare, "ATTACK": attackConfig])
        let output = Self.temporaryPath("class")
        let result = try await runActorlings(["class", "grade", bare, work + ".bundle", "--only", "passing", "--output-dir", output], in: trusted)

        #expect(!FileManager.default.fileExists(atPath: marker.ran), "a program of the submission's ran: \(Self.text(marker.ran))")
        #expect(result.status == 0, "\(result.output)\(result.errors)")
        let name = URL(fileURLWithPath: work).lastPathComponent
        for label in ["\(name)-bare", name] {
            let report = try GradeReportFormat.decode(Data(contentsOf: URL(fileURLWithPath: "\(output)/\(label).json")))
            #expect(report.exercises.map(\.status) == [.passed], "\(label)")
        }
    }

    @Test(
        "A .git, or its objects, linked to another repository gives no identity from it",
        arguments: [".git", ".git/objects"])
    func linkedRepository(link: String) async throws {
        let trusted = try await Self.trustedCourse()
        let submission = try await Self.learnerWork(from: trusted, author: "Ada").path
        // The trusted course's history: its commit is the instructor's ("Test"), not this student's.
        let theirs = try await Self.run("git rev-parse HEAD", in: trusted)
        try await Self.run(
            "rm -rf \"$SUB/$LINK\" && ln -s \"$TRUSTED/$LINK\" \"$SUB/$LINK\" && (test -L \"$SUB/.git\" || echo \"$COMMIT\" > \"$SUB/.git/HEAD\")",
            in: submission, ["SUB": submission, "LINK": link, "TRUSTED": trusted, "COMMIT": theirs])
        let report = try await Self.grade(submission, in: trusted, only: "passing")
        #expect(report.student.commit == nil && report.student.name == nil, "\(report.student)")
        #expect(report.exercises.map(\.status) == [.passed])
    }

    @Test("Every git run reads no configuration of the caller's: no GIT_* variable, no global or system file")
    func gitEnvironment() async throws {
        let home = Self.temporaryPath("home")
        try FileManager.default.createDirectory(atPath: home + "/.config/git", withIntermediateDirectories: true)
        for file in [home + "/.gitconfig", home + "/.config/git/config"] {
            try "[user]\n\tname = Evil\n[core]\n\tfsmonitor = /evil\n".write(toFile: file, atomically: true, encoding: .utf8)
        }
        let caller = ProcessInfo.processInfo.environment.merging([
            "HOME": home, "XDG_CONFIG_HOME": home + "/.config", "GIT_CONFIG_PARAMETERS": "'core.fsmonitor'='/evil'",
            "GIT_CONFIG_COUNT": "1", "GIT_CONFIG_KEY_0": "core.hooksPath", "GIT_CONFIG_VALUE_0": "/evil", "GIT_DIR": "/evil",
            "GIT_EXTERNAL_DIFF": "/evil",
        ]) { $1 }
        let git = try #require(Git(environment: caller))
        let repository = Self.temporaryPath("repository")
        let created = try await git.run(["init", "--quiet", "--template=", repository], in: nil)
        #expect(created.succeeded, "\(created.standardError)")
        let listed = try await git.run(["config", "--list", "--show-scope"], in: repository)
        let lines = String(decoding: listed.standardOutput, as: UTF8.self).split(separator: "\n")
        #expect(!lines.isEmpty && lines.allSatisfy { $0.hasPrefix("local\t") || $0.hasPrefix("command\t") }, "\(lines)")
        #expect(!lines.contains { $0.contains("/evil") || $0.contains("Evil") }, "\(lines)")
        #expect(lines.contains("command\tcore.fsmonitor=false") && lines.contains("command\tcore.hookspath=/dev/null"), "\(lines)")
    }

    // MARK: - links and sizes

    static let learnerPath = "Exercises/00-basics/failing-test/Sources/Code.swift"

    /// Every component of the learner path, replaced by a link to a copy that holds the reference
    /// solution; the folder of the file links into the trusted course's `Solutions/` itself.
    static let linkDepths: [String] = (1...5).map { depth in learnerPath.split(separator: "/").prefix(depth).joined(separator: "/") }

    @Test("A symbolic link at any depth of a learner path is refused, naming the path", arguments: linkDepths)
    func symbolicLink(component: String) async throws {
        let trusted = try await Self.trustedCourse()
        let submission = try await Self.learnerWork(from: trusted, author: "Ada").path
        let target: String
        if component.hasSuffix("/Sources") {
            target = "\(trusted)/Solutions/00-basics/failing-test"
        } else {
            target = Self.temporaryPath("elsewhere")
            try await Self.run("cp -R \"$SUB/$PART\" \"$TARGET\"", in: submission, ["SUB": submission, "PART": component, "TARGET": target])
            let solution = try String(contentsOfFile: "\(trusted)/Solutions/00-basics/failing-test/Code.swift", encoding: .utf8)
            let inside = String(Self.learnerPath.dropFirst(component.count))
            try solution.write(toFile: target + inside, atomically: true, encoding: .utf8)
        }
        try await Self.run(
            "rm -rf \"$SUB/$PART\" && ln -s \"$TARGET\" \"$SUB/$PART\"", in: submission, ["SUB": submission, "PART": component, "TARGET": target])

        let report = try await Self.grade(submission, in: trusted, only: "failing-test", expecting: 1)
        let graded = try #require(report.exercises.first)
        #expect(graded.status != .passed && graded.points == 0)
        #expect(graded.problems.first?.file == component)
        #expect(graded.reason.hasPrefix("refused: \(component) is a symbolic link"), "\(graded.reason)")
        #expect(graded.problems.first?.message.contains("refused: \(component) is a symbolic link") == true, "\(graded.problems)")
    }

    @Test("Reading a file as data: links, hard links, pipes, devices and sparse files are refused without a read")
    func readingAsData() async throws {
        let root = Self.temporaryPath("files")
        let script = [
            "mkdir -p \"$R/a/b\" \"$R/real\"", "printf 'ok' > \"$R/a/b/plain.swift\"", "printf 'x' > \"$R/real/f.swift\"",
            "ln -s \"$R/real\" \"$R/a/linked\"", "ln -s \"$R/real/f.swift\" \"$R/a/b/link.swift\"", "ln \"$R/real/f.swift\" \"$R/a/b/hard.swift\"",
            "mkfifo \"$R/a/b/pipe.swift\"", "ln -s /dev/zero \"$R/a/b/zero.swift\"",
            "printf 'x' > \"$R/a/file\"",
        ]
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        try await Self.run(script.joined(separator: " && "), in: root, ["R": root])
        try Self.makeSparse("\(root)/a/b/sparse.swift", size: 400 << 20)
        #expect(SubmissionFiles.read("a/b/plain.swift", in: root) == .data(Data("ok".utf8)))
        #expect(SubmissionFiles.read("a/linked/f.swift", in: root) == .refused(path: "a/linked", problem: .symbolicLink))
        #expect(SubmissionFiles.read("a/b/link.swift", in: root) == .refused(path: "a/b/link.swift", problem: .symbolicLink))
        #expect(SubmissionFiles.read("a/b/zero.swift", in: root) == .refused(path: "a/b/zero.swift", problem: .symbolicLink))
        #expect(SubmissionFiles.read("a/b/hard.swift", in: root) == .refused(path: "a/b/hard.swift", problem: .hardLink(links: 2)))
        #expect(SubmissionFiles.read("a/b/pipe.swift", in: root) == .refused(path: "a/b/pipe.swift", problem: .notARegularFile))
        #expect(SubmissionFiles.read("a/b/sparse.swift", in: root) == .refused(path: "a/b/sparse.swift", problem: .tooLarge(size: 400 << 20)))
        #expect(SubmissionFiles.read("a/b/none.swift", in: root) == .missing)
        #expect(SubmissionFiles.read("a/file/below.swift", in: root) == .missing)
        #expect(SubmissionFiles.read("../\(URL(fileURLWithPath: root).lastPathComponent)/a/b/plain.swift", in: root) == .missing)
    }

    @Test("A hard link to the solution is refused")
    func hardLink() async throws {
        let trusted = try await Self.trustedCourse()
        let submission = try await Self.learnerWork(from: trusted, author: "Ada").path
        let copy = Self.temporaryPath("solution") + ".swift"
        try FileManager.default.copyItem(atPath: "\(trusted)/Solutions/00-basics/failing-test/Code.swift", toPath: copy)
        try await Self.run("rm \"$SUB/$PART\" && ln \"$COPY\" \"$SUB/$PART\"", in: submission, ["SUB": submission, "PART": Self.learnerPath, "COPY": copy])

        let report = try await Self.grade(submission, in: trusted, only: "failing-test", expecting: 1)
        let graded = try #require(report.exercises.first)
        #expect(graded.status != .passed && graded.points == 0)
        #expect(graded.problems.first?.message.contains("refused: \(Self.learnerPath) is a hard link (2 names for one file)") == true, "\(graded.problems)")
    }

    @Test("A sparse 400 MB file is refused by its size and never read, as a learner file and as a course file")
    func sparseFile() async throws {
        let trusted = try await Self.trustedCourse()
        let submission = try await Self.learnerWork(from: trusted, author: "Ada").path
        let courseFile = "Exercises/00-basics/failing-test/exercise.toml"
        let probe = Self.temporaryPath("probe")
        for path in ["\(submission)/\(Self.learnerPath)", "\(submission)/\(courseFile)", probe] {
            try Self.makeSparse(path, size: 400 << 20)
        }
        // Access times say whether a file was read: set to 1970 (POSIX `touch -t`), and the probe
        // shows that a read moves them on this file system (relatime updates an access time older
        // than the last change; on one that records no reads the check below holds trivially).
        let paths = ["SUB": submission, "LEARNER": Self.learnerPath, "COURSE": courseFile, "PROBE": probe]
        let accessTimes = "for f in \"$@\"; do stat -c %X \"$f\" 2>/dev/null || stat -f %a \"$f\"; done"
        try await Self.run("touch -a -t 197001020000 \"$SUB/$LEARNER\" \"$SUB/$COURSE\" \"$PROBE\"", in: submission, paths)
        let before = try await Self.run("set -- \"$SUB/$LEARNER\" \"$SUB/$COURSE\"; \(accessTimes)", in: submission, paths)
        let probeBefore = try await Self.run("set -- \"$PROBE\"; \(accessTimes)", in: submission, paths)
        let probeAfter = try await Self.run("head -c 1 \"$PROBE\" > /dev/null; set -- \"$PROBE\"; \(accessTimes)", in: submission, paths)

        let report = try await Self.grade(submission, in: trusted, only: "failing-test", expecting: 1)
        let graded = try #require(report.exercises.first)
        #expect(graded.status != .passed && graded.points == 0)
        #expect(graded.problems.first?.message.contains("refused: \(Self.learnerPath) is 400 MB") == true, "\(graded.problems)")
        #expect(report.submission?.flags.contains(SubmissionFlag(file: courseFile, change: .modified)) == true)
        let after = try await Self.run("set -- \"$SUB/$LEARNER\" \"$SUB/$COURSE\"; \(accessTimes)", in: submission, paths)
        #expect(after == before, "a 400 MB file was read (a read moves an access time here: \(probeBefore != probeAfter))")
    }

    // MARK: - printed text

    static let hostileAuthor = "Eve \u{1B}[2J\u{1B}]0;pwned\u{07} \u{9B}31m ::error::forged ##[add-mask]x \u{202E}evil"
    static let hostileMessage = "\u{1B}]8;;https://evil.example\u{07}work\u{1B}]8;;\u{07}\n::error file=a.swift::forged\n##[set-output name=x]y"
    static let hostileFiles = [
        "Exercises/\u{1B}[31mred.txt", "Exercises/evil\n::add-mask::secret.txt", "Exercises/::stop-commands::token", "Exercises/##[error]legacy.txt",
        "Exercises/evil\u{202E}txt.swift", "Exercises/back\rspace.txt",
    ]

    @Test("Author names, file names and commit messages with escapes and workflow commands are printed neutralised everywhere")
    func printedText() async throws {
        let trusted = try await Self.trustedCourse()
        let submission = try await Self.learnerWork(from: trusted, author: Self.hostileAuthor, extraFiles: Self.hostileFiles, message: Self.hostileMessage).path
        let reports = Self.temporaryPath("reports")
        try FileManager.default.createDirectory(atPath: reports, withIntermediateDirectories: true)
        let result = try await runActorlings(
            [
                "grade", "--submission", submission, "--only", "passing", "--report", "junit=\(reports)/grade.xml", "--report",
                "github=\(reports)/github.json", "--report", "json=\(reports)/grade.json",
            ], in: trusted)
        #expect(result.status == 0, "\(result.errors)")

        // The data is kept as it was…
        let report = try GradeReportFormat.decode(Data(contentsOf: URL(fileURLWithPath: "\(reports)/grade.json")))
        #expect(report.student.name?.contains("\u{1B}[2J") == true, "the test means nothing if git dropped the escapes")
        let flagged = Set((report.submission?.flags ?? []).map(\.file))
        #expect(flagged.isSuperset(of: Self.hostileFiles), "\(flagged)")
        // …and every place it is printed shows it harmlessly.
        #expect(result.output.contains("Student: Eve ␛[2J␛]0;pwned␇ \\u{9B}31m ::error::forged #›#[add-mask]x \\u{202E}evil"), "\(result.output)")
        #expect(result.output.contains("Exercises/evil␊::add-mask::secret.txt"))
        let printed = [
            ("the terminal", result.output + result.errors), ("JUnit", Self.text("\(reports)/grade.xml")),
            ("GitHub", Self.text("\(reports)/github.json")), ("JSON", Self.text("\(reports)/grade.json")),
        ]
        for (place, text) in printed { Self.expectHarmless(text, place) }

        // class grade: the terminal, class.csv and class.html.
        let output = Self.temporaryPath("class")
        let classRun = try await runActorlings(["class", "grade", submission, "--only", "passing", "--output-dir", output], in: trusted)
        #expect(classRun.status == 0, "\(classRun.errors)")
        for (place, text) in [
            ("class grade's terminal", classRun.output + classRun.errors), ("class.csv", Self.text("\(output)/class.csv")),
            ("class.html", Self.text("\(output)/class.html")),
        ] {
            Self.expectHarmless(text, place)
        }
        // `actorlings class` reading the report back prints it safely too.
        let summary = try await runActorlings(["class", "\(reports)/grade.json"], in: trusted)
        Self.expectHarmless(summary.output + summary.errors, "actorlings class")
    }

    static func expectHarmless(_ text: String, _ place: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let raw = text.unicodeScalars.filter { UntrustedText.isControl($0) && $0 != "\n" && $0 != "\t" }
        #expect(raw.isEmpty, "\(place) holds raw control characters \(raw.map { String($0.value, radix: 16) })", sourceLocation: sourceLocation)
        for line in text.split(separator: "\n") {
            #expect(
                !line.drop(while: \.isWhitespace).hasPrefix("::"), "\(place) has a line that starts a workflow command: \(line)", sourceLocation: sourceLocation
            )
            #expect(!line.contains("##["), "\(place) has a legacy workflow command: \(line)", sourceLocation: sourceLocation)
        }
    }

    // MARK: - report names in class grade

    @Test("Two students whose origins say the same name get two reports, each named after the instructor's argument")
    func originSpoofing() async throws {
        let trusted = try await Self.trustedCourse()
        let spoofed = "https://github.com/classroom/ada-repo.git"
        let parent = Self.temporaryPath("class-of")
        let ada = try await Self.learnerWork(from: trusted, author: "Ada", at: "\(parent)/a/ada", origin: spoofed, solved: true).path
        let bob = try await Self.learnerWork(from: trusted, author: "Ada", at: "\(parent)/a/bob", origin: spoofed, solved: false).path
        let otherAda = try await Self.learnerWork(from: trusted, author: "Ada", at: "\(parent)/b/ada", origin: spoofed, solved: false).path
        // One who attacks the grader as well, graded in the same run.
        let marker = try Self.markerProgram()
        let mallory = try await Self.learnerWork(
            from: trusted, author: "Mallory", at: "\(parent)/a/mallory", attack: Self.gitAttacks[0], marker: marker.program
        ).path

        let alone = try await Self.grade(ada, in: trusted, only: "failing-test,passing", expecting: 0)
        let output = Self.temporaryPath("class")
        let result = try await runActorlings(
            ["class", "grade", ada, bob, otherAda, mallory, "--only", "failing-test,passing", "--output-dir", output], in: trusted)
        #expect(result.status == 0, "\(result.errors)")
        let written = try FileManager.default.contentsOfDirectory(atPath: output).filter { $0.hasSuffix(".json") }.sorted()
        #expect(written == ["ada-2.json", "ada.json", "bob.json", "mallory.json"])
        #expect(result.output.contains("\(otherAda) is reported as ada-2.json: ada.json is \(ada)'s"), "\(result.output)")

        func report(_ label: String) throws -> GradeReport {
            try GradeReportFormat.decode(Data(contentsOf: URL(fileURLWithPath: "\(output)/\(label).json")))
        }
        // Each report is its own student's work; the origin stays as data.
        #expect(try report("ada").exercises.map(\.status) == alone.exercises.map(\.status))
        #expect(try report("ada").totals == alone.totals)
        #expect(try report("bob").exercises.first { $0.id == "failing-test" }?.status == .testsFailed)
        #expect(try report("ada-2").exercises.first { $0.id == "failing-test" }?.status == .testsFailed)
        #expect(try report("bob").student.repository == spoofed)
        #expect(!FileManager.default.fileExists(atPath: marker.ran))
        let csv = Self.text("\(output)/class.csv")
        let names = csv.split(separator: "\n").dropFirst().map { $0.split(separator: ",").prefix(2).joined(separator: ",") }.sorted()
        #expect(names == ["ada,ada", "ada-2,ada-2", "bob,bob", "mallory,mallory"])
    }

    // MARK: - fixtures

    /// The instructor's course: the fixture course, committed (the grader lists its files with git).
    static func trustedCourse() async throws -> String {
        let course = try await onOwnThread { try TestPaths.copyOfFixtureCourse() }
        try await commitAsShipped(course)
        return course
    }

    /// A file of `size` bytes with nothing written: a hole the file system does not store.
    static func makeSparse(_ path: String, size: UInt64) throws {
        guard FileManager.default.createFile(atPath: path, contents: nil) else { throw CocoaError(.fileWriteUnknown) }
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: size)
        try handle.close()
    }

    static func temporaryPath(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("actorlings-\(name)-\(UUID().uuidString)").path
    }

    /// A program that records that it ran, and where that record would appear.
    static func markerProgram() throws -> (program: String, ran: String) {
        let folder = temporaryPath("marker")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let program = folder + "/program.sh"
        try "#!/bin/sh\necho \"$0 $*\" >> \"\(folder)/RAN\"\n".write(toFile: program, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: program)
        return (program, folder + "/RAN")
    }

    /// A student's repository: the published template (no Solutions/), `failing-test` solved
    /// when asked, committed by `author`, with `attack` applied to its `.git`.
    static func learnerWork(
        from course: String, author: String, at path: String? = nil, origin: String = "https://x-access-token:ghs_SECRET@github.com/classroom/ada-repo.git",
        solved: Bool = false, attack: GitAttack? = nil, marker: String = "", extraFiles: [String] = [], bundled: Bool = false,
        message: String = "work"
    ) async throws -> (path: String, commit: String) {
        let submission = path ?? temporaryPath("submission")
        try await onOwnThread {
            try FileManager.default.createDirectory(atPath: submission, withIntermediateDirectories: true)
            for item in ["Exercises", "Lessons"] {
                try FileManager.default.copyItem(atPath: "\(course)/\(item)", toPath: "\(submission)/\(item)")
            }
            if solved {
                try FileManager.default.removeItem(atPath: "\(submission)/\(learnerPath)")
                try FileManager.default.copyItem(atPath: "\(course)/Solutions/00-basics/failing-test/Code.swift", toPath: "\(submission)/\(learnerPath)")
            }
            for file in extraFiles {
                try "x\n".write(toFile: "\(submission)/\(file)", atomically: false, encoding: .utf8)
            }
            for (file, text) in attack?.treeFiles ?? [:] {
                try text.write(toFile: "\(submission)/\(file)", atomically: false, encoding: .utf8)
            }
        }
        let environment = ["AUTHOR": author, "ORIGIN": origin, "MESSAGE": message]
        try await run(
            "git init -q && git remote add origin \"$ORIGIN\" && git add -A && git -c user.name=\"$AUTHOR\" -c user.email=a@example.com commit -q -m \"$MESSAGE\"",
            in: submission, environment)
        guard let attack else { return (submission, try await run("git rev-parse HEAD", in: submission)) }
        if let signature = attack.signature {
            // The same commit again, with a signature header for `log.showSignature` to check.
            try await run(
                """
                tree=$(git rev-parse 'HEAD^{tree}') && parent=$(git rev-parse HEAD) && \
                id=$(printf 'tree %s\\nparent %s\\nauthor %s <a@example.com> 1700000000 +0000\\ncommitter %s <a@example.com> 1700000000 +0000\\ngpgsig %s\\n abc\\n %s\\n\\nsigned\\n' \
                  "$tree" "$parent" "$AUTHOR" "$AUTHOR" "$BEGIN" "$END" | git hash-object -t commit -w --stdin) && \
                git update-ref "$(git symbolic-ref HEAD)" "$id"
                """, in: submission, environment.merging(["BEGIN": signature.begin, "END": signature.end]) { $1 })
        }
        // The commit as the attack leaves it, known before git could meet the attack's configuration.
        let commit = try await run("git rev-parse HEAD", in: submission)
        if bundled { try await run("git bundle create -q \"$BUNDLE\" --all", in: submission, ["BUNDLE": submission + ".bundle"]) }
        try await onOwnThread {
            let config = try String(contentsOfFile: "\(submission)/.git/config", encoding: .utf8)
            try (config + attack.config.replacingOccurrences(of: "MARKER", with: marker)).write(
                toFile: "\(submission)/.git/config", atomically: false, encoding: .utf8)
            for (file, text) in attack.gitFiles {
                let path = "\(submission)/.git/\(file)"
                try FileManager.default.createDirectory(atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path, withIntermediateDirectories: true)
                try text.replacingOccurrences(of: "MARKER", with: marker).write(toFile: path, atomically: false, encoding: .utf8)
                try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
            }
        }
        return (submission, commit)
    }

    /// `grade --submission` of `--only` exercises, its JSON report read back.
    static func grade(_ submission: String, in trusted: String, only: String, expecting status: Int32 = 0) async throws -> GradeReport {
        let output = temporaryPath("report") + ".json"
        let result = try await runActorlings(
            ["grade", "--submission", submission, "--only", only, "--format", "json", "--output", output], in: trusted)
        #expect(result.status == status, "\(result.output)\(result.errors)")
        return try GradeReportFormat.decode(Data(contentsOf: URL(fileURLWithPath: output)))
    }

    static func text(_ path: String) -> String {
        (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    }

    /// Runs a set-up script with `sh`; its output and errors, in the order printed, trimmed.
    @discardableResult
    static func run(_ script: String, in directory: String, _ environment: [String: String] = [:]) async throws -> String {
        let run = try await TestProcess.run("/bin/sh", ["-c", script], in: directory, environment: environment, standardError: .merged)
        let output = run.output.trimmingCharacters(in: .whitespacesAndNewlines)
        guard run.status == 0 else { throw SetUpError(script: script, output: output) }
        return output
    }

    struct SetUpError: Error, CustomStringConvertible {
        var script: String
        var output: String
        var description: String { "set-up failed: \(script)\n\(output)" }
    }
}
