// Attack: find `exit` at run time, where no name in the code says it.
import Foundation

func total(_ values: [Int]) -> Int {
    let handle = dlopen(nil, RTLD_NOW)
    _ = dlsym(handle, "ex" + "it")
    return values.reduce(0, +)
}
