import ArgumentParser

/// `gemnav-bench`: release-build benchmarks that write JSON, for side-by-side comparison with
/// peer engines (see bench/).
@main
struct Bench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gemnav-bench", abstract: "GemNav benchmarks (run with -c release).",
        subcommands: [RouteBench.self, SearchBench.self, NavigateBench.self, AppBench.self, TilesBench.self,
                      AssistantBench.self, TableBench.self, AvoidBench.self, TruckBench.self])
}
