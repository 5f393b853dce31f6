/// Usage text, written by hand so it reads like a person wrote it.
public enum HelpText {
    public static let overview = """
        actorlings — learn Swift 6 strict concurrency by fixing small programs.

        USAGE
          actorlings [COMMAND] [OPTIONS]

        With no command, in a terminal, actorlings watches your current exercise and checks it
        every time you save. Without a terminal it prints where you stand and exits.

        COMMANDS
          watch              Check the current exercise on every save (the default in a terminal)
          list               Show the journey and the state of every exercise
          check [ID|--all]   Check the current exercise, one exercise, or all of them
          hint [ID]          Show the next hint for an exercise
          lesson [ID|STEP]   Read the lesson of an exercise or a step
          reset ID [--undo]  Restore an exercise as shipped (your version is backed up; --undo restores it)
          solution ID        Show the reference solution once the exercise passes
          explain TEXT       Explain a Swift concurrency diagnostic (paste it, or give its group)
          explain --build    Build a Swift package and explain its concurrency diagnostics
          grade              Re-check everything and report points (for classrooms and CI)
          class REPORT.json… Combine students' grade reports into a class summary (text, CSV, HTML)
          class grade SUB…   Grade many students' submissions against this course, in parallel
                             (each by the course release it has, or --release REF)
          update [SOURCE]    Bring the course's fixes from its upstream; your exercise files stay yours
          doctor             Check this machine before a workshop: toolchain, build, disk, editor
          dev check          Verify the course (for course authors)
          dev mutants        Score each exercise's tests by the concurrency mistakes they catch
          dev generate       Regenerate Exercises/Package.swift, shipped.txt and test-references.txt
          dev benchmark [ID] Measure save→verdict against a bare swiftc compile + link + run
          help [COMMAND]     Show help for a command

        For instructors, outside the tool: Scripts/publish-template.sh pin | course | template
        publishes the course and the student template (`actorlings help class` says how).

        OPTIONS
          --color auto|always|never   Colour the output (default auto; NO_COLOR is honoured)
          --root PATH                 The Actorlings checkout (default: found from the current folder)
          -h, --help                  Show help
          --version                   Show the version

        EXIT CODES
          0 done or passed · 1 not passed yet · 64 usage error · 70 Actorlings could not run

        """

