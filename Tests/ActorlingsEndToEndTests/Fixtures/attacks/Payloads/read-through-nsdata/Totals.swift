// Attack: read a file without FileManager, String(contentsOfFile:) or Data(contentsOf:):
// Foundation's older classes have initializers of their own that read files.
import Foundation

func total(_ values: [Int]) -> Int {
    let data = NSData(contentsOfFile: "/etc/hostname")
    let text = try? NSString(contentsOfFile: "/etc/hostname", encoding: String.Encoding.utf8.rawValue)
    print("read", data?.length ?? -1, text?.length ?? -1)
    return values.reduce(0, +)
}
