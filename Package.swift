// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "GemNav",
    platforms: [.iOS(.v17), .macOS(.v14)],
    products: [
        .library(name: "GemNavCore", targets: ["GemNavCore"]),
        .library(name: "GemNavOSRM", targets: ["GemNavOSRM"]),
        .library(name: "GemNavOSM", targets: ["GemNavOSM"]),
        .library(name: "GemNavRouting", targets: ["GemNavRouting"]),
        .library(name: "GemNavGuidance", targets: ["GemNavGuidance"]),
        .library(name: "GemNavSearch", targets: ["GemNavSearch"]),
        .library(name: "GemNavNavigation", targets: ["GemNavNavigation"]),
        .library(name: "GemNavStorage", targets: ["GemNavStorage"]),
        .library(name: "GemNavApp", targets: ["GemNavApp"]),
        .library(name: "GemNavServer", targets: ["GemNavServer"]),
        .executable(name: "gemnav", targets: ["gemnav"]),
        .executable(name: "gemnav-bench", targets: ["gemnav-bench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.0.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.0.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.80.0"),
    ],
    targets: [
        // Geometry and the route/step models every layer shares (OSRM v5 shaped).
        .target(name: "GemNavCore"),
        // The OSRM v5 JSON codec (routes, steps, voice and banner instructions) and the
        // streaming JSON writer it is built on.
        .target(name: "GemNavOSRM", dependencies: ["GemNavCore"]),
        // System zlib: PBF blobs are zlib-deflated.
        .systemLibrary(name: "CZlib", path: "Sources/CZlib"),
        // Streaming readers for .osm.pbf and .osm XML.
        .target(name: "GemNavOSM", dependencies: ["GemNavCore", "CZlib"]),
        // Profiles, graph build, contraction hierarchies, snapping, queries.
        .target(name: "GemNavRouting", dependencies: ["GemNavCore", "GemNavOSM"]),
        // Maneuvers, instructions (string tables), voice and banner prompts, GeoJSON and text exports.
        .target(name: "GemNavGuidance", dependencies: ["GemNavCore", "GemNavOSRM"], resources: [.process("Languages")]),
        // Offline geocoding: search-ahead, geocode, reverse.
        .target(name: "GemNavSearch", dependencies: ["GemNavCore", "GemNavOSM"]),
        // The pure navigation state machine, cues and simulation; banners and prompts are worded by
        // Guidance's string tables.
        .target(name: "GemNavNavigation", dependencies: ["GemNavCore", "GemNavGuidance"]),
        // The app's SQLite store (GRDB): location-recording consent and recorded trips.
        .target(
            name: "GemNavStorage",
            dependencies: ["GemNavCore", .product(name: "GRDB", package: "GRDB.swift")]),
        // Glue the CLI and its tests share: route providers (embedded engine, OSRM over HTTP),
        // the embedded-data cache, place resolution and the trip loop.
        .target(
            name: "GemNavApp",
            dependencies: [
                "GemNavCore", "GemNavOSRM", "GemNavOSM", "GemNavRouting", "GemNavGuidance", "GemNavSearch",
                "GemNavNavigation",
            ]),
        // The OSRM-compatible HTTP API (route, nearest) and Photon-shaped search, on Hummingbird.
        .target(
            name: "GemNavServer",
            dependencies: [
                "GemNavCore", "GemNavOSRM", "GemNavRouting", "GemNavGuidance", "GemNavSearch",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]),
        .executableTarget(
            name: "gemnav",
            dependencies: [
                "GemNavCore", "GemNavOSRM", "GemNavOSM", "GemNavRouting", "GemNavGuidance", "GemNavSearch",
                "GemNavNavigation", "GemNavStorage", "GemNavApp", "GemNavServer",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        .executableTarget(
            name: "gemnav-bench",
            dependencies: [
                "GemNavCore", "GemNavOSRM", "GemNavOSM", "GemNavRouting", "GemNavGuidance", "GemNavSearch",
                "GemNavNavigation", "GemNavApp",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        .testTarget(name: "GemNavCoreTests", dependencies: ["GemNavCore"]),
        .testTarget(
            name: "GemNavOSRMTests", dependencies: ["GemNavOSRM", "GemNavCore"], resources: [.copy("Fixtures")]),
        // Helpers the test suites share: OSM XML maps built in code, test data paths.
        .target(name: "GemNavTestSupport", dependencies: ["GemNavCore", "GemNavOSM"], path: "Tests/Support"),
        .testTarget(name: "GemNavOSMTests", dependencies: ["GemNavOSM", "GemNavTestSupport"]),
        .testTarget(name: "GemNavRoutingTests", dependencies: ["GemNavRouting", "GemNavOSM", "GemNavTestSupport"]),
        .testTarget(
            name: "GemNavGuidanceTests",
            dependencies: ["GemNavGuidance", "GemNavCore", "GemNavOSRM", "GemNavRouting", "GemNavTestSupport"],
            resources: [.copy("Fixtures")]),
        .testTarget(name: "GemNavNavigationTests", dependencies: ["GemNavNavigation"]),
        .testTarget(
            name: "GemNavStorageTests",
            dependencies: ["GemNavStorage", .product(name: "GRDB", package: "GRDB.swift")]),
        .testTarget(
            name: "GemNavAppTests",
            dependencies: [
                "GemNavApp", "gemnav", "GemNavCore", "GemNavOSRM", "GemNavRouting", "GemNavGuidance", "GemNavNavigation",
                "GemNavSearch", "GemNavOSM",
            ]),
        .testTarget(name: "GemNavSearchTests", dependencies: ["GemNavSearch", "GemNavOSM", "GemNavCore"]),
        .testTarget(
            name: "GemNavServerTests",
            dependencies: [
                "GemNavServer", "GemNavApp", "GemNavOSRM", "GemNavRouting", "GemNavSearch", "GemNavOSM", "GemNavCore",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ]),
    ]
)