    /// The help of `command` (nil: the overview); the watch keys laid out for a terminal of
    /// `width` columns, at most 80.
    public static func text(for command: String?, width: Int = 80) -> String {
        switch command {
        case "watch":
            """
            actorlings watch

            Checks your current exercise every time you save one of its files, and reacts to keys:
            \(WatchKeys.helpLines(width: min(width, 80) - 1))
            """
        case "list":
            """
            actorlings list

            Shows every step and exercise with its state: ✔ passed, ✘ failing, · not checked yet,
            ▶ your current exercise, and a progress bar.

            """
        case "check":
            """
            actorlings check [ID | --all] [--replay SEED]

            Compiles the exercise and runs its tests. It passes with zero errors, zero warnings and
            every test green. Exit code 0 when everything checked passed, 1 otherwise.

              ID      an exercise id (see `actorlings list`); default: your current exercise
              --all   check every exercise in order
              --all-diagnostics
                      show every diagnostic, not only the first three (also for watch mode:
                      `actorlings --all-diagnostics`)
              --replay SEED
                      run exactly the schedule a failing verdict named ("seed 8121") again,
                      in the tests that explore interleavings

            """
        case "hint":
            """
            actorlings hint [ID]

            Shows the next hint for the exercise (default: your current one), chosen for what your
            code does now: a hint written for your last check's error or failing test comes first,
            then the general hints, each more concrete than the last; all shown so far are repeated.

            """
        case "lesson":
            """
            actorlings lesson [ID | STEP]

            Shows a lesson in the terminal. With an exercise id, the lesson of its step, starting
            at the section that teaches it; with a step number, that step's lesson. Long lessons
            open in a pager ($PAGER, default less) when the output is a terminal.

            """
        case "reset":
            """
            actorlings reset ID [--yes]
            actorlings reset ID --undo

            Restores the exercise's files exactly as shipped, even if you committed changes. Your
            current files are first copied to .actorlings/backups/. In a terminal you are asked to
            confirm; otherwise pass --yes. `--undo` puts back the version the last reset backed up
            (what is there then is backed up first, so an undo can be undone by hand too).

            """
        case "solution":
            """
            actorlings solution ID

            Once the exercise passes, shows the reference solution and how it differs from yours.

            """
        case "explain":
            """
            actorlings explain TEXT…
            actorlings explain < build.log
            actorlings explain --build [--survey] [PATH]

            Explains Swift concurrency diagnostics: what they mean in terms of isolation domains,
            the fixes in the order to try them, the tempting wrong fix, and where the course
            teaches it. TEXT is a pasted diagnostic (quote it), a message, a run-time report, or a
            group such as SendingRisksDataRace. Without TEXT, reads standard input.

            With --build, builds the Swift package at PATH (default: the current folder) in
            .build/actorlings-explain, kept for its dependencies while the package's own modules
            are compiled again, so every warning is seen; explains each concurrency diagnostic
            with its notes and source, repeats of one shape folded into a pattern. --survey
            builds in Swift 5 mode with complete checking, where every concurrency problem is a
            warning and none hides behind another. The exit code is the build's.

            """
        case "grade":
            """
            actorlings grade [--submission PATH [--release REF]] [--step N] [--only ID,…] [--format F]
                             [--output FILE] [--report F=FILE] [--min-score P] [--jobs N] [--no-sandbox]

            Re-checks every counted exercise from scratch — progress is never trusted — and reports
            each one's status (passed, tests-failed, compile-failed, timed-out, crashed, forbidden,
            tests-edited), reason, points and duration. Files close to the reference solution are
            flagged `copied-solution` for the instructor, not failed. Needs no terminal.

            With --submission PATH, this checkout is the trusted course: its tests, points, pacing,
            forbidden constructs and settings decide the grade, and only each exercise's learner
            files are taken from PATH. They are those of the course release PATH has — the tag its
            student workflow names as `course-ref` — or of --release REF, read from this checkout's
            git history (never from PATH), so a student still on v1 gets v1's tests and maximum.
            Anything else in PATH that differs from that release (tests, course data, tool sources,
            workflow) is listed for the instructor and never changes the score.

              --submission PATH  grade that checkout's learner files against this course
              --release REF   judge it by this release (a tag or commit of this checkout) instead
              --step N        count only these steps (repeatable, or 1,2)
              --only ID,…     count only these exercises
              --format F      text (default), json, junit or github (GitHub Classroom)
              --output FILE   write the report there (the text summary still goes to the terminal)
              --report F=FILE write another format from the same run too (repeatable), e.g. junit=grade.xml
              --min-score P   exit 0 when at least P percent of the points are earned
              --jobs N        check N exercises at once (default: one more than the cores)
              --test-cache DIR  keep compiled tests in DIR and reuse them (content-addressed;
                              with --submission the default is this checkout's .actorlings/test-objects)
              --no-sandbox    grade a submission on a machine that cannot sandbox its tests (the
                              report records it; without it such a grade is refused)

            Exit code 0 when everything counted passes (or the score reaches --min-score), 1 otherwise,
            64 for a submission that does not exist, is not a checkout of this course, or names a
            release this checkout has no tag or commit for (`git fetch --tags` brings them). When
            grading fails, a GitHub Classroom report still gets zero points and the reason.
            The JSON format is documented in Documentation/GradeReport.md.

            """
        case "class":
            """
            actorlings class REPORT.json… [--format text|csv|html] [--output FILE]
            actorlings class grade SUBMISSION… [--output-dir DIR] [--jobs N] [--step N] [--only ID,…]
                                   [--release REF] [--no-sandbox]

            Combines students' `actorlings grade --format json` reports into a class summary: who
            is stuck where (each student's first exercise not passed), a table of students ×
            exercises sorted by progress (text or CSV), or one self-contained HTML page with the
            same heatmap, the compile diagnostics of started exercises and the reports to look at
            (changed course files, copied solutions, a score that does not add up). An exercise
            whose files are unchanged from the course shows as not started. A file that is not a
            readable grade report is named with what is wrong; the others still count (exit code 1
            when any file was skipped). Works anywhere: it needs no course checkout.

            `class grade`, run in a trusted checkout of the course, grades every submission (a
            folder, a git repository or URL, or a git bundle, cloned first) as `grade --submission`
            does, N exercise checks at a time (default: one more than the cores), sharing compiled
            tests between students whose exercise interface is the same. It writes one JSON report
            per student, class.html and class.csv to DIR (default: grades) and prints the summary.
            Each submission is judged by the course release it has (the `course-ref` its student
            workflow names): that release's tests, exercises and points, from this checkout's git
            history, so a student who has not updated yet is neither failed by new tests nor
            flagged. --release REF judges everyone by that release instead (a REF this checkout
            lacks stops the run). --step and --only count only those steps or exercises, as `grade`
            does. A submission that cannot be graded (not cloned, not a checkout of this course, a
            release this checkout lacks) is named with the reason; the others still are.
            --no-sandbox grades on a machine that cannot sandbox the tests; every report says so.

            Publishing, in your private copy of the course (Documentation/Classroom.md):
              Scripts/publish-template.sh pin OWNER/REPO TAG        the student workflow grades with TAG
              Scripts/publish-template.sh course PUBLISHED_DIR TAG  one commit, tagged TAG (here too),
                                                                    whose history never held Solutions/
              Scripts/publish-template.sh template OUTPUT_DIR       the template GitHub Classroom copies

            """
        case "dev":
            """
            actorlings dev check [ID…|LESSON] [--only ID]
            actorlings dev mutants [ID…]
            actorlings dev generate
            actorlings dev benchmark [ID] [--runs N]

            For course authors. `dev check` verifies the course: every exercise fails as shipped
            for its declared reason, every solution passes with zero warnings and no forbidden
            construct, every wrong fix of its corpus is rejected as declared and every also-correct
            answer passes, every lesson's Swift code compiles (or fails as it says, or prints what
            its `output` block shows), and the generated files are up to date; `dev check
            06-patterns` checks one lesson. `dev mutants` applies concurrency mutation operators
            to each reference solution, checks every mutant as a learner's answer, and prints each
            exercise's mutation score: a mutant that survives or only hangs must be killed by a
            test or declared [[equivalent-mutant]] in the corpus. `dev generate` rewrites
            Exercises/Package.swift and Exercises/shipped.txt from the course definition, and
            Exercises/test-references.txt (what each exercise's tests use of its reference
            solution, which it compiles). `dev benchmark` measures save→verdict on a scratch copy
            of one exercise (its solution, edited N times each way) against a bare swiftc
            compile + link + run of the same files, and prints medians.

            """
        case "doctor":
            """
            actorlings doctor [--min-free-mb N] [--no-build]

            The pre-flight check for the night before a workshop: the Swift toolchain is found and
            new enough, git is there, enough disk space is free (default 1024 MB), the editor set-up
            (Exercises/Package.swift current, sourcekit-lsp present), the tool builds
            (`swift build`; --no-build skips it), and the first exercise checks. Each failure says
            what to do. Exit code 0 when nothing failed.

            A toolchain too old for the package manifest stops `swift run` before this tool starts;
            Scripts/preflight.sh checks the version without SwiftPM and then runs doctor.

            """
        case "update":
            """
            actorlings update [SOURCE]
            actorlings update --undo

            Brings the course's new lessons, tests, course data, pacing and tool from its upstream:
            a git URL, the path of a checkout, or a git bundle (offline). The first update names
            SOURCE; later ones reuse it. Histories need not be related (a GitHub Classroom copy works).

            Your exercise files are never overwritten: when the course changed an exercise you have
            started, yours stays and the course's new version is saved next to the backup with
            the difference shown. An exercise you have not started is replaced by the new one.
            Everything replaced is backed up; `update --undo` puts the last update back.

            """
        case "help":
            """
            actorlings help [COMMAND]

            Shows help for a command.

            """
        default: overview
        }
    }
}
