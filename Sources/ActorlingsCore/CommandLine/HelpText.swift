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
          reset ID           Restore an exercise as shipped (your version is backed up)
          solution ID        Show the reference solution once the exercise passes
          dev check          Verify the course (for course authors)
          dev generate       Regenerate Exercises/Package.swift and Exercises/shipped.txt
          help [COMMAND]     Show help for a command

        OPTIONS
          --color auto|always|never   Colour the output (default auto; NO_COLOR is honoured)
          --root PATH                 The Actorlings checkout (default: found from the current folder)
          -h, --help                  Show help
          --version                   Show the version

        EXIT CODES
          0 done or passed · 1 not passed yet · 64 usage error · 70 Actorlings could not run

        """

    public static func text(for command: String?) -> String {
        switch command {
        case "watch": """
            actorlings watch

            Checks your current exercise every time you save one of its files, and reacts to keys:
              h  show the next hint        l  list the journey
              n  next exercise (once this one passes)
              r  re-run the check          s  show the lesson section
              q  quit (Ctrl-C works too)

            """
        case "list": """
            actorlings list

            Shows every step and exercise with its state: ✔ passed, ✘ failing, · not checked yet,
            ▶ your current exercise, and a progress bar.

            """
        case "check": """
            actorlings check [ID | --all]

            Compiles the exercise and runs its tests. It passes with zero errors, zero warnings and
            every test green. Exit code 0 when everything checked passed, 1 otherwise.

              ID      an exercise id (see `actorlings list`); default: your current exercise
              --all   check every exercise in order

            """
        case "hint": """
            actorlings hint [ID]

            Shows the next hint for the exercise (default: your current one). Each hint is more
            concrete than the last; all hints shown so far are repeated.

            """
        case "lesson": """
            actorlings lesson [ID | STEP]

            Shows a lesson in the terminal. With an exercise id, the lesson of its step, starting
            at the section that teaches it; with a step number, that step's lesson. Long lessons
            open in a pager ($PAGER, default less) when the output is a terminal.

            """
        case "reset": """
            actorlings reset ID [--yes]

            Restores the exercise's files exactly as shipped, even if you committed changes. Your
            current files are first copied to .actorlings/backups/. In a terminal you are asked to
            confirm; otherwise pass --yes.

            """
        case "solution": """
            actorlings solution ID

            Once the exercise passes, shows the reference solution and how it differs from yours.

            """
        case "dev": """
            actorlings dev check [--only ID]
            actorlings dev generate
            actorlings dev benchmark [ID] [--runs N]

            For course authors. `dev check` verifies the course: every exercise fails as shipped
            for its declared reason, every solution passes with zero warnings and no forbidden
            construct, every lesson's Swift code compiles (or fails as it says), and the generated
            files are up to date. `dev generate` rewrites Exercises/Package.swift and
            Exercises/shipped.txt from the course definition. `dev benchmark` measures
            save→verdict on a scratch copy of one exercise (its solution, edited N times each way)
            against a bare swiftc compile + link + run of the same files, and prints medians.

            """
        case "help": """
            actorlings help [COMMAND]

            Shows help for a command.

            """
        default: overview
        }
    }
}
