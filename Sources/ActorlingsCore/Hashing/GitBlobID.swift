/// The id git gives a file's contents: what `git hash-object` prints for it.
///
/// `shipped.txt` records these ids so that Actorlings can tell whether a learner's file is still
/// exactly the one the course shipped, with the same ids git itself would compute, without
/// running git.
public enum GitBlobID {
    /// The 40-digit hex id of a blob holding `content`: the SHA-1 of a `blob <size>\0` header
    /// followed by the bytes.
    public static func of(_ content: [UInt8]) -> String {
        SHA1.hexDigest(SHA1.hash(Array("blob \(content.count)\0".utf8) + content))
    }
}
