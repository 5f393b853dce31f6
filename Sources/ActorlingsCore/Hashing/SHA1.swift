/// SHA-1, which Actorlings needs only to compute git blob ids.
///
/// Git names file contents by their SHA-1, so `shipped.txt` can tell a learner's edited file from
/// a shipped one with the same ids `git hash-object` prints. SHA-1 is not used here for
/// security, only to agree with git, and writing it out avoids depending on Foundation or
/// CryptoKit, which Linux lacks. It works on whole 64-byte blocks through pointers so that
/// hashing a few megabytes stays quick even in debug builds.
public enum SHA1 {
    /// The 20-byte digest of `bytes`.
    public static func hash(_ bytes: some Sequence<UInt8>) -> [UInt8] {
        if let digest = bytes.withContiguousStorageIfAvailable({ digest(of: $0) }) {
            return digest
        }
        return Array(bytes).withUnsafeBufferPointer { digest(of: $0) }
    }

    /// `bytes`, usually a digest from `hash`, as lower-case hexadecimal digits: 40 of them for a
    /// digest, the way git and `sha1sum` print it.
    public static func hexDigest(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(2 * bytes.count)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    private static func digest(of message: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 80) { schedule in
            var state = State()
            // Never nil: the capacity is not zero.
            guard let w = schedule.baseAddress else { return [] }
            let fullBlocks = message.count / 64
            if let base = message.baseAddress {
                for block in 0..<fullBlocks {
                    state.compress(base + block * 64, schedule: w)
                }
            }

            // The padding: a 1 bit, zeros, then the length in bits, filling one or two blocks.
            let rest = message.count - fullBlocks * 64
            let tailLength = rest + 9 <= 64 ? 64 : 128
            var tail = [UInt8](repeating: 0, count: tailLength)
            for index in 0..<rest {
                tail[index] = message[fullBlocks * 64 + index]
            }
            tail[rest] = 0x80
            let bitLength = UInt64(message.count) &* 8
            for index in 0..<8 {
                tail[tailLength - 1 - index] = UInt8(truncatingIfNeeded: bitLength &>> (8 * UInt64(index)))
            }
            tail.withUnsafeBufferPointer { tail in
                guard let base = tail.baseAddress else { return }
                for offset in stride(from: 0, to: tailLength, by: 64) {
                    state.compress(base + offset, schedule: w)
                }
            }
            return state.bytes
        }
    }

    private struct State {
        var h0: UInt32 = 0x6745_2301
        var h1: UInt32 = 0xEFCD_AB89
        var h2: UInt32 = 0x98BA_DCFE
        var h3: UInt32 = 0x1032_5476
        var h4: UInt32 = 0xC3D2_E1F0

        var bytes: [UInt8] {
            [h0, h1, h2, h3, h4].flatMap { word in
                [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: word &>> UInt32($0)) }
            }
        }

        /// Folds the 64 bytes at `block` into the state; `w` is scratch space for the message
        /// schedule, allocated once per message rather than once per block. Raw pointers, masking
        /// shifts and wrapping arithmetic are what the compiler inlines even in debug builds,
        /// which makes this several times faster there than buffer pointers and helpers would.
        mutating func compress(_ block: UnsafePointer<UInt8>, schedule w: UnsafeMutablePointer<UInt32>) {
            for t in 0..<16 {
                let base = 4 * t
                w[t] =
                    UInt32(block[base]) &<< 24 | UInt32(block[base + 1]) &<< 16
                    | UInt32(block[base + 2]) &<< 8 | UInt32(block[base + 3])
            }
            for t in 16..<80 {
                let x = w[t - 3] ^ w[t - 8] ^ w[t - 14] ^ w[t - 16]
                w[t] = x &<< 1 | x &>> 31
            }

            var a = h0, b = h1, c = h2, d = h3, e = h4
            for t in 0..<80 {
                let f: UInt32, k: UInt32
                switch t {
                case 0..<20:
                    f = (b & c) | (~b & d)
                    k = 0x5A82_7999
                case 20..<40:
                    f = b ^ c ^ d
                    k = 0x6ED9_EBA1
                case 40..<60:
                    f = (b & c) | (b & d) | (c & d)
                    k = 0x8F1B_BCDC
                default:
                    f = b ^ c ^ d
                    k = 0xCA62_C1D6
                }
                let temp = (a &<< 5 | a &>> 27) &+ f &+ e &+ k &+ w[t]
                e = d
                d = c
                c = b &<< 30 | b &>> 2
                b = a
                a = temp
            }

            h0 = h0 &+ a
            h1 = h1 &+ b
            h2 = h2 &+ c
            h3 = h3 &+ d
            h4 = h4 &+ e
        }
    }
}
