import ActorlingsCore
import Testing

@Suite("SHA-256")
struct SHA256Tests {
    // FIPS 180-4's examples (NIST's "SHA256.pdf" and "SHA2_Additional.pdf").
    @Test(
        "The NIST example vectors",
        arguments: [
            ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
            ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
            // 448 bits.
            ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
            // 896 bits.
            (
                "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
                "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"
            ),
        ])
    func nistVectors(message: String, expected: String) {
        #expect(SHA256.hash(Array(message.utf8)).description == expected)
    }

    @Test("One million 'a's, at once and in pieces of 1000")
    func millionA() {
        let message = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)
        #expect(SHA256.hash(message).description == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
        var hasher = SHA256()
        let piece = [UInt8](repeating: UInt8(ascii: "a"), count: 1000)
        for _ in 0..<1000 {
            hasher.update(piece)
        }
        #expect(hasher.finalize().description == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    // Lengths around the padding's block boundaries (55 bytes still fit one block, 56 need two).
    // Expected values from `head -c N /dev/zero | tr '\0' 'a' | sha256sum`.
    @Test(
        "Lengths around block boundaries",
        arguments: [
            (55, "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318"),
            (56, "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a"),
            (57, "f13b2d724659eb3bf47f2dd6af1accc87b81f09f59f2b75e5c0bed6589dfe8c6"),
            (63, "7d3e74a05d7db15bce4ad9ec0658ea98e3f06eeecf16b4c6fff2da457ddc2f34"),
            (64, "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb"),
            (65, "635361c48bb9eab14198e76ea8ab7f1a41685d6ad62aa9146d301d4f17eb0ae0"),
            (119, "31eba51c313a5c08226adf18d4a359cfdfd8d2e816b13f4af952f7ea6584dcfb"),
            (120, "2f3d335432c70b580af0e8e1b3674a7c020d683aa5f73aaaedfdc55af904c21c"),
            (128, "6836cf13bac400e9105071cd6af47084dfacad4e5e302c94bfed24e013afb73e"),
        ])
    func blockBoundaries(length: Int, expected: String) {
        #expect(SHA256.hash([UInt8](repeating: UInt8(ascii: "a"), count: length)).description == expected)
    }

    /// Bytes 0…255 five times: every byte value, 20 blocks.
    /// Expected: `python3 -c "import hashlib; print(hashlib.sha256(bytes(range(256))*5).hexdigest())"`.
    static let everyByte = (0..<1280).map { UInt8(truncatingIfNeeded: $0) }
    static let everyByteDigest = "d414b085826eb06778483ba35564dc849e643359f69ed9747878ba6e54985bed"

    // Pieces that end inside a block, on a boundary, and span several blocks, from an empty
    // piece up; each size is repeated until the message is used up.
    @Test("Pieces of any size give the digest of the whole", arguments: [0, 1, 3, 55, 56, 63, 64, 65, 127, 128, 129, 700, 1280])
    func incremental(pieceSize: Int) {
        var hasher = SHA256()
        var offset = 0
        while offset < Self.everyByte.count {
            let end = min(Self.everyByte.count, offset + max(pieceSize, 1))
            if pieceSize == 0 { hasher.update([UInt8]()) }
            hasher.update(Self.everyByte[offset..<end])
            offset = end
        }
        #expect(hasher.finalize().description == Self.everyByteDigest)
    }

    @Test("Pieces of changing sizes, and a lazy sequence, give the same digest")
    func unevenPieces() {
        var hasher = SHA256()
        var offset = 0
        // 1 + 62 + 2 + 63 + 64 + 65 + … : every piece moves the boundary to a new place in a block.
        var size = 1
        while offset < Self.everyByte.count {
            let end = min(Self.everyByte.count, offset + size)
            hasher.update(Self.everyByte[offset..<end])
            offset = end
            size = size == 1 ? 62 : size + 1
        }
        #expect(hasher.finalize().description == Self.everyByteDigest)
        #expect(SHA256.hash((0..<1280).lazy.map { UInt8(truncatingIfNeeded: $0) }).description == Self.everyByteDigest)
    }

    @Test("finalize leaves the hasher as it was: more can be added")
    func finalizeThenContinue() {
        var hasher = SHA256()
        hasher.update("abc".utf8)
        #expect(hasher.finalize().description == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        hasher.update("d".utf8)
        // `printf abcd | sha256sum`
        #expect(hasher.finalize().description == "88d4266fd4e6338d13b845fcf289579d209c897823b9217da3e161936f031589")
    }

    @Test("A digest reads back from its hex, in either case; other text is no digest")
    func hexRoundTrip() throws {
        let digest = SHA256.hash("abc".utf8)
        #expect(digest.bytes.count == 32)
        #expect(SHA256.Digest(hex: digest.description) == digest)
        #expect(SHA256.Digest(hex: digest.description.uppercased()) == digest)
        #expect(SHA256.Digest(bytes: digest.bytes) == digest)
        for bad in ["", String(digest.description.dropLast()), String(digest.description.dropLast()) + "g", digest.description + "0"] {
            #expect(SHA256.Digest(hex: bad) == nil, "\(bad)")
        }
        #expect(SHA256.Digest(bytes: [1, 2, 3]) == nil)
    }

    // Speed is measured by Scripts/sha256-speed.sh; this checks a large input is right.
    // Expected digest: `head -c 4194304 /dev/zero | tr '\0' 'a' | sha256sum`.
    @Test("A few megabytes hash correctly")
    func largeInput() {
        let message = [UInt8](repeating: UInt8(ascii: "a"), count: 4_194_304)
        #expect(SHA256.hash(message).description == "299285fc41a44cdb038b9fdaf494c76ca9d0c866672b2b266c1a0c17dda60a05")
    }
}
