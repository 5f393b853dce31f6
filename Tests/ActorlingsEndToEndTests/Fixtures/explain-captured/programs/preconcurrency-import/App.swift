import Legacy

actor Mixer {
    func apply(_ settings: Settings) {}
}

func adjust(_ settings: Settings, mixer: Mixer) async {
    await mixer.apply(settings)
}

struct Preset: Sendable {
    let settings: Settings
}
