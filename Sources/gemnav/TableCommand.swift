import ArgumentParser
import Foundation
import GemNavCore
import GemNavOSRM
import GemNavRouting
import GemNavServices

/// `gemnav table`: driving times and distances from every source to every destination.
struct TableCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "table", abstract: "Travel times and distances between many places at once (a matrix).",
        discussion: """
            Places are separated by ';', each LAT,LON or a place name. Without --destinations the sources \
            are also the destinations. Formats: text (minutes and kilometres per pair), json (an OSRM v5 \
            table response with durations and distances).
            """)

    @OptionGroup var dataOptions: DataOptions

    @Option(help: "Where to leave from: 'LAT,LON;LAT,LON;…' or place names.")
    var sources: String

    @Option(help: "Where to go: 'LAT,LON;…' or place names (default: the sources).")
    var destinations: String?

    @Option(help: "Road kinds to avoid: tolls,motorways,ferries.")
    var avoid: String = ""

    @Option(help: "text or json.")
    var format: String = "text"

    func validate() throws {
        guard AvoidOptions(list: avoid) != nil else {
            throw ValidationError("Unknown --avoid value '\(avoid)'. Use a comma-separated list of tolls, motorways, ferries.")
        }
        guard ["text", "json"].contains(format) else { throw ValidationError("--format is text or json.") }
        guard !Self.places(sources).isEmpty else { throw ValidationError("--sources needs at least one place.") }
        if let destinations, Self.places(destinations).isEmpty {
            throw ValidationError("--destinations needs at least one place.")
        }
    }

    /// The places of a `;`-separated list, blanks trimmed, empty entries dropped.
    static func places(_ list: String) -> [String] {
        list.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    func run() throws {
        let data = try dataOptions.mapData()
        let engine = try CLIError.wrap { try data.loadEngine() }
        let from = Self.places(sources), to = destinations.map(Self.places) ?? from
        let texts = from + to
        let places = try CLIError.wrap { try data.placeResolver(for: texts).resolve(all: texts) }
        let coordinates = places.map(\.coordinate)
        let table = try CLIError.wrap {
            try engine.table(sources: Array(coordinates[..<from.count]), destinations: Array(coordinates[from.count...]),
                             avoid: AvoidOptions(list: avoid) ?? [])
        }
        switch format {
        case "json":
            let bytes = OSRMCodec.encodeTable(durations: table.durations, distances: table.distances,
                                              sources: table.sources, destinations: table.destinations)
            print(String(decoding: bytes, as: UTF8.self))
        default:
            print(Self.text(table, sourceNames: places[..<from.count].map(\.name),
                            destinationNames: places[from.count...].map(\.name)), terminator: "")
        }
    }

    /// One line per pair: `from → to  12.5 min  8.3 km`, or `no route`.
    static func text(_ table: TravelTable, sourceNames: [String], destinationNames: [String]) -> String {
        let width = min(40, (sourceNames + destinationNames).map(\.count).max() ?? 0)
        func padded(_ s: String) -> String {
            s.count >= width ? String(s.prefix(width)) : s + String(repeating: " ", count: width - s.count)
        }
        var out = ""
        for (i, source) in sourceNames.enumerated() {
            for (j, destination) in destinationNames.enumerated() {
                out += "\(padded(source)) → \(padded(destination))  "
                if let seconds = table.durations[i][j], let metres = table.distances[i][j] {
                    out += String(format: "%6.1f min  %6.2f km\n", seconds / 60, metres / 1000)
                } else {
                    out += "no route\n"
                }
            }
        }
        return out
    }
}
