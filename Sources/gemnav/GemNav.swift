import ArgumentParser

/// The `gemnav` command: offline routing, guidance, search and navigation on OpenStreetMap data.
@main
struct GemNav: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gemnav",
        abstract: "Offline turn-by-turn navigation on OpenStreetMap data.",
        discussion: "Map data © OpenStreetMap contributors, ODbL.",
        subcommands: [
            ImportCommand.self, RouteCommand.self, NavigateCommand.self, SearchCommand.self, ReverseCommand.self,
            ConsentCommand.self, TripsCommand.self, ServeCommand.self, AskCommand.self, ChatCommand.self, SupportLogCommand.self,
            TableCommand.self, TrafficCommand.self,
            RideCommand.self, RidesCommand.self,
        ])
}
