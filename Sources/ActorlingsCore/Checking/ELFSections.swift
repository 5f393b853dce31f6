/// Reads the contents of named sections from a 64-bit little-endian ELF object (what the Swift
/// compiler writes on Linux), for the linking step: `swift-autolink-extract` only gathers what
/// the objects' `.swift1_autolink_entries` sections hold, so objects whose sections hold the same
/// bytes get the same answer from it.
///
/// Anything unusual — another class or byte order, extended section numbering, a compressed
/// section, a header or section past the end of the bytes — is `nil`: the caller then asks the
/// real tool. The bytes may come from learner code's object files, so every offset is checked.
public enum ELFSections {
    /// The concatenated contents of every section called `name` (empty when there is none), or
    /// `nil` when `bytes` is not an object this reader understands.
    public static func contents(named name: String, in bytes: [UInt8]) -> [UInt8]? {
        // e_ident: magic, ELFCLASS64 (2), ELFDATA2LSB (1).
        guard bytes.count >= 64, bytes[0] == 0x7F, bytes[1] == 0x45, bytes[2] == 0x4C, bytes[3] == 0x46, bytes[4] == 2, bytes[5] == 1
        else { return nil }
        guard
            let tableOffset = integer(bytes, at: 0x28, width: 8),
            let entrySize = integer(bytes, at: 0x3A, width: 2),
            let count = integer(bytes, at: 0x3C, width: 2),
            let namesIndex = integer(bytes, at: 0x3E, width: 2),
            entrySize >= 64, count > 0, namesIndex < count,
            tableOffset <= bytes.count, count * entrySize <= bytes.count - tableOffset
        else { return nil }

        struct Section {
            var nameOffset: Int
            var data: Range<Int>
        }
        var sections: [Section] = []
        for index in 0..<count {
            let header = tableOffset + index * entrySize
            guard
                let nameOffset = integer(bytes, at: header, width: 4),
                let type = integer(bytes, at: header + 4, width: 4),
                let flags = integer(bytes, at: header + 8, width: 8),
                let offset = integer(bytes, at: header + 0x18, width: 8),
                let size = integer(bytes, at: header + 0x20, width: 8)
            else { return nil }
            let compressed = 0x800
            if flags & compressed != 0 { return nil }
            // SHT_NOBITS (8) takes no room in the file.
            let length = type == 8 ? 0 : size
            guard offset <= bytes.count, length <= bytes.count - offset else { return nil }
            sections.append(Section(nameOffset: nameOffset, data: offset..<(offset + length)))
        }
        let names = sections[namesIndex].data
        let wanted = Array(name.utf8)
        var found: [UInt8] = []
        for section in sections {
            guard section.nameOffset < names.count else { return nil }
            let start = names.lowerBound + section.nameOffset
            guard let end = bytes[start..<names.upperBound].firstIndex(of: 0) else { return nil }
            if bytes[start..<end].elementsEqual(wanted) { found += bytes[section.data] }
        }
        return found
    }

    /// A little-endian unsigned integer of `width` bytes at `offset`, if it fits in the bytes and in an `Int`.
    private static func integer(_ bytes: [UInt8], at offset: Int, width: Int) -> Int? {
        guard offset >= 0, offset <= bytes.count - width else { return nil }
        var value: UInt64 = 0
        for position in (0..<width).reversed() { value = value << 8 | UInt64(bytes[offset + position]) }
        return value <= UInt64(Int.max) ? Int(value) : nil
    }
}
