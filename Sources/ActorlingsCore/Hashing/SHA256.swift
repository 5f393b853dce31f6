/// SHA-256 (FIPS 180-4), which Actorlings uses to tell whether a compiled object is still the one
/// it compiled.
///
/// A grade links cached objects into every test binary, and learner code that could write one
/// could decide every verdict after it; a digest recorded when the object is compiled, compared
/// before each link, tells. Written out for the reasons `SHA1` is (Linux has no CryptoKit, the
/// project takes no packages). Messages can come in pieces (`update`), and work is done on whole
/// 64-byte blocks through raw pointers with `while` loops, which even a debug build compiles to
/// straight code: an object of a few megabytes is hashed on every link.
public struct SHA256: Sendable {
    /// The 32 bytes of a SHA-256 digest.
    public struct Digest: Hashable, Sendable, CustomStringConvertible {
        public let bytes: [UInt8]

        /// `bytes` must be 32 bytes long: a digest of any other length is no SHA-256 digest.
        public init?(bytes: [UInt8]) {
            guard bytes.count == 32 else { return nil }
            self.bytes = bytes
        }

        /// The eight words of a finished hash, big-endian.
        fileprivate init(words: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32)) {
            var bytes: [UInt8] = []
            bytes.reserveCapacity(32)
            withUnsafeBytes(of: words) { words in
                for word in words.bindMemory(to: UInt32.self) {
                    for shift: UInt32 in [24, 16, 8, 0] {
                        bytes.append(UInt8(truncatingIfNeeded: word &>> shift))
                    }
                }
            }
            self.bytes = bytes
        }

        /// Reads the 64 hexadecimal digits `sha256sum` prints (either case); nil for anything else.
        public init?(hex: some StringProtocol) {
            let digits = Array(hex.utf8)
            guard digits.count == 64 else { return nil }
            var bytes: [UInt8] = []
            bytes.reserveCapacity(32)
            var index = 0
            while index < 64 {
                guard let high = Self.value(of: digits[index]), let low = Self.value(of: digits[index + 1]) else { return nil }
                bytes.append(high << 4 | low)
                index += 2
            }
            self.bytes = bytes
        }

        /// The 64 lower-case hexadecimal digits `sha256sum` prints.
        public var description: String { SHA1.hexDigest(bytes) }

