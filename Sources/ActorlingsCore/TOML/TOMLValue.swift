/// A value in a course file.
///
/// Only the kinds the course format uses exist, so code that reads a course never has to decide
/// what to do with a float or a date: the parser has already rejected them with a line number.
/// An array of tables (`[[step]]`) is an `.array` whose elements are all `.table`s.
public enum TOMLValue: Sendable, Equatable {
    case string(String)
    case integer(Int)
    case boolean(Bool)
    case array([TOMLValue])
    case table(TOMLTable)

    /// "string", "integer", "boolean", "array", "table" — used in error messages.
    public var typeName: String {
        switch self {
        case .string: "string"
        case .integer: "integer"
        case .boolean: "boolean"
        case .array: "array"
        case .table: "table"
        }
    }

    /// The type name with its article ("a string", "an integer"), so messages read as sentences.
    public var typeNameWithArticle: String {
        switch self {
        case .integer, .array: "an \(typeName)"
        case .string, .boolean, .table: "a \(typeName)"
        }
    }

    // The accessors below let a validator write `entry.value.stringValue` and report the wrong
    // type itself, instead of every caller repeating the same `if case` pattern.

    /// The string, if this is a string.
    public var stringValue: String? {
        if case .string(let value) = self { value } else { nil }
    }

    /// The integer, if this is an integer.
    public var integerValue: Int? {
        if case .integer(let value) = self { value } else { nil }
    }

    /// The boolean, if this is a boolean.
    public var booleanValue: Bool? {
        if case .boolean(let value) = self { value } else { nil }
    }

    /// The elements, if this is an array (including an array of tables).
    public var arrayValue: [TOMLValue]? {
        if case .array(let value) = self { value } else { nil }
    }

    /// The table, if this is a table.
    public var tableValue: TOMLTable? {
        if case .table(let value) = self { value } else { nil }
    }
}
