import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Removes a folder that code the tool does not trust could write to (a test run's scratch
/// folder), without ever following a link in it.
///
/// `FileManager.removeItem` walks a tree by path: it checks `x/d`, then opens `x/d` again by
/// name and deletes what it finds there. A process of the run that is still alive can swap `x/d`
/// for a symbolic link between the two, and the tool — root, in a CI container — then deletes
/// files in the folder the link names. Here every folder is opened once, relative to its
/// parent's open handle, with `O_NOFOLLOW`, and everything in it is removed relative to that
/// handle: a name swapped for a link is unlinked as a link, and what a handle was opened on is
/// what it deletes in.
public enum FolderRemoval {
    /// Removes `path` and everything in it; a path that is not a folder is unlinked itself.
    /// Best effort: what cannot be removed is left.
    public static func removeTree(_ path: String) {
        let folder = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard folder >= 0 else {
            _ = unlink(path)
            return
        }
        removeContents(of: folder, depth: 0)
        close(folder)
        _ = rmdir(path)
    }

    /// Deeper than any scratch folder a test makes for a reason; a deeper tree is left in place.
    static let maximumDepth = 256

    /// Removes everything in the open folder `folder`; the descriptor stays open.
    private static func removeContents(of folder: Int32, depth: Int) {
        guard depth < maximumDepth else { return }
        let listing = dup(folder)
        guard listing >= 0, let stream = fdopendir(listing) else {
            if listing >= 0 { close(listing) }
            return
        }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafePointer(to: entry.pointee.d_name) { tuple in
                tuple.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: tuple.pointee)) { String(cString: $0) }
            }
            if name != "." && name != ".." { names.append(name) }
        }
        for name in names {
            // A file, a link or anything but a folder goes with unlinkat; a folder is opened
            // without following a link and emptied through its own handle first.
            if unlinkat(folder, name, 0) == 0 { continue }
            let child = openat(folder, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            guard child >= 0 else { continue }
            removeContents(of: child, depth: depth + 1)
            close(child)
            _ = unlinkat(folder, name, AT_REMOVEDIR)
        }
    }
}
