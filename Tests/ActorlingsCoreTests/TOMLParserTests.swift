import Testing

@testable import ActorlingsCore

/// The value of `v` in a one-line document `v = <text>`.
private func value(of text: String) throws -> TOMLValue {
    let table = try TOMLParser.parse("v = \(text)")
    return try #require(table["v"]).value
}

private func parseError(_ text: String) throws -> TOMLError {
    try #require(throws: TOMLError.self) { try TOMLParser.parse(text) }
}

/// The example `course.toml` of `Documentation/CourseFormat.md`, verbatim.
private let courseSample = #"""
    format = 1                      # the version of this format; a newer one asks to update Actorlings
    title = "Actorlings"
    version = "0.1.0"               # the course's own version, shown in reports
    minimum-swift = "6.2"           # the oldest toolchain that can build the course
    forbid = ["unchecked-sendable", "nonisolated-unsafe"]   # forbidden in every exercise by default

    [[construct]]                   # a construct an exercise may forbid
    id = "unchecked-sendable"
    syntax = "@unchecked Sendable" # tokens; white space between them may vary; comments and strings never match
    why = "It silences the compiler without making the type safe to share."
    instead = "Make the type a value type, an actor, or protect its state with Mutex or Atomic."

    [[step]]
    number = 1                      # steps are numbered from 0 without gaps
    id = "single-threaded"          # the folder is "01-single-threaded", the lesson "Lessons/01-single-threaded.md"
    title = "Single-threaded"
    exercises = ["main-actor-mode", "opting-out"]   # the order the learner meets them

    """#

/// The example `exercise.toml` of `Documentation/CourseFormat.md`, verbatim.
private let exerciseSample = #"""
    title = "Main actor mode"       # shown in lists and verdicts
    section = "main-actor-mode"     # the slug of the lesson heading that teaches it
    files = ["PhotoFeed.swift"]     # the files of Sources/ the learner edits (all of them)
    time-limit = 10                 # seconds for the test run; optional, default 10
    forbid = ["dispatch-queue"]     # optional: forbidden on top of the course's list
    allow = []                      # optional: taken off the course's list (an exercise about them)
    hints = [
      """First hint: where to look.""",
      """Second hint: what to change.""",
      """Third hint: nearly the answer.""",
    ]
    after = """What to remember once it passes."""

    [settings]                      # the compiler settings; both the engine and Package.swift use them
    swift-version = 6               # 6, or 5 (then strict-concurrency applies)
    default-isolation = "MainActor" # or "nonisolated" (the default)
    upcoming-features = ["NonisolatedNonsendingByDefault", "InferIsolatedConformances"]
    strict-concurrency = "complete" # only with swift-version = 5: "minimal", "targeted" or "complete"
    sanitizer = "thread"            # optional: run the tests under Thread Sanitizer

    [expect]                        # why the shipped exercise fails: exactly one of the two kinds
    diagnostic = "ActorIsolatedCall"  # compile: a diagnostic group (without '#') or the compiler's internal id …
    message = "can not be mutated"    # … and/or a piece of an error's message
    # tests = ["loadsTheFeed()"]      # tests: the named tests fail (names as Swift Testing prints them)

    """#

@Suite("TOML parser: documents, keys and scalars")
struct TOMLDocumentTests {
    @Test("an empty file, or one of only comments and blank lines, is an empty root table")
    func emptyDocuments() throws {
        #expect(try TOMLParser.parse("") == TOMLTable(line: 1, entries: []))
        #expect(try TOMLParser.parse("# only a comment\n\n   \n\t# another\n") == TOMLTable())
    }

    @Test("each key keeps its value, its line and its place in the file")
    func scalarsWithLines() throws {
        let table = try TOMLParser.parse(
            """
            # The course.

            format = 1            # a comment after a value
            title = "Actorlings"
            strict = true
            lenient = false
            """
        )
        #expect(table.line == 1)
        #expect(
            table.entries == [
                TOMLEntry(key: "format", value: .integer(1), line: 3),
                TOMLEntry(key: "title", value: .string("Actorlings"), line: 4),
                TOMLEntry(key: "strict", value: .boolean(true), line: 5),
                TOMLEntry(key: "lenient", value: .boolean(false), line: 6),
            ]
        )
        #expect(table.keys == ["format", "title", "strict", "lenient"])
        #expect(table["title"]?.line == 4)
        #expect(table["missing"] == nil)
    }

    @Test(
        "bare and quoted keys",
        arguments: [
            ("minimum-swift = 1", "minimum-swift"),
            ("snake_case_2 = 1", "snake_case_2"),
            ("1234 = 1", "1234"),
            ("\"my key\" = 1", "my key"),
            ("\"a.b\" = 1", "a.b"),
            ("'literal \\ key' = 1", "literal \\ key"),
            ("\"\" = 1", ""),
            ("\"caf\\u00E9\" = 1", "café"),
            ("  \tindented=1", "indented"),
        ])
    func keys(source: String, key: String) throws {
        let table = try TOMLParser.parse(source)
        #expect(table.keys == [key])
        #expect(table[key]?.value == .integer(1))
    }

    @Test("booleans", arguments: [("true", true), ("false", false)])
    func booleans(text: String, expected: Bool) throws {
        #expect(try value(of: text) == .boolean(expected))
    }

    @Test(
        "integers: sign, underscores between digits, the full 64-bit range",
        arguments: [
            ("0", 0), ("+0", 0), ("-0", 0), ("42", 42), ("+17", 17), ("-17", -17),
            ("1_000", 1000), ("5_349_221", 5_349_221),
            ("9223372036854775807", Int.max), ("-9223372036854775808", Int.min),
        ])
    func integers(text: String, expected: Int) throws {
        #expect(try value(of: text) == .integer(expected))
    }

    @Test("a UTF-8 byte-order mark at the start is skipped")
    func byteOrderMark() throws {
        #expect(try TOMLParser.parse("\u{FEFF}a = 1\n") == TOMLParser.parse("a = 1\n"))
        let error = try parseError("\u{FEFF}= 1")
        #expect(error.line == 1)
        #expect(error.column == 1)
    }

    @Test("CRLF line endings parse exactly like LF")
    func crlf() throws {
        for sample in [courseSample, exerciseSample] {
            let crlf = sample.replacing("\n", with: "\r\n")
            #expect(crlf.contains("\r\n"))
            #expect(try TOMLParser.parse(crlf) == TOMLParser.parse(sample))
        }
        let text = "a = \"\"\"\r\none\r\ntwo \\\r\n  three\"\"\"\r\nb = '''\r\nx\r\ny'''\r\n"
        let table = try TOMLParser.parse(text)
        #expect(table["a"]?.value == .string("one\ntwo three"))
        #expect(table["b"]?.value == .string("x\ny"))
        #expect(table["b"]?.line == 5)
    }

    @Test(
        "TOMLValue's type names and accessors",
        arguments: [
            (TOMLValue.string("s"), "string", "a string"),
            (.integer(1), "integer", "an integer"),
            (.boolean(true), "boolean", "a boolean"),
            (.array([]), "array", "an array"),
            (.table(TOMLTable()), "table", "a table"),
        ])
    func typeNames(value: TOMLValue, name: String, withArticle: String) {
        #expect(value.typeName == name)
        #expect(value.typeNameWithArticle == withArticle)
        #expect((value.stringValue != nil) == (name == "string"))
        #expect((value.integerValue != nil) == (name == "integer"))
        #expect((value.booleanValue != nil) == (name == "boolean"))
        #expect((value.arrayValue != nil) == (name == "array"))
        #expect((value.tableValue != nil) == (name == "table"))
    }

    @Test("an error describes itself with its line and column")
    func errorDescription() {
        let error = TOMLError(line: 3, column: 9, message: "expected '=' after key 'title'")
        #expect(error.description == "line 3, column 9: expected '=' after key 'title'")
    }
}

@Suite("TOML parser: strings")
struct TOMLStringTests {
    @Test(
        "escapes in basic strings",
        arguments: [
            (#""say \"hi\"""#, "say \"hi\""),
            (#""back\\slash""#, "back\\slash"),
            (#""one\ntwo""#, "one\ntwo"),
            (#""a\tb""#, "a\tb"),
            (#""a\rb""#, "a\rb"),
            (#""\b\f""#, "\u{08}\u{0C}"),
            (#""caf\u00e9""#, "café"),
            (#""\U0001F600!""#, "😀!"),
        ])
    func escapes(text: String, expected: String) throws {
        #expect(try value(of: text) == .string(expected))
    }

    @Test("what is in quotes is text, comments and all")
    func hashInsideString() throws {
        #expect(try value(of: ##""# not a comment" # a comment"##) == .string("# not a comment"))
        #expect(try value(of: "\"\"") == .string(""))
        #expect(try value(of: "\"tab\there\"") == .string("tab\there"))
    }

    @Test("literal strings keep backslashes and double quotes as written")
    func literalStrings() throws {
        #expect(try value(of: #"'C:\Users\n "quoted"'"#) == .string(#"C:\Users\n "quoted""#))
        #expect(try value(of: "''") == .string(""))
    }

    @Test(
        "multi-line basic strings",
        arguments: [
            // A line break right after the opening delimiter is trimmed…
            ("\"\"\"\nline one\nline two\"\"\"", "line one\nline two"),
            // …but only that one.
            ("\"\"\"\n\nafter a blank line\n\"\"\"", "\nafter a blank line\n"),
            ("\"\"\"one\ntwo\"\"\"", "one\ntwo"),
            // A line-ending backslash trims the break and the white space after it, blank lines included.
            ("\"\"\"\nThe quick \\\n    brown \\   \n\n  fox\"\"\"", "The quick brown fox"),
            ("\"\"\"He said \"hi\" and \"\"bye\"\".\"\"\"", "He said \"hi\" and \"\"bye\"\"."),
            // Up to two quotes may sit just inside the closing delimiter.
            ("\"\"\"ends with two quotes\"\"\"\"\"", "ends with two quotes\"\""),
            ("\"\"\"tab\\tand \\u00E9\\\\\"\"\"", "tab\tand é\\"),
            ("\"\"\"\"\"\"", ""),
        ])
    func multilineBasic(text: String, expected: String) throws {
        #expect(try value(of: text) == .string(expected))
    }

    @Test(
        "multi-line literal strings",
        arguments: [
            ("'''\nC:\\path\\n\n  kept as written  '''", "C:\\path\\n\n  kept as written  "),
            ("'''it's \"fine\"'''", "it's \"fine\""),
            ("'''x'''''", "x''"),
            ("'''\\\n'''", "\\\n"),
        ])
    func multilineLiteral(text: String, expected: String) throws {
        #expect(try value(of: text) == .string(expected))
    }

    @Test("lines are counted inside multi-line strings")
    func linesAfterMultilineStrings() throws {
        let table = try TOMLParser.parse("a = \"\"\"\n1\n2\n\"\"\"\nb = '''\n3\n'''\nc = 1")
        #expect(table["a"]?.line == 1)
        #expect(table["b"]?.line == 5)
        #expect(table["c"]?.line == 8)
    }
}

@Suite("TOML parser: arrays")
struct TOMLArrayTests {
    @Test("empty arrays", arguments: ["[]", "[ ]", "[\n]", "[ # nothing yet\n]"])
    func empty(text: String) throws {
        #expect(try value(of: text) == .array([]))
    }

    @Test("arrays on one line, nested, or of mixed types")
    func shapes() throws {
        #expect(try value(of: #"["a", 'b']"#) == .array([.string("a"), .string("b")]))
        #expect(try value(of: "[1,2,3,]") == .array([.integer(1), .integer(2), .integer(3)]))
        #expect(
            try value(of: #"[[1, 2], [], ["x"]]"#)
                == .array([.array([.integer(1), .integer(2)]), .array([]), .array([.string("x")])])
        )
        #expect(try value(of: #"[1, "two", true]"#) == .array([.integer(1), .string("two"), .boolean(true)]))
    }

    @Test("an array may span lines, hold comments and end with a comma")
    func multiline() throws {
        let table = try TOMLParser.parse(
            """
            forbid = [   # what no exercise may use
              "unchecked-sendable",  # silences the checker

              # a comment line inside
              "nonisolated-unsafe",
            ]
            next = 1
            """
        )
        #expect(table["forbid"]?.value == .array([.string("unchecked-sendable"), .string("nonisolated-unsafe")]))
        #expect(table["forbid"]?.line == 1)
        #expect(table["next"]?.line == 7)
    }
}

@Suite("TOML parser: tables and arrays of tables")
struct TOMLTableTests {
    @Test("keys before the first header belong to the file; keys after it, to the table")
    func headers() throws {
        let table = try TOMLParser.parse("title = \"x\"\n\n[settings]\nswift-version = 6\n\n[expect]\nmessage = \"m\"")
        #expect(table.keys == ["title", "settings", "expect"])
        let settingsEntry = try #require(table["settings"])
        #expect(settingsEntry.line == 3)
        let settings = try #require(settingsEntry.value.tableValue)
        #expect(settings == TOMLTable(line: 3, entries: [TOMLEntry(key: "swift-version", value: .integer(6), line: 4)]))
        #expect(table["expect"]?.value.tableValue?["message"]?.line == 7)
    }

    @Test("a dotted header creates the tables it names")
    func dottedHeader() throws {
        let table = try TOMLParser.parse("[a.b]\nx = 1\n[a.c]\ny = 2")
        let a = try #require(table["a"]?.value.tableValue)
        #expect(a.line == 1)
        #expect(a.keys == ["b", "c"])
        #expect(a["b"]?.value == .table(TOMLTable(line: 1, entries: [TOMLEntry(key: "x", value: .integer(1), line: 2)])))
        #expect(a["c"]?.line == 3)
    }

    @Test("a table created by [a.b] may still get its own [a] header, which gives it its line")
    func implicitThenExplicit() throws {
        let table = try TOMLParser.parse("[a.b]\nx = 1\n\n[a]\ny = 2")
        let entry = try #require(table["a"])
        #expect(entry.line == 4)
        let a = try #require(entry.value.tableValue)
        #expect(a.line == 4)
        #expect(a.keys == ["b", "y"])
        #expect(a["y"]?.line == 5)
    }

    @Test("[a] then [a.b] nests b in a")
    func explicitThenChild() throws {
        let table = try TOMLParser.parse("[a]\nx = 1\n[a.b]\ny = 2")
        let a = try #require(table["a"]?.value.tableValue)
        #expect(a.keys == ["x", "b"])
        #expect(a["b"]?.value.tableValue?.line == 3)
    }

    @Test("header parts may be quoted and surrounded by spaces")
    func quotedHeaderParts() throws {
        let table = try TOMLParser.parse("[ a . \"b.c\" ]\nx = 1\n['my table']\ny = 2")
        #expect(table["a"]?.value.tableValue?["b.c"]?.value.tableValue?["x"]?.value == .integer(1))
        #expect(table["my table"]?.value.tableValue?["y"]?.value == .integer(2))
    }

    @Test("the same key may appear in different tables")
    func sameKeyInDifferentTables() throws {
        let table = try TOMLParser.parse("id = 0\n[a]\nid = 1\n[b]\nid = 2")
        #expect(table["id"]?.value == .integer(0))
        #expect(table["a"]?.value.tableValue?["id"]?.value == .integer(1))
        #expect(table["b"]?.value.tableValue?["id"]?.value == .integer(2))
    }

    @Test("each [[header]] appends a table with its own line to the array")
    func arrayOfTables() throws {
        let table = try TOMLParser.parse("[[step]]\nid = \"a\"\n\n[[step]]\nid = \"b\"\n[[step]]")
        let entry = try #require(table["step"])
        #expect(entry.line == 1)
        #expect(
            entry.value
                == .array([
                    .table(TOMLTable(line: 1, entries: [TOMLEntry(key: "id", value: .string("a"), line: 2)])),
                    .table(TOMLTable(line: 4, entries: [TOMLEntry(key: "id", value: .string("b"), line: 5)])),
                    .table(TOMLTable(line: 6, entries: [])),
                ])
        )
    }

    @Test("[a.b] and [[a.b]] after [[a]] go into the last element of a")
    func subTablesOfLastElement() throws {
        let table = try TOMLParser.parse(
            """
            [[step]]
            id = "one"
            [step.extra]
            x = 1
            [[step]]
            id = "two"
            [step.extra]
            x = 2
            [[step.exercise]]
            id = "e1"
            [[step.exercise]]
            id = "e2"
            """
        )
        let steps = try #require(table["step"]?.value.arrayValue)
        #expect(steps.count == 2)
        let first = try #require(steps.first?.tableValue)
        let second = try #require(steps.last?.tableValue)
        #expect(first.keys == ["id", "extra"])
        #expect(first["extra"]?.value.tableValue?["x"]?.value == .integer(1))
        #expect(second.keys == ["id", "extra", "exercise"])
        #expect(second["extra"]?.value.tableValue == TOMLTable(line: 7, entries: [TOMLEntry(key: "x", value: .integer(2), line: 8)]))
        let exercises = try #require(second["exercise"]?.value.arrayValue)
        #expect(exercises.map { $0.tableValue?.line } == [9, 11])
        #expect(exercises.map { $0.tableValue?["id"]?.value } == [.string("e1"), .string("e2")])
    }

    @Test("the course.toml example of CourseFormat.md")
    func courseExample() throws {
        let course = try TOMLParser.parse(courseSample)
        #expect(course.keys == ["format", "title", "version", "minimum-swift", "forbid", "construct", "step"])
        #expect(course["format"]?.value == .integer(1))
        #expect(course["minimum-swift"]?.value == .string("6.2"))
        #expect(course["forbid"]?.value == .array([.string("unchecked-sendable"), .string("nonisolated-unsafe")]))
        let construct = try #require(course["construct"]?.value.arrayValue?.first?.tableValue)
        #expect(construct.line == 7)
        #expect(construct["syntax"] == TOMLEntry(key: "syntax", value: .string("@unchecked Sendable"), line: 9))
        let step = try #require(course["step"]?.value.arrayValue?.first?.tableValue)
        #expect(step.line == 13)
        #expect(step.keys == ["number", "id", "title", "exercises"])
        #expect(step["exercises"]?.line == 17)
    }

    @Test("the exercise.toml example of CourseFormat.md")
    func exerciseExample() throws {
        let exercise = try TOMLParser.parse(exerciseSample)
        #expect(
            exercise.keys == [
                "title", "section", "files", "time-limit", "forbid", "allow", "hints", "after", "settings", "expect",
            ]
        )
        #expect(exercise["allow"]?.value == .array([]))
        #expect(
            exercise["hints"]?.value
                == .array([
                    .string("First hint: where to look."),
                    .string("Second hint: what to change."),
                    .string("Third hint: nearly the answer."),
                ])
        )
        #expect(exercise["after"]?.line == 12)
        let settings = try #require(exercise["settings"]?.value.tableValue)
        #expect(settings.line == 14)
        #expect(settings["default-isolation"] == TOMLEntry(key: "default-isolation", value: .string("MainActor"), line: 16))
        let expect = try #require(exercise["expect"]?.value.tableValue)
        #expect(expect.keys == ["diagnostic", "message"])
        #expect(expect["message"]?.line == 23)
    }
}

/// A file that must be refused, where, and a piece of what the message must say.
struct TOMLErrorCase: Sendable, CustomTestStringConvertible {
    var name: String
    var source: String
    var line: Int
    var column: Int
    var message: String

    init(_ name: String, _ source: String, line: Int, column: Int, _ message: String) {
        self.name = name
        self.source = source
        self.line = line
        self.column = column
        self.message = message
    }

    var testDescription: String { name }
}

@Suite("TOML parser: errors")
struct TOMLErrorTests {
    static let duplicates: [TOMLErrorCase] = [
        .init(
            "duplicate key", "title = \"a\"\nformat = 1\ntitle = \"b\"", line: 3, column: 1,
            "duplicate key 'title': it is already set on line 1"),
        .init(
            "duplicate key in a table", "[settings]\nswift-version = 6\n\nswift-version = 5", line: 4, column: 1,
            "duplicate key 'swift-version': it is already set on line 2"),
        .init("duplicate key, once quoted", "\"a\" = 1\na = 2", line: 2, column: 1, "duplicate key 'a'"),
        .init(
            "key that is already a table", "[a.b]\n[a]\nb = 1", line: 3, column: 1,
            "duplicate key 'b': it is already a table, from the header on line 1"),
        .init(
            "key that is already an array of tables", "[[a.b]]\n[a]\nb = 1", line: 3, column: 1,
            "duplicate key 'b': it is already an array of tables, from the header on line 1"),
        .init(
            "duplicate table", "[settings]\na = 1\n[expect]\n[settings]", line: 4, column: 1,
            "duplicate table [settings]: it is already defined on line 1"),
        .init(
            "duplicate dotted table", "[a.b]\n[a.b]", line: 2, column: 1,
            "duplicate table [a.b]: it is already defined on line 1"),
        .init(
            "implicit table defined twice", "[a.b]\n[a]\n[a]", line: 3, column: 1,
            "duplicate table [a]: it is already defined on line 2"),
        .init(
            "key redefined as a table", "a = 1\n[a]", line: 2, column: 1,
            "key 'a' is already set on line 1 (an integer), so it can't also be the table [a]"),
        .init(
            "key used as a parent table", "a = \"x\"\n[a.b]", line: 2, column: 2,
            "'a' is already a string, set on line 1, so the header [a.b] can't use it as a table"),
        .init(
            "table, then array of tables", "[a]\n[[a]]", line: 2, column: 1,
            "[[a]] can't add an element to 'a': it is a table, from the header on line 1"),
        .init(
            "array of tables, then table", "[[a]]\n[a]", line: 2, column: 1,
            "[a] is already an array of tables, started on line 1; write [[a]] to add another element"),
        .init(
            "plain array, then array of tables", "a = [1]\n[[a]]", line: 2, column: 1,
            "[[a]] can't add an element to 'a': it is a plain array, set on line 1"),
        .init(
            "key redefined as an array of tables", "a = true\n[[a]]", line: 2, column: 1,
            "key 'a' is already set on line 1 (a boolean), so it can't also be the array of tables [[a]]"),
    ]

    static let strings: [TOMLErrorCase] = [
        .init(
            "unterminated basic string", "title = \"Actorlings\nformat = 1", line: 1, column: 9,
            "this string is not closed on its line; end it with '\"'"),
        .init(
            "unterminated literal string", "a = 'abc", line: 1, column: 5,
            "this literal string is not closed on its line"),
        .init(
            "unterminated multi-line basic string", "a = 1\nb = \"\"\"\nabc\n", line: 2, column: 5,
            "this multi-line string is never closed; end it with \"\"\""),
        .init(
            "unterminated multi-line literal string", "b = '''abc", line: 1, column: 5,
            "this multi-line literal string is never closed; end it with '''"),
        .init("invalid escape", #"a = "C:\path""#, line: 1, column: 8, "invalid escape: '\\p'; valid escapes are"),
        .init(
            "short \\u escape", #"a = "\u12""#, line: 1, column: 6,
            "invalid escape: \\u needs exactly 4 hexadecimal digits"),
        .init(
            "short \\U escape", #"a = "\U0001F6""#, line: 1, column: 6,
            "invalid escape: \\U needs exactly 8 hexadecimal digits"),
        .init("surrogate escape", #"a = "\uD800""#, line: 1, column: 6, "\\uD800 is not a Unicode scalar value"),
        .init("escape past Unicode", #"a = "\U00110000""#, line: 1, column: 6, "\\U00110000 is not a Unicode scalar value"),
        .init(
            "line-ending backslash in a one-line string", "a = \"abc\\\nb\"", line: 1, column: 9,
            "invalid escape: a backslash at the end of the line"),
        .init(
            "invalid escape in a multi-line string", "a = \"\"\"\nok\nbad \\x\n\"\"\"", line: 3, column: 5,
            "invalid escape: '\\x'"),
        .init(
            "control character in a string", "a = \"x\u{07}y\"", line: 1, column: 7,
            "the control character U+0007 can't appear in a string; write it as an escape, \\u0007"),
        .init(
            "too many quotes closing a multi-line string", "a = \"\"\"x\"\"\"\"\"\"", line: 1, column: 9,
            "6 quotes in a row: three end the string and at most two may come before them; escape one of them as \\\""),
        .init(
            "too many quotes closing a multi-line literal string", "a = '''x''''''", line: 1, column: 9,
            "6 quotes in a row: three end the string and at most two may come before them; use a \"\"\"…\"\"\" string"),
        .init(
            "multi-line string as a key", "\"\"\"a\"\"\" = 1", line: 1, column: 1,
            "a key can't be a multi-line string"),
        .init(
            "columns count Unicode scalars", "a = \"e\u{301}\u{301}\" x", line: 1, column: 11,
            "expected the end of the line after the value of 'a', found 'x'"),
    ]

    static let syntax: [TOMLErrorCase] = [
        .init(
            "missing '='", "title \"Actorlings\"", line: 1, column: 7,
            "expected '=' after key 'title', found '\"Actorlings\"'"),
        .init(
            "missing '=' at the end", "[settings]\nsanitizer", line: 2, column: 10,
            "expected '=' after key 'sanitizer', found the end of the file"),
        .init("key with a space", "my key = 1", line: 1, column: 4, "a key with spaces in it needs quotes"),
        .init("no key", "= 1", line: 1, column: 1, "expected a key, found '='"),
        .init(
            "missing value before a line break", "title =\nformat = 1", line: 1, column: 8,
            "missing value after 'title =', found the end of the line"),
        .init(
            "missing value before a comment", "title = # later", line: 1, column: 9,
            "missing value after 'title =', found '#'"),
        .init(
            "missing value at the end", "title = ", line: 1, column: 9,
            "missing value after 'title =', found the end of the file"),
        .init(
            "garbage after a value", "format = 1 2", line: 1, column: 12,
            "expected the end of the line after the value of 'format', found '2'"),
        .init(
            "garbage after a string", "title = \"a\" \"b\"", line: 1, column: 13,
            "after the value of 'title', found '\"b\"'"),
        .init(
            "garbage after a header", "[settings] x = 1", line: 1, column: 12,
            "expected the end of the line after the header [settings], found 'x'"),
        .init("stray carriage return", "a = 1\rb = 2", line: 1, column: 6, "found the control character U+000D"),
        .init(
            "unterminated array", "forbid = [\n  \"a\",\n  \"b\"\n", line: 1, column: 10,
            "the array of 'forbid' is never closed; add ']' after its last element"),
        .init(
            "array left open before the next key", "forbid = [\"a\",\ntitle = \"x\"", line: 1, column: 10,
            "the array of 'forbid' is never closed"),
        .init(
            "missing comma in an array", "a = [\n  1\n  2\n]", line: 3, column: 3,
            "expected ',' between the elements of the array of 'a' (opened on line 1), or ']' to close it; found '2'"),
        .init("two commas in an array", "a = [1,,2]", line: 1, column: 8, "expected a value in the array of 'a', found ','"),
        .init(
            "arrays nested too deep", "a = " + String(repeating: "[", count: 40), line: 1, column: 37,
            "arrays nested more than 32 deep are not supported"),
        .init("empty header", "[]", line: 1, column: 2, "a table header needs a name, as in [settings]"),
        .init("empty array-of-tables header", "[[]]", line: 1, column: 3, "a table header needs a name, as in [[settings]]"),
        .init(
            "unclosed header", "[settings\nx = 1", line: 1, column: 10,
            "expected ']' to close the header '[settings', found the end of the line"),
        .init("unclosed array-of-tables header", "[[step]\nx = 1", line: 1, column: 7, "expected ']]' to close the header '[[step', found ']'"),
        .init("header with a space", "[my table]", line: 1, column: 5, "needs quotes, as in [\"my table\"]"),
        .init("unquoted word", "a = yes", line: 1, column: 5, "'yes' is not a value; write a string in quotes (\"yes\")"),
        .init("capitalised boolean", "a = True", line: 1, column: 5, "booleans are written in lower case: true"),
        .init("digits and letters", "a = 12abc", line: 1, column: 5, "'12abc' is not a valid integer"),
    ]

    static let leftOut: [TOMLErrorCase] = [
        .init(
            "inline table", "settings = { swift-version = 6 }", line: 1, column: 12,
            "inline tables are not supported in course files; use a [settings] table header"),
        .init(
            "inline table in an array", "step = [{ id = 1 }]", line: 1, column: 9,
            "inline tables are not supported in course files; use an array of tables, one [[step]] header per element"),
        .init(
            "dotted key", "settings.swift-version = 6", line: 1, column: 1,
            "dotted keys ('settings.…') are not part of the course format; put the key under a [settings] table header"),
        .init("dotted key with spaces", "[a]\nb . c = 1", line: 2, column: 1, "dotted keys ('b.…') are not part of the course format"),
        .init(
            "hexadecimal integer", "a = 0x1F", line: 1, column: 5,
            "hexadecimal, octal and binary integers (0x1F) are not part of the course format; write the number in decimal"),
        .init("octal integer", "a = 0o17", line: 1, column: 5, "are not part of the course format"),
        .init("binary integer", "a = 0b101", line: 1, column: 5, "are not part of the course format"),
        .init("leading zeros", "a = 007", line: 1, column: 5, "leading zeros are not allowed in integers; write 7"),
        .init("double underscore", "a = 1__000", line: 1, column: 5, "invalid integer '1__000': each '_' must sit between two digits"),
        .init("trailing underscore", "a = 1_", line: 1, column: 5, "each '_' must sit between two digits"),
        .init("leading underscore", "a = _1", line: 1, column: 5, "each '_' must sit between two digits"),
        .init("integer too large", "a = 9223372036854775808", line: 1, column: 5, "does not fit in 64 bits"),
        .init("integer too small", "a = -9223372036854775809", line: 1, column: 5, "does not fit in 64 bits"),
    ]

    @Test("duplicates and conflicting definitions", arguments: duplicates)
    func duplicate(_ example: TOMLErrorCase) throws {
        try check(example)
    }

    @Test("malformed strings", arguments: strings)
    func string(_ example: TOMLErrorCase) throws {
        try check(example)
    }

    @Test("malformed lines, arrays and headers", arguments: syntax)
    func malformed(_ example: TOMLErrorCase) throws {
        try check(example)
    }

    @Test("TOML constructs left out of the course format", arguments: leftOut)
    func notInTheFormat(_ example: TOMLErrorCase) throws {
        try check(example)
    }

    @Test("floats are refused as floats, whole", arguments: ["1.5", "-0.5", "1e3", "6.2e-1", "1_000.0", ".5", "inf", "-inf", "nan"])
    func floats(text: String) throws {
        let error = try parseError("version = \(text)\n")
        #expect(error.line == 1)
        #expect(error.column == 11)
        #expect(error.message.contains("floats (\(text)) are not part of the course format; use an integer, or a string"))
    }

    @Test(
        "dates and times are refused, with the string to write instead",
        arguments: [
            "1979-05-27", "07:32:00", "1979-05-27T07:32:00Z", "1979-05-27 07:32:00",
        ])
    func dates(text: String) throws {
        let error = try parseError("[a]\nreleased = \(text)")
        #expect(error.line == 2)
        #expect(error.column == 12)
        #expect(
            error.message.hasPrefix("dates and times are not part of the course format; write it as a string: \"19")
                || error.message.hasPrefix("dates and times are not part of the course format; write it as a string: \"07"))
    }

    @Test("lines are counted the same with CRLF endings")
    func crlfErrorLine() throws {
        let error = try parseError("a = 1\r\nb = [\r\n  1,\r\n]\r\na = 2\r\n")
        #expect(error == TOMLError(line: 5, column: 1, message: "duplicate key 'a': it is already set on line 1; each key may appear only once in a table"))
    }

    private func check(_ example: TOMLErrorCase) throws {
        let error = try parseError(example.source)
        #expect(error.line == example.line, "\(error)")
        #expect(error.column == example.column, "\(error)")
        #expect(error.message.contains(example.message), "\(error)")
    }
}
