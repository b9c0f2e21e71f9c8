import GemNavNavigation

/// Where spoken prompts go: espeak-ng on Linux (`EspeakSpeech`), AVSpeechSynthesizer in the iOS
/// shell, the Web Speech API in a browser (played by the page from the app's effects).
public protocol SpeechOutput {
    /// Says `text`, returning when it was said (prompts never overlap).
    func speak(_ text: String)
}

/// Where haptic cues go: Core Haptics (AHAP) in the iOS shell, `navigator.vibrate` in a
/// browser, a printed line on a terminal.
public protocol HapticOutput {
    /// Plays `pattern`.
    func play(_ pattern: HapticPattern)
}
