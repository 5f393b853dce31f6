// Attack: run the test binary again with a filter, so that only a test that passes is run.
import Foundation

func total(_ values: [Int]) -> Int {
    if ProcessInfo.processInfo.environment["ATTACK_CHILD"] != nil {
        return values.isEmpty ? 0 : -1
    }
    setenv("ATTACK_CHILD", "1", 1)
    let me = CommandLine.arguments[0]
    var arguments: [UnsafeMutablePointer<CChar>?] = [strdup(me), strdup("--filter"), strdup("addsNothing"), nil]
    execv(me, &arguments)
    return -1
}
