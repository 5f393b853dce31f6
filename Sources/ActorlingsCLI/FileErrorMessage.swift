import Foundation

/// Foundation's file errors in words a learner can act on: printed as they are, they read
/// `Error Domain=NSCocoaErrorDomain Code=513 "You don’t have permission."` and a dump of keys.
enum FileErrorMessage {
    /// The message for `error`, or nil when it is not a Foundation file error.
    static func message(for error: any Error) -> String? {
        let error = error as NSError
        guard error.domain == NSCocoaErrorDomain else { return nil }
        let path = error.userInfo[NSFilePathErrorKey] as? String ?? (error.userInfo[NSURLErrorKey] as? URL)?.path
        let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError
        let posix = underlying.flatMap { $0.domain == NSPOSIXErrorDomain ? Int32($0.code) : nil }
        let target = path.map { " \($0)" } ?? ""
        let writable =
            "Actorlings keeps its build products and your progress in .actorlings/ inside the checkout, "
            + "so the checkout must be writable: clone the course into a folder of your own, or give yourself write access (chmod -R u+w on the checkout)."
        if error.code == CocoaError.fileWriteVolumeReadOnly.rawValue || posix == EROFS {
            return "can't write\(target): the file system is read-only. " + writable
        }
        if error.code == CocoaError.fileWriteNoPermission.rawValue || error.code == CocoaError.fileReadNoPermission.rawValue
            || posix == EACCES || posix == EPERM
        {
            let verb = error.code == CocoaError.fileReadNoPermission.rawValue ? "read" : "write"
            return "can't \(verb)\(target): permission denied. " + writable
        }
        if error.code == CocoaError.fileWriteOutOfSpace.rawValue || posix == ENOSPC {
            return "can't write\(target): the disk is full. Free some space (deleting .actorlings/build is always safe) and try again."
        }
        let reason = underlying?.localizedDescription ?? error.localizedDescription
        return "a file operation failed\(target.isEmpty ? "" : " on" + target): \(reason)"
    }
}
