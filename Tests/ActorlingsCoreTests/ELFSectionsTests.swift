import ActorlingsCore
import Testing

@Suite("Reading sections of ELF objects")
struct ELFSectionsTests {
    /// A minimal 64-bit little-endian ELF object: its header, then each section's bytes, then a
    /// section table whose first entry is the null section and last the section names.
    struct Object {
        struct Section {
            var name: String
            var bytes: [UInt8]
            var type: UInt32 = 1
            var flags: UInt64 = 0
        }
        var sections: [Section]

        func bytes(class elfClass: UInt8 = 2, order: UInt8 = 1, mutate: (inout [UInt8]) -> Void = { _ in }) -> [UInt8] {
            var names: [UInt8] = [0]
            var nameOffsets: [Int] = []
            for section in sections + [Section(name: ".shstrtab", bytes: [], type: 3)] {
                nameOffsets.append(names.count)
                names += Array(section.name.utf8) + [0]
            }
            let all = sections + [Section(name: ".shstrtab", bytes: names, type: 3)]
            var file = [UInt8](repeating: 0, count: 64)
            file[0...5] = [0x7F, 0x45, 0x4C, 0x46, elfClass, order]
            var offsets: [Int] = []
            for section in all {
                offsets.append(file.count)
                file += section.bytes
            }
            let table = file.count
            put(&file, UInt64(table), at: 0x28, width: 8)
            put(&file, 64, at: 0x3A, width: 2)
            put(&file, UInt64(all.count + 1), at: 0x3C, width: 2)
            put(&file, UInt64(all.count), at: 0x3E, width: 2)
            file += [UInt8](repeating: 0, count: 64)  // the null section
            for (index, section) in all.enumerated() {
                var entry = [UInt8](repeating: 0, count: 64)
                put(&entry, UInt64(nameOffsets[index]), at: 0, width: 4)
                put(&entry, UInt64(section.type), at: 4, width: 4)
                put(&entry, section.flags, at: 8, width: 8)
                put(&entry, UInt64(offsets[index]), at: 0x18, width: 8)
                put(&entry, UInt64(section.bytes.count), at: 0x20, width: 8)
                file += entry
            }
            mutate(&file)
            return file
        }

        private func put(_ bytes: inout [UInt8], _ value: UInt64, at offset: Int, width: Int) {
            for position in 0..<width { bytes[offset + position] = UInt8(truncatingIfNeeded: value >> (8 * UInt64(position))) }
        }
    }

    static let autolink = ".swift1_autolink_entries"
    static let entries = Array("-lswiftCore\0-lFoundation\0".utf8)

    @Test("The named section's bytes are found among others")
    func found() {
        let object = Object(sections: [
            .init(name: ".text", bytes: [0x90, 0xC3]), .init(name: Self.autolink, bytes: Self.entries), .init(name: ".data", bytes: [1]),
        ])
        #expect(ELFSections.contents(named: Self.autolink, in: object.bytes()) == Self.entries)
        #expect(ELFSections.contents(named: ".text", in: object.bytes()) == [0x90, 0xC3])
    }

    @Test("Two sections of one name are read in order; no section of that name is empty, not unknown")
    func severalOrNone() {
        let two = Object(sections: [.init(name: Self.autolink, bytes: [1, 0]), .init(name: Self.autolink, bytes: [2, 0])])
        #expect(ELFSections.contents(named: Self.autolink, in: two.bytes()) == [1, 0, 2, 0])
        let none = Object(sections: [.init(name: ".text", bytes: [0xC3])])
        #expect(ELFSections.contents(named: Self.autolink, in: none.bytes()) == [])
        // A name that only starts like the wanted one is another section.
        let longer = Object(sections: [.init(name: Self.autolink + "_x", bytes: [9])])
        #expect(ELFSections.contents(named: Self.autolink, in: longer.bytes()) == [])
    }

    @Test("A section without room in the file (SHT_NOBITS) reads as empty")
    func noBits() {
        let object = Object(sections: [.init(name: ".bss", bytes: [], type: 8)])
        #expect(ELFSections.contents(named: ".bss", in: object.bytes()) == [])
    }

    enum Damage: String, CaseIterable, Sendable {
        case notELF, thirtyTwoBit, bigEndian, truncatedTable, sectionPastTheEnd, nameOutsideTheTable, compressed, noSections, tooShort
    }

    @Test("Objects this reader does not understand are unknown (the real tool is asked), never a crash", arguments: Damage.allCases)
    func damaged(_ damage: Damage) {
        let object = Object(sections: [.init(name: Self.autolink, bytes: Self.entries)])
        let table = object.bytes().count - 3 * 64
        let bytes: [UInt8]
        switch damage {
        case .notELF: bytes = object.bytes { $0[1] = 0x58 }
        case .thirtyTwoBit: bytes = object.bytes(class: 1)
        case .bigEndian: bytes = object.bytes(order: 2)
        case .truncatedTable: bytes = Array(object.bytes().dropLast(10))
        case .sectionPastTheEnd:
            bytes = object.bytes {
                $0[table + 64 + 0x20] = 0xFF; $0[table + 64 + 0x21] = 0xFF
            }
        case .nameOutsideTheTable: bytes = object.bytes { $0[table + 64] = 0xF0 }
        case .compressed:
            bytes = Object(sections: [.init(name: Self.autolink, bytes: Self.entries, flags: 0x800)]).bytes()
        case .noSections:
            bytes = object.bytes {
                $0[0x3C] = 0; $0[0x3D] = 0
            }
        case .tooShort: bytes = Array(object.bytes().prefix(40))
        }
        #expect(ELFSections.contents(named: Self.autolink, in: bytes) == nil)
    }
}
