func poll(until done: () -> Bool) async {
    repeat {
        await pause()
    } while !done()
}
