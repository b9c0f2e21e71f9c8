import GemNavCore
import GemNavSearch
import Testing
@testable import GemNavAssistant

/// The grammar alone, no map: each intent in English and French, with filler, typos, missing
/// accents and free word order, and the slots it fills.
@Suite struct ParserTests {
    let parser = IntentParser()

    func intent(_ text: String) -> Intent? { parser.parse(text).intent }

    @Test(arguments: [
        ("could you please take me to the stade louis II", Intent.navigate),
        ("emmene moi au casino stp", .navigate),
        ("to the place du palais, take me", .navigate),
        ("find the nearest pharmacy", .findNearby),
        ("y a t il une pharmacie pres d'ici", .findNearby),
        ("add a stop at the casino", .addStop),
        ("ajoute un arret a la place du palais", .addStop),
        ("avoid tolls", .setAvoid),
        ("evite les peages", .setAvoid),
        ("switch to pocket mode", .setMode),
        ("passe en mode vocal", .setMode),
        ("mute", .mute),
        ("coupe le son", .mute),
        ("unmute", .unmute),
        ("remets le son", .unmute),
        // The voice named with a mute or an "off" is to be silenced, not chosen as the mode.
        ("mute voice guidance", .mute),
        ("disable voice guidance", .mute),
        ("turn voice guidance off", .mute),
        ("stop the voice guidance", .mute),
        ("désactive le guidage vocal", .mute),
        ("coupe la voix", .mute),
        ("turn on voice guidance", .setMode),
        ("can you repeat that", .repeatInstruction),
        ("tu peux repeter", .repeatInstruction),
        ("how long until we arrive", .eta),
        ("on arrive quand", .eta),
        ("what's the speed limit", .speedLimit),
        ("limitation de vitesse", .speedLimit),
        ("where am i", .whereAmI),
        ("ou suis je", .whereAmI),
        ("cancel the trip", .cancelNavigation),
        ("annule la navigation", .cancelNavigation),
        ("save this place as home", .saveFavourite),
        ("ajoute aux favoris", .saveFavourite),
        ("call me a taxi", .requestRide),
        ("commande un taxi pour le casino", .requestRide),
        ("the second one", .select),
        ("le deuxième", .select),
        ("pause navigation", .pauseNavigation),
        ("mets la navigation en pause", .pauseNavigation),
        ("resume guidance", .resumeNavigation),
        ("carry on", .resumeNavigation),
        ("reprends le guidage", .resumeNavigation),
        ("continue to the next stop", .continueToNextStop),
        ("on repart", .continueToNextStop),
        ("skip the next stop", .skipStop),
        ("remove this stop", .skipStop),
        ("saute le prochain arrêt", .skipStop),
        ("is there a faster route", .checkRoute),
        ("reroute", .checkRoute),
        ("avoid traffic", .checkRoute),
        ("un itinéraire plus rapide", .checkRoute),
        ("what time will we arrive", .eta),
        // Vibrations named with an "off" word stop the cues; named alone they choose pocket mode.
        ("turn off vibrations", .vibrationsOff),
        ("no vibrations", .vibrationsOff),
        ("coupe les vibrations", .vibrationsOff),
        ("turn on vibrations", .setMode),
        ("set home to the casino", .saveFavourite),
        ("speak french", .setLanguage),
        ("switch to english", .setLanguage),
        ("parle anglais", .setLanguage),
        ("passe en français", .setLanguage),
        ("turn the volume up", .unmute),
        ("i'm hungry", .findNearby),
        ("give me another route", .checkRoute),
        ("how long does it take to drive to the casino", .eta),
        ("book me a taxi to the casino", .requestRide),
        ("ma maison est le casino", .saveFavourite),
    ])
    func understandsEachIntent(_ text: String, _ expected: Intent) {
        #expect(intent(text) == expected, "\(text)")
    }

