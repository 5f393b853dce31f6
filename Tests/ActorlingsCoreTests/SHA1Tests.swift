import ActorlingsCore
import Testing

@Suite("SHA-1 and git blob ids")
struct SHA1Tests {
    @Test(
        "The standard SHA-1 test vectors",
        arguments: [
            ("", "da39a3ee5e6b4b0d3255bfef95601890afd80709"),
            ("abc", "a9993e364706816aba3e25717850c26c9cd0d89d"),
            ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "84983e441c3bd26ebaae4aa1f95129e5e54670f1"),
            (
                "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
                "a49b2446a02c645bf419f995b67091253a04a259"
            ),
        ])
    func standardVectors(message: String, expected: String) {
        #expect(SHA1.hexDigest(SHA1.hash(Array(message.utf8))) == expected)
    }

    @Test("A million 'a's")
    func millionA() {
        let message = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)
        #expect(SHA1.hexDigest(SHA1.hash(message)) == "34aa973cd4c4daa4f61eeb2bdbad27316534016f")
    }

    // Lengths around the padding's block boundaries (55 bytes still fit one block, 56 need two).
    // Expected values from `head -c N /dev/zero | tr '\0' 'a' | sha1sum`.
    @Test(
        "Lengths around block boundaries",
        arguments: [
            (55, "c1c8bbdc22796e28c0e15163d20899b65621d65a"),
            (56, "c2db330f6083854c99d4b5bfb6e8f29f201be699"),
            (57, "f08f24908d682555111be7ff6f004e78283d989a"),
            (63, "03f09f5b158a7a8cdad920bddc29b81c18a551f5"),
            (64, "0098ba824b5c16427bd7a1122a5a442a25ec644d"),
            (65, "11655326c708d70319be2610e8a57d9a5b959d3b"),
            (119, "ee971065aaa017e0632a8ca6c77bb3bf8b1dfc56"),
            (120, "f34c1488385346a55709ba056ddd08280dd4c6d6"),
            (128, "ad5b3fdbcb526778c2839d2f151ea753995e26a0"),
        ])
    func blockBoundaries(length: Int, expected: String) {
        #expect(SHA1.hexDigest(SHA1.hash([UInt8](repeating: UInt8(ascii: "a"), count: length))) == expected)
    }

    @Test("hash gives 20 bytes, the same for any kind of sequence")
    func hashOfSequences() {
        let contiguous = SHA1.hash([UInt8](repeating: UInt8(ascii: "a"), count: 1000))
        let lazy = SHA1.hash(repeatElement(UInt8(ascii: "a"), count: 1000))
        let mapped = SHA1.hash((0..<1000).lazy.map { _ in UInt8(ascii: "a") })
        #expect(contiguous.count == 20)
        #expect(contiguous == lazy)
        #expect(contiguous == mapped)
        #expect(
            SHA1.hash("abc".utf8) == [
                0xA9, 0x99, 0x3E, 0x36, 0x47, 0x06, 0x81, 0x6A, 0xBA, 0x3E,
                0x25, 0x71, 0x78, 0x50, 0xC2, 0x6C, 0x9C, 0xD0, 0xD8, 0x9D,
            ])
    }

    @Test("hexDigest spells bytes in lower-case hex")
    func hex() {
        #expect(SHA1.hexDigest([]) == "")
        #expect(SHA1.hexDigest([0x00, 0x0F, 0xA0, 0xFF, 0x12]) == "000fa0ff12")
    }

    // Speed is a benchmark's business, not a unit test's; this checks a large input is right.
    // Expected digest: `head -c 4194304 /dev/zero | tr '\0' 'a' | sha1sum`.
    @Test("A few megabytes hash correctly")
    func largeInput() {
        let message = [UInt8](repeating: UInt8(ascii: "a"), count: 4_194_304)
        #expect(SHA1.hexDigest(SHA1.hash(message)) == "ec10fafa5de7a233c22a26d491f308876b41ae3f")
    }

    // Expected ids computed once with git 2.x, e.g. `printf 'hello\n' | git hash-object --stdin`.
    @Test(
        "Blob ids agree with git hash-object",
        arguments: [
            ([UInt8](), "e69de29bb2d1d6434b8b29ae775ad8c2e48c5391"),
            (Array("hello\n".utf8), "ce013625030ba8dba906f756967f9e9ca394464a"),
            // 96 bytes: `printf 'actor Counter {\n    var value = 0\n ...' | git hash-object --stdin`
            (
                Array("actor Counter {\n    var value = 0\n    func increment() { value += 1 }\n}\nlet counter = Counter()\n".utf8),
                "227330ac4b9b106d419bad6679d27eee38d55f0a"
            ),
            // 120 bytes: `printf '0123456789%.0s' $(seq 12) | git hash-object --stdin`
            (Array(String(repeating: "0123456789", count: 12).utf8), "70df313b0c64cfff258e96bfb1b4b47ab652f442"),
            // Not UTF-8: `printf 'caf\xc3\xa9 \x00\xff\n' | git hash-object --stdin`
            ([0x63, 0x61, 0x66, 0xC3, 0xA9, 0x20, 0x00, 0xFF, 0x0A], "0574b02b70a07d4df45d120ea942ecdef0600097"),
        ])
    func gitBlobIDs(content: [UInt8], expected: String) {
        #expect(GitBlobID.of(content) == expected)
    }
}
