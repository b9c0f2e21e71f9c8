/// What the device (or the browser) can do for guidance, as its shell reports it. The app,
/// not the shell, decides the fallbacks (seed 004): a cue that cannot vibrate is spoken, a
/// prompt that cannot be spoken is felt.
public struct DeviceCapabilities: Sendable, Hashable, Codable {
    /// Whether it can vibrate.
    public var canVibrate: Bool
    /// Whether it can speak.
    public var canSpeak: Bool
    /// Whether it can still vibrate while the app is in the background (a hidden browser tab
    /// cannot; the iOS shell can, with counted system vibrations).
    public var vibratesInBackground: Bool
    /// Whether it can keep the screen on during a trip (a browser without the Screen Wake Lock
    /// API, or outside a secure context, cannot): the app then does not ask for it.
    public var canKeepScreenOn: Bool

    /// A device's abilities.
    public init(canVibrate: Bool = true, canSpeak: Bool = true, vibratesInBackground: Bool = false,
                canKeepScreenOn: Bool = true) {
        self.canVibrate = canVibrate
        self.canSpeak = canSpeak
        self.vibratesInBackground = vibratesInBackground
        self.canKeepScreenOn = canKeepScreenOn
    }
}
