actor Player {
    var volume = 0

    func play( {
        volume += 1
    }
}