        private static func value(of digit: UInt8) -> UInt8? {
            switch digit {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
            default: nil
            }
        }
    }

    /// H(0), the first 32 bits of the fractional parts of the square roots of the first 8 primes.
    private var state: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) = (
        0x6A09_E667, 0xBB67_AE85, 0x3C6E_F372, 0xA54F_F53A, 0x510E_527F, 0x9B05_688C, 0x1F83_D9AB, 0x5BE0_CD19
    )
    /// The bytes of a block not yet complete, kept until 64 have come (`pendingCount` of them).
    private var pending: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)
    private var pendingCount = 0
    /// Bytes hashed so far; the padding ends with it, in bits.
    private var length: UInt64 = 0

    public init() {}

    /// The digest of `bytes`.
    public static func hash(_ bytes: some Sequence<UInt8>) -> Digest {
        var hasher = SHA256()
        hasher.update(bytes)
        return hasher.finalize()
    }

    /// Adds `bytes` to the message: hashing a message in pieces gives the digest of the whole.
    public mutating func update(_ bytes: some Sequence<UInt8>) {
        let done: Void? = bytes.withContiguousStorageIfAvailable { update(UnsafeRawBufferPointer($0)) }
        if done == nil {
            Array(bytes).withUnsafeBytes { update($0) }
        }
    }

    /// Adds `bytes` to the message.
    public mutating func update(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        length &+= UInt64(bytes.count)
        var buffered = pendingCount
        Self.roundConstants.withUnsafeBufferPointer { constants in
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { schedule in
                withUnsafeMutableBytes(of: &state) { state in
                    withUnsafeMutableBytes(of: &pending) { pending in
                        // Never nil: none of these buffers is empty.
                        guard let k = constants.baseAddress, let w = schedule.baseAddress,
                            let h = state.baseAddress?.assumingMemoryBound(to: UInt32.self), let block = pending.baseAddress
                        else { return }
                        var offset = 0
                        if buffered > 0 {
                            let taken = min(64 - buffered, bytes.count)
                            (block + buffered).copyMemory(from: base, byteCount: taken)
                            buffered += taken
                            offset = taken
                            guard buffered == 64 else { return }
                            Self.compress(UnsafeRawPointer(block), into: h, schedule: w, constants: k)
                            buffered = 0
                        }
                        while bytes.count - offset >= 64 {
                            Self.compress(base + offset, into: h, schedule: w, constants: k)
                            offset += 64
                        }
                        if offset < bytes.count {
                            block.copyMemory(from: base + offset, byteCount: bytes.count - offset)
                            buffered = bytes.count - offset
                        }
                    }
                }
            }
        }
        pendingCount = buffered
    }

    /// The digest of everything added so far; the hasher itself is left as it was, so more can
    /// be added and a longer message's digest asked for.
    public func finalize() -> Digest {
        var copy = self
        // A 1 bit, zeros up to 56 bytes past a block boundary, then the length in bits (big-endian).
        var padding = [UInt8](repeating: 0, count: (pendingCount < 56 ? 56 : 120) - pendingCount + 8)
        padding[0] = 0x80
        let bits = length &* 8
        for index in 0..<8 {
            padding[padding.count - 1 - index] = UInt8(truncatingIfNeeded: bits &>> UInt64(8 * index))
        }
        copy.update(padding)
        return Digest(words: copy.state)
    }

    /// Folds the 64 bytes at `block` into `h`; `w` is room for the message schedule, allocated
    /// once per `update` rather than once per block.
    private static func compress(
        _ block: UnsafeRawPointer, into h: UnsafeMutablePointer<UInt32>, schedule w: UnsafeMutablePointer<UInt32>,
        constants k: UnsafePointer<UInt32>
    ) {
        let bytes = block.assumingMemoryBound(to: UInt8.self)
        var t = 0
        while t < 16 {
            let base = 4 &* t
            w[t] =
                UInt32(bytes[base]) &<< 24 | UInt32(bytes[base &+ 1]) &<< 16 | UInt32(bytes[base &+ 2]) &<< 8 | UInt32(bytes[base &+ 3])
            t &+= 1
        }
        while t < 64 {
            let early = w[t &- 15]
            let late = w[t &- 2]
            let s0 = (early &>> 7 | early &<< 25) ^ (early &>> 18 | early &<< 14) ^ (early &>> 3)
            let s1 = (late &>> 17 | late &<< 15) ^ (late &>> 19 | late &<< 13) ^ (late &>> 10)
            w[t] = w[t &- 16] &+ s0 &+ w[t &- 7] &+ s1
            t &+= 1
        }

        var a = h[0], b = h[1], c = h[2], d = h[3], e = h[4], f = h[5], g = h[6], hh = h[7]
        t = 0
        while t < 64 {
            let sum1 = (e &>> 6 | e &<< 26) ^ (e &>> 11 | e &<< 21) ^ (e &>> 25 | e &<< 7)
            let choice = (e & f) ^ (~e & g)
            let temp1 = hh &+ sum1 &+ choice &+ k[t] &+ w[t]
            let sum0 = (a &>> 2 | a &<< 30) ^ (a &>> 13 | a &<< 19) ^ (a &>> 22 | a &<< 10)
            let majority = (a & b) ^ (a & c) ^ (b & c)
            let temp2 = sum0 &+ majority
            hh = g
            g = f
            f = e
            e = d &+ temp1
            d = c
            c = b
            b = a
            a = temp1 &+ temp2
            t &+= 1
        }
        h[0] = h[0] &+ a
        h[1] = h[1] &+ b
        h[2] = h[2] &+ c
        h[3] = h[3] &+ d
        h[4] = h[4] &+ e
        h[5] = h[5] &+ f
        h[6] = h[6] &+ g
        h[7] = h[7] &+ hh
    }

    /// K, the first 32 bits of the fractional parts of the cube roots of the first 64 primes.
    private static let roundConstants: [UInt32] = [
        0x428A_2F98, 0x7137_4491, 0xB5C0_FBCF, 0xE9B5_DBA5, 0x3956_C25B, 0x59F1_11F1, 0x923F_82A4, 0xAB1C_5ED5,
        0xD807_AA98, 0x1283_5B01, 0x2431_85BE, 0x550C_7DC3, 0x72BE_5D74, 0x80DE_B1FE, 0x9BDC_06A7, 0xC19B_F174,
        0xE49B_69C1, 0xEFBE_4786, 0x0FC1_9DC6, 0x240C_A1CC, 0x2DE9_2C6F, 0x4A74_84AA, 0x5CB0_A9DC, 0x76F9_88DA,
        0x983E_5152, 0xA831_C66D, 0xB003_27C8, 0xBF59_7FC7, 0xC6E0_0BF3, 0xD5A7_9147, 0x06CA_6351, 0x1429_2967,
        0x27B7_0A85, 0x2E1B_2138, 0x4D2C_6DFC, 0x5338_0D13, 0x650A_7354, 0x766A_0ABB, 0x81C2_C92E, 0x9272_2C85,
        0xA2BF_E8A1, 0xA81A_664B, 0xC24B_8B70, 0xC76C_51A3, 0xD192_E819, 0xD699_0624, 0xF40E_3585, 0x106A_A070,
        0x19A4_C116, 0x1E37_6C08, 0x2748_774C, 0x34B0_BCB5, 0x391C_0CB3, 0x4ED8_AA4A, 0x5B9C_CA4F, 0x682E_6FF3,
        0x748F_82EE, 0x78A5_636F, 0x84C8_7814, 0x8CC7_0208, 0x90BE_FFFA, 0xA450_6CEB, 0xBEF9_A3F7, 0xC671_78F2,
    ]
}
