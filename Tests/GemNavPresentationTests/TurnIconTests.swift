import GemNavCore
import GemNavPresentation
import Testing

@Suite struct TurnIconTests {
    @Test(arguments: [
        (ManeuverType.turn, ManeuverModifier.left, TurnIcon.left, "arrow.turn.up.left", "↰"),
        (.turn, .sharpRight, .sharpRight, "arrow.turn.right.up", "↱"),
        (.roundabout, .right, .roundabout, "arrow.clockwise", "↻"),
        (.exitRotary, .slightRight, .roundabout, "arrow.clockwise", "↻"),
        (.offRamp, .slightLeft, .exitLeft, "arrow.turn.left.down", "↖"),
        (.offRamp, .right, .exitRight, "arrow.turn.right.down", "↗"),
        (.merge, .slightLeft, .merge, "arrow.merge", "⤲"),
        (.continue, .uturn, .uturn, "arrow.uturn.left", "↶"),
        (.newName, .straight, .straight, "arrow.up", "↑"),
    ])
    func maneuversMapToTheSeedsIcons(type: ManeuverType, modifier: ManeuverModifier, icon: TurnIcon, symbol: String,
                                     arrow: String)
    {
        let made = TurnIcon(type: type, modifier: modifier)
        #expect(made == icon && made.systemImageName == symbol && made.arrow == arrow)
    }

    @Test func arrivalHasItsFlag() {
        #expect(TurnIcon(type: .arrive, modifier: nil) == .arrive && TurnIcon.arrive.arrow == "⚑")
    }
}
