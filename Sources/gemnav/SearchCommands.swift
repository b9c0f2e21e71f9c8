import ArgumentParser
import Foundation
import GemNavServices
import GemNavCore
import GemNavSearch

/// `gemnav search`: offline search-ahead over places, streets, addresses and POIs.
struct SearchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search", abstract: "Search places, streets, addresses and points of interest offline.",
        discussion: "json prints a Photon-shaped GeoJSON FeatureCollection.")

    @OptionGroup var dataOptions: DataOptions

    @Argument(help: "What to look for, e.g. \"casino\", \"12 rue grimaldi\", \"pharmacy\".")
    var query: String

    @Option(help: "Prefer results near LAT,LON.")
    var near: String?

    @Option(help: "Results at most (1-50).")
    var limit: Int = 10

    @Option(help: "text or json.")
    var format: String = "text"

    func validate() throws {
        guard (1...50).contains(limit) else { throw ValidationError("--limit must be 1 to 50.") }
        guard ["text", "json"].contains(format) else { throw ValidationError("--format is text or json.") }
        if let near, Coordinate(latLonString: near) == nil {
            throw ValidationError("--near must be LAT,LON, e.g. 43.7384,7.4246.")
        }
    }

    func run() throws {
        let index = try SearchOutput.index(dataOptions)
        let results = try CLIError.wrap {
            try index.search(query, near: near.flatMap { Coordinate(latLonString: $0) }, limit: limit)
        }
        SearchOutput.print(results, format: format, empty: "No results for '\(query)'.")
    }
}

/// `gemnav reverse`: the address or street at a point.
struct ReverseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reverse", abstract: "Find the address or street at a point, offline.",
        discussion: "json prints a Photon-shaped GeoJSON FeatureCollection.")

    @OptionGroup var dataOptions: DataOptions

    @Argument(help: "The point as LAT,LON.")
    var point: String

    @Option(help: "text or json.")
    var format: String = "text"

    func validate() throws {
        guard Coordinate(latLonString: point) != nil else {
            throw ValidationError("'\(point)' is not a coordinate. Write LAT,LON, e.g. 43.7384,7.4246.")
        }
        guard ["text", "json"].contains(format) else { throw ValidationError("--format is text or json.") }
    }

    func run() throws {
        let index = try SearchOutput.index(dataOptions)
        let results = Coordinate(latLonString: point).flatMap(index.reverse).map { [$0] } ?? []
        SearchOutput.print(results, format: format, empty: "No street or address near \(point).")
    }
}

/// Loading and printing shared by `search` and `reverse`.
enum SearchOutput {
    /// The data set's search index.
    /// - Throws: `CLIError` when the data has none, saying how to build it.
    static func index(_ options: DataOptions) throws -> SearchIndex {
        let data = try options.mapData()
        guard let index = try CLIError.wrap({ try data.loadSearchIndex() }) else {
            throw CLIError(description: "No search index at \(data.searchIndexURL.path). Rebuild the data with `gemnav import`.")
        }
        return index
    }

    static func print(_ results: [SearchResult], format: String, empty: String) {
        if format == "json" {
            Swift.print(String(decoding: PhotonGeoJSON.encode(results), as: UTF8.self))
            return
        }
        guard !results.isEmpty else {
            Swift.print(empty)
            return
        }
        for (i, r) in results.enumerated() {
            let distance = r.distance.map { String(format: "  %.0f m", $0) } ?? ""
            Swift.print("\(i + 1). \(PlaceResolver.label(r))  \(PlaceResolver.latLon(r.coordinate))\(distance)")
        }
    }
}
