import CustomDump
import GemNavPresentation
import Testing

/// A screen model as a test store sees it: plain view state out, intents in, one-off effects
/// drained in order.
@MainActor protocol ScreenModel: AnyObject {
    associatedtype State: Equatable
    associatedtype Intent
    associatedtype Effect: Equatable = Never
    var state: State { get }
    func send(_ intent: Intent)
    func takeEffects() -> [Effect]
}

extension ScreenModel where Effect == Never {
    func takeEffects() -> [Never] { [] }
}

extension SearchModel: ScreenModel {}
extension MapModel: ScreenModel {}
extension PlacesModel: ScreenModel {}
extension RoutePlanningModel: ScreenModel {}
extension SettingsModel: ScreenModel {}
extension NavigationModel: ScreenModel {}
extension RideModel: ScreenModel {}
extension DriveSimulation: ScreenModel {}

/// Drives a screen model the way The Composable Architecture's `TestStore` does: every step
/// states how the *whole* view state changes, and every effect must be received, so a change
/// no test expected fails the test instead of passing unseen.
@MainActor final class ScreenStore<Model: ScreenModel> {
    /// The model under test.
    let model: Model
    /// The state every step so far says the screen should show.
    private(set) var expected: Model.State
    /// Effects produced and not yet received by the test.
    private var pending: [Model.Effect] = []

    /// Starts from the model's state as it is; `initial` changes what the test expects of it
    /// before any intent.
    init(_ model: Model, sourceLocation: SourceLocation = #_sourceLocation,
         _ initial: (inout Model.State) -> Void = { _ in })
    {
        self.model = model
        expected = model.state
        initial(&expected)
        check(sourceLocation)
    }

    /// The state the model shows now, for values a test cannot know beforehand (a route the
    /// engine computed); asserting them is still up to `send`'s closure.
    var state: Model.State { model.state }

    /// Sends `intent`, then checks the whole state is the previous one changed by `change`.
    func send(_ intent: Model.Intent, sourceLocation: SourceLocation = #_sourceLocation,
              _ change: (inout Model.State) -> Void = { _ in })
    {
        expectNothingPending(sourceLocation)
        model.send(intent)
        pending += model.takeEffects()
        change(&expected)
        check(sourceLocation)
    }

    /// Lets time pass or answers arrive (`work` advances the test clock, awaits `settled()`…),
    /// then checks the whole state is the previous one changed by `change`.
    func run(_ work: () async -> Void, sourceLocation: SourceLocation = #_sourceLocation,
             _ change: (inout Model.State) -> Void = { _ in }) async
    {
        expectNothingPending(sourceLocation)
        await work()
        pending += model.takeEffects()
        change(&expected)
        check(sourceLocation)
    }

    /// Checks the effects produced since the last ones received, in order.
    func receive(_ effects: Model.Effect..., sourceLocation: SourceLocation = #_sourceLocation) {
        if let difference = diff(effects, pending) {
            Issue.record("Effects other than expected (−expected +produced):\n\(difference)",
                         sourceLocation: sourceLocation)
        }
        pending = []
    }

    /// Ends the test: every effect must have been received.
    func finish(sourceLocation: SourceLocation = #_sourceLocation) {
        pending += model.takeEffects()
        expectNothingPending(sourceLocation)
    }

    private func expectNothingPending(_ sourceLocation: SourceLocation) {
        guard !pending.isEmpty else { return }
        var dump = ""
        customDump(pending, to: &dump)
        Issue.record("Effects produced and never received:\n\(dump)", sourceLocation: sourceLocation)
        pending = []
    }

    private func check(_ sourceLocation: SourceLocation) {
        guard expected != model.state else { return }
        let difference = diff(expected, model.state) ?? "(equal dumps, unequal values)"
        Issue.record("The view state is not what the step says (−expected +actual):\n\(difference)",
                     sourceLocation: sourceLocation)
        expected = model.state      // one mismatch is reported once, not at every later step
    }
}