    @Test func fillsTheSlots() {
        let r = parser.parse("please take me to the stade louis II via place du palais avoiding tolls and ferries on foot")
        #expect(r.place == .text("stade louis ii"))
        #expect(r.stops == [.text("place du palais")])
        #expect(r.avoid == [.tolls, .ferries])
        #expect(r.profile == .foot)
        #expect(r.language == .en)

        let fr = parser.parse("emmène-moi au jardin exotique à vélo sans autoroute")
        #expect(fr.place == .text("jardin exotique") && fr.profile == .bicycle && fr.avoid == [.motorways])
        #expect(fr.language == .fr)

        let nearby = parser.parse("pharmacie la plus proche du casino")
        #expect(nearby.intent == .findNearby && nearby.place == .category(.pharmacy) && nearby.nearest)
        #expect(parser.parse("find a cafe near the casino").anchor == .text("casino"))
        #expect(parser.parse("save this place as home").name == "Home")
        #expect(parser.parse("switch to haptic mode").mode == .haptic)
        #expect(parser.parse("allow tolls again").allow == [.tolls])
    }

    @Test func commandsSayTheirLanguage() {
        // "Pause" and "navigation" are French words too: the English phrase decides.
        #expect(parser.parse("pause navigation").language == .en)
        #expect(parser.parse("mets en pause").language == .fr)
    }

    @Test func favouritesAreSetToThePlaceNamed() {
        let home = parser.parse("set my home address to the stade louis II")
        #expect(home.name == "Home" && home.place == .text("stade louis ii"))
        let work = parser.parse("mon bureau est place du palais")
        #expect(work.name == "Work" && work.place == .text("place du palais"))
    }

    @Test func stopsJoinedByAndAreStopsEach() {
        let r = parser.parse("take me to the stade louis II via the casino and the jardin exotique")
        #expect(r.place == .text("stade louis ii") && r.stops == [.text("casino"), .text("jardin exotique")])
        #expect(parser.parse("va au stade louis II en passant par le casino et le jardin exotique").stops.count == 2)
        #expect(parser.parse("take me to the stade louis II via the casino and the port and fontvieille").stops
            == [.text("casino"), .text("port"), .text("fontvieille")])
    }

    @Test func aTypoCloseToTwoWordsTakesTheOneMakingAPhrase() {
        #expect(TypoCorrection.candidates("spead", in: parser.lexicon) == ["speak", "speed"])
        #expect(parser.parse("spead limit").intent == .speedLimit)
        #expect(parser.parse("talk to me in english").intent == .setLanguage)
    }

    @Test func fromHereIsNoPlace() {
        #expect(parser.parse("how far is the casino from here").place == .text("casino"))
        #expect(parser.parse("c'est loin le casino d'ici").place == .text("casino"))
    }

    @Test func theFastestRouteToAPlaceIsATrip() {
        #expect(parser.parse("the fastest route to the casino").place == .text("casino"))
    }

    @Test func thenMakesTheFirstPlaceAStop() {
        let r = parser.parse("navigate to the casino and then to the stade louis II")
        #expect(r.intent == .navigate && r.place == .text("stade louis ii") && r.stops == [.text("casino")])
        let fr = parser.parse("va au port hercule puis au jardin exotique")
        #expect(fr.place == .text("jardin exotique") && fr.stops == [.text("port hercule")])
    }

    @Test func toleratesTyposButKeepsNames() {
        #expect(parser.parse("find a pharamcy").place == .category(.pharmacy))
        #expect(intent("cancle the route") == .cancelNavigation)
        #expect(intent("evitez les peages") == .setAvoid)
        // A name the map knows is not a typo of a lexicon word.
        #expect(parser.parse("take me to cafe de paris", names: ["paris"]).place == .text("cafe de paris"))
    }

    @Test func categoryWordsInsideNamesStayNames() {
        #expect(parser.parse("take me to the hotel de paris", names: ["paris"]).place == .text("hotel de paris"))
        #expect(parser.parse("take me to the nearest hotel").place == .category(.hotel))
    }

    @Test func nothingRecognisedIsUnknown() {
        #expect(intent("") == nil)
        #expect(intent("hmm ok thanks") == nil)
    }
}
