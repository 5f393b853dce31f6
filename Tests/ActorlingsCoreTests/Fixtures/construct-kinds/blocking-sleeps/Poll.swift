import Foundation

func poll(times: Int) {
    for _ in 0..<times {
        Thread.sleep(forTimeInterval: 0.001)
        usleep(1_000)
    }
}
