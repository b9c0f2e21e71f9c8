import GemNavNavigation
import GemNavPresentation
import GemNavServices
import Testing

/// The screen's effects reach the device's outputs, and only the outputs the shell has.
@Suite struct GuidanceOutputTests {
    final class Recorder: SpeechOutput, HapticOutput {
        var said: [String] = []
        var felt: [HapticPatternKind] = []
        func speak(_ text: String) { said.append(text) }
        func play(_ pattern: HapticPattern) { felt.append(pattern.kind) }
    }

    @Test func effectsPlayOnTheirOutputs() {
        let device = Recorder()
        let effects: [NavigationModel.Effect] = [.speak("Turn left"), .vibrate(.pattern(for: .left)), .speak("Arrived")]
        for effect in effects { effect.play(speech: device, haptics: device) }
        #expect(device.said == ["Turn left", "Arrived"] && device.felt == [.left])
        let speechOnly = Recorder()
        for effect in effects { effect.play(speech: speechOnly, haptics: nil) }
        #expect(speechOnly.said.count == 2 && speechOnly.felt.isEmpty)
    }

    @Test func espeakIsFoundOnThePathOrSaysHowToInstallIt() {
        let missing = EspeakSpeech(language: "en", environment: ["PATH": "/nonexistent"])
        #expect(missing.executable == nil && missing.unavailableNote?.contains("apt-get install espeak-ng") == true)
        missing.speak("nothing happens without espeak-ng")
    }
}
