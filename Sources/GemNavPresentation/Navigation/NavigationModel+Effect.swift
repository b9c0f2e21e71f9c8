import GemNavServices

extension NavigationModel.Effect {
    /// Plays the effect on the device's outputs; an output the shell does not have is skipped
    /// (the model already chose the fallbacks from the device's capabilities).
    public func play(speech: (any SpeechOutput)?, haptics: (any HapticOutput)?) {
        switch self {
        case .speak(let text): speech?.speak(text)
        case .vibrate(let pattern): haptics?.play(pattern)
        }
    }
}
