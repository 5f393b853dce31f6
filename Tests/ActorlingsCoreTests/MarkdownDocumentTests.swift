import Testing

@testable import ActorlingsCore

@Suite struct MarkdownDocumentTests {
    // MARK: Headings and slugs

    @Test func headingsKeepLevelLineAndTextWithoutMarkup() {
        let document = MarkdownDocument(
            parsing: """
                # Single-threaded

                Some text.

                ## Opting out with `nonisolated`
                #### Why **not** *now*? ##
                #hashtag is not a heading
                """)
        #expect(
            document.headings == [
                Heading(level: 1, text: "Single-threaded", slug: "single-threaded", line: 1),
                Heading(level: 2, text: "Opting out with nonisolated", slug: "opting-out-with-nonisolated", line: 5),
                Heading(level: 4, text: "Why not now?", slug: "why-not-now", line: 6),
            ])
    }

    @Test(arguments: [
        ("Opting out with `nonisolated`", "opting-out-with-nonisolated"),
        ("Main actor mode", "main-actor-mode"),
        ("  Leading and trailing!  ", "leading-and-trailing"),
        ("Swift 6.2: what's new?", "swift-6-2-what-s-new"),
        ("snake_case and kebab--case", "snake-case-and-kebab-case"),
        ("@MainActor & Sendable", "mainactor-sendable"),
        ("Über Café", "über-café"),
        ("Step 10", "step-10"),
        ("---", ""),
    ])
    func slugRules(text: String, slug: String) {
        #expect(Heading.slug(for: text) == slug)
    }

    @Test func headingsInsideCodeBlocksAreNotHeadings() {
        let document = MarkdownDocument(parsing: "# Real\n\n```sh\n# a shell comment\n```\n")
        #expect(document.headings.map(\.text) == ["Real"])
    }

    // MARK: Code blocks

    @Test func codeBlocksCarryLanguageAttributesCodeAndLine() {
        let document = MarkdownDocument(
            parsing: """
                Intro.

                ```swift error=ActorIsolatedCall isolation=MainActor
                let x = 1
                  indented()
                ```

                ~~~diagnostics
                error: oops
                ~~~

                ```
                plain
                ```
                """)
        #expect(
            document.codeBlocks == [
                CodeBlock(
                    language: "swift", attributes: ["error=ActorIsolatedCall", "isolation=MainActor"],
                    code: "let x = 1\n  indented()\n", line: 3
                ),
                CodeBlock(language: "diagnostics", attributes: [], code: "error: oops\n", line: 8),
                CodeBlock(language: "", attributes: [], code: "plain\n", line: 12),
            ])
    }

    @Test func attributesAreSplitOnAnyRunOfSpaces() throws {
        let document = MarkdownDocument(parsing: "```swift   warning=A  warning=B approachable\n```\n")
        let block = try #require(document.codeBlocks.first)
        #expect(block.attributes == ["warning=A", "warning=B", "approachable"])
        #expect(block.code == "")
    }

    @Test func aLongerFenceContainsShorterFences() throws {
        let document = MarkdownDocument(parsing: "````markdown\n```swift\nlet a = 1\n```\n````\n")
        let block = try #require(document.codeBlocks.first)
        #expect(document.codeBlocks.count == 1)
        #expect(block.code == "```swift\nlet a = 1\n```\n")
    }

    @Test func anUnclosedFenceRunsToTheEnd() {
        let document = MarkdownDocument(parsing: "```swift\nlet a = 1\n\n# not a heading\n")
        #expect(document.codeBlocks.map(\.code) == ["let a = 1\n\n# not a heading\n"])
        #expect(document.headings.isEmpty)
    }

    @Test func codeInAListItemLosesTheItemsIndentationButKeepsItsLine() {
        let document = MarkdownDocument(
            parsing: """
                1. First:

                   ```swift
                   func f() {
                       g()
                   }
                   ```
                2. Second.
                """)
        #expect(
            document.codeBlocks == [
                CodeBlock(language: "swift", attributes: [], code: "func f() {\n    g()\n}\n", line: 3)
            ])
    }

    @Test func windowsLineEndingsAreLineEndings() {
        let document = MarkdownDocument(parsing: "# Title\r\n\r\n```swift\r\nlet a = 1\r\n```\r\n")
        #expect(document.headings.map(\.text) == ["Title"])
        #expect(document.codeBlocks.map(\.code) == ["let a = 1\n"])
    }

    // MARK: Sections

    @Test func sectionRunsToTheNextHeadingOfTheSameOrHigherLevel() {
        let document = MarkdownDocument(
            parsing: """
                # Lesson

                Intro.

                ## First

                Text.

                ### Detail

                More.

                ## Second

                Last.

                """)
        #expect(document.section(slug: "first") == "## First\n\nText.\n\n### Detail\n\nMore.\n")
        #expect(document.section(slug: "detail") == "### Detail\n\nMore.\n")
        #expect(document.section(slug: "second") == "## Second\n\nLast.\n")
        #expect(document.section(slug: "lesson")?.hasSuffix("Last.\n") == true)
        #expect(document.section(slug: "missing") == nil)
    }

    // MARK: Blocks

    @Test func paragraphLinesAreJoinedAndHardBreaksKept() {
        let document = MarkdownDocument(parsing: "One\n  two  \nthree\\\nfour\n\nNext")
        #expect(
            document.blocks == [
                .paragraph([.text("One two"), .lineBreak, .text("three"), .lineBreak, .text("four")]),
                .paragraph([.text("Next")]),
            ])
    }

    @Test func listsNestByIndentation() {
        let document = MarkdownDocument(
            parsing: """
                - one
                  continued
                  - nested *a*
                    - deeper
                - two
                lazy line
                * other list
                """)
        let expected: [MarkdownBlock] = [
            .list(
                MarkdownList(
                    ordered: false, start: 1,
                    items: [
                        [
                            .paragraph([.text("one continued")]),
                            .list(
                                MarkdownList(
                                    ordered: false, start: 1,
                                    items: [
                                        [
                                            .paragraph([.text("nested "), .emphasis([.text("a")])]),
                                            .list(MarkdownList(ordered: false, start: 1, items: [[.paragraph([.text("deeper")])]])),
                                        ]
                                    ])),
                        ],
                        [.paragraph([.text("two lazy line")])],
                    ])),
            .list(MarkdownList(ordered: false, start: 1, items: [[.paragraph([.text("other list")])]])),
        ]
        #expect(document.blocks == expected)
    }

    @Test func numberedListsKeepTheirStartAndMayHoldBlankLines() {
        let document = MarkdownDocument(parsing: "3. three\n\n   second paragraph\n4. four\n\nAfter.")
        #expect(
            document.blocks == [
                .list(
                    MarkdownList(
                        ordered: true, start: 3,
                        items: [
                            [.paragraph([.text("three")]), .paragraph([.text("second paragraph")])],
                            [.paragraph([.text("four")])],
                        ])),
                .paragraph([.text("After.")]),
            ])
    }

    @Test func aNumberOtherThanOneDoesNotInterruptAParagraph() {
        let document = MarkdownDocument(parsing: "It shipped in\n2024. Then\n- a list")
        #expect(
            document.blocks == [
                .paragraph([.text("It shipped in 2024. Then")]),
                .list(MarkdownList(ordered: false, start: 1, items: [[.paragraph([.text("a list")])]])),
            ])
    }

    @Test func aLineThatCannotStartAnItemContinuesTheItemsParagraph() {
        let document = MarkdownDocument(parsing: "- shipped in\n2024. Then\n1) new list")
        #expect(
            document.blocks == [
                .list(MarkdownList(ordered: false, start: 1, items: [[.paragraph([.text("shipped in 2024. Then")])]])),
                .list(MarkdownList(ordered: true, start: 1, items: [[.paragraph([.text("new list")])]])),
            ])
    }

    @Test func blockQuotesNestBlocksAndTakeLazyLines() {
        let document = MarkdownDocument(parsing: "> **Note:** one\ntwo\n>\n> - item\n\nOut.")
        #expect(
            document.blocks == [
                .quote([
                    .paragraph([.strong([.text("Note:")]), .text(" one two")]),
                    .list(MarkdownList(ordered: false, start: 1, items: [[.paragraph([.text("item")])]])),
                ]),
                .paragraph([.text("Out.")]),
            ])
    }

    @Test func tablesHaveAlignmentsAndAsManyCellsAsTheHeader() {
        let document = MarkdownDocument(
            parsing: """
                | word | meaning | more |
                |:---|:---:|---:|
                | `a\\|b` | *x* |
                no | outer | pipes | extra
                """)
        #expect(
            document.blocks == [
                .table(
                    MarkdownTable(
                        alignments: [.left, .center, .right],
                        header: [[.text("word")], [.text("meaning")], [.text("more")]],
                        rows: [
                            [[.code("a|b")], [.emphasis([.text("x")])], []],
                            [[.text("no")], [.text("outer")], [.text("pipes")]],
                        ]
                    ))
            ])
    }

    @Test func aPipeWithoutSeparatorRowIsAParagraph() {
        let document = MarkdownDocument(parsing: "a | b\nc | d")
        #expect(document.blocks == [.paragraph([.text("a | b c | d")])])
    }

    @Test func thematicBreaksAndCommentsAreBlocks() {
        let document = MarkdownDocument(parsing: "---\n* * *\n<!-- one\ntwo -->\n- - -\n<!-- x -->\nText")
        #expect(
            document.blocks == [
                .thematicBreak, .thematicBreak, .comment("one\ntwo"), .thematicBreak, .comment("x"),
                .paragraph([.text("Text")]),
            ])
    }

    // MARK: Inlines

    @Test(arguments: [
        (
            "**bold** and *em* and _em_",
            [MarkdownInline.strong([.text("bold")]), .text(" and "), .emphasis([.text("em")]), .text(" and "), .emphasis([.text("em")])]
        ),
        ("**bold `code` bold**", [.strong([.text("bold "), .code("code"), .text(" bold")])]),
        ("*a **b** c*", [.emphasis([.text("a "), .strong([.text("b")]), .text(" c")])]),
        ("***both***", [.strong([.emphasis([.text("both")])])]),
        ("snake_case_name", [.text("snake_case_name")]),
        ("2 * 3 * 4", [.text("2 * 3 * 4")]),
        ("**unclosed", [.text("**unclosed")]),
        ("`` a`b ``", [.code("a`b")]),
        ("`*not em*`", [.code("*not em*")]),
        ("\\*literal\\*", [.text("*literal*")]),
        ("[the book](https://swift.org \"Title\")", [.link(text: [.text("the book")], destination: "https://swift.org")]),
        ("[**bold** link](u)", [.link(text: [.strong([.text("bold")]), .text(" link")], destination: "u")]),
        ("see <https://swift.org/x>.", [.text("see "), .link(text: [.text("https://swift.org/x")], destination: "https://swift.org/x"), .text(".")]),
        ("a <b> tag and [not a link]", [.text("a <b> tag and [not a link]")]),
        ("hidden <!-- note to authors --> here", [.text("hidden  here")]),
    ])
    func inlineMarkup(text: String, inlines: [MarkdownInline]) {
        #expect(MarkdownDocument(parsing: text).blocks == [.paragraph(inlines)])
    }

    @Test func theSampleLessonParses() throws {
        let source = try goldenFiles.read("lesson-sample.md")
        let document = MarkdownDocument(parsing: source)
        #expect(
            document.headings.map(\.slug) == [
                "single-threaded-by-default", "main-actor-mode", "opting-out-with-nonisolated", "summary",
            ])
        #expect(document.codeBlocks.map(\.language) == ["swift", "swift", "diagnostics", "text"])
        #expect(document.codeBlocks[1].attributes == ["error=ActorIsolatedCall", "isolation=MainActor"])
    }
}
