import GemNavCore
import GemNavSearch

/// The languages the assistant understands and answers in.
public enum AssistantLanguage: String, Sendable, Hashable, Codable, CaseIterable {
    /// English.
    case en
    /// French.
    case fr
}

/// How the user wants to travel, as the assistant names it (the app maps it to its profiles).
public enum AssistantProfile: String, Sendable, Hashable, Codable, CaseIterable {
    /// By car.
    case car
    /// By bicycle.
    case bicycle
    /// On foot.
    case foot
}

/// How guidance reaches the user, as the assistant names it.
public enum AssistantGuidanceMode: String, Sendable, Hashable, Codable, CaseIterable {
    /// Banner on the screen.
    case visual
    /// Spoken prompts.
    case voice
    /// Vibrations (pocket mode).
    case haptic
}

/// What the user asks for, before any place is looked up.
enum Intent: String, Sendable, Hashable, Codable, CaseIterable {
    case navigate, findNearby, addStop, setAvoid, setMode, mute, unmute, repeatInstruction, eta, speedLimit
    case whereAmI, cancelNavigation, saveFavourite, requestRide
    /// Pause and resume guidance; leave a stop for the next leg; drop the next stop.
    case pauseNavigation, resumeNavigation, continueToNextStop, skipStop
    /// "Is there a faster route?": check the rest of the route against the fastest one now.
    case checkRoute
    /// "Turn off vibrations": no vibration cues (vibrations named with an "off" word).
    case vibrationsOff
    /// "Speak French": the language of replies and of guidance.
    case setLanguage
    /// "The second one": a pick from the last list, acting as the request that made the list.
    case select
}

/// What one phrase of the lexicon means. A phrase may mean several things at once ("drive to"
/// asks to navigate and says by car).
enum Meaning: Sendable, Hashable {
    /// A cue for an intent, with its weight in the vote.
    case cue(Intent, Double)
    /// Road kinds to avoid.
    case avoid(AvoidOptions)
    /// "Allow", "don't avoid": the road kinds named turn back on.
    case allow
    /// A travel profile.
    case profile(AssistantProfile)
    /// A guidance mode.
    case mode(AssistantGuidanceMode)
    /// A category of places.
    case category(SearchCategory)
    /// A position in the last list, 1-based; 0 is the last one.
    case ordinal(Int)
    /// A favourite by its role ("Home", "Work").
    case favourite(String)
    /// "Nearest", "near me": shortest travel time from the user.
    case nearest
    /// "Via", "passing by": the words after it name a stop.
    case via
    /// "And then", "puis": the place named before it is a stop on the way to the next.
    case then
    /// "Near", "close to": the words after it name where to look around.
    case near
    /// "As", "called": the words after it name a favourite.
    case named
    /// "Here", "where I am": the user's position.
    case here
    /// "It", "there", "this place": what the conversation is about.
    case focus
    /// "Off", "disable", "stop": with the voice or vibrations named, they are to be silenced
    /// ("disable voice guidance", "turn off vibrations"), not chosen as the guidance mode.
    case switchOff
    /// "French", "en anglais": a language to speak.
    case speak(AssistantLanguage)
    /// "Set home to", "my work is": the place named is to be saved under this favourite.
    case saveAs(String)
    /// Politeness and hesitation: no meaning at all.
    case filler
}
