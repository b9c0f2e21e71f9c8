/// The MapLibre style (style spec v8) of the web map, in a light and a dark variant, drawing
/// the Shortbread layers GemNav's tiles carry: sea and water, land use, buildings, streets
/// by class, boundaries, points of interest by icon, and labels for places, countries and
/// states, streets and squares, house numbers, water and points of interest. Everything it
/// loads (tiles, glyphs, the icon sprite) comes from the server that serves it.
public enum MapStyle {
    /// The variant: colours change, the layers do not.
    public enum Variant: String, Sendable, CaseIterable {
        case light, dark
    }

    /// The attribution every map of OSM data must show.
    public static let attribution = "© OpenStreetMap contributors"
    /// The font stack of regular labels (the glyph directory served under /fonts).
    public static let regularFont = "DejaVu Sans Book"
    /// The font stack of emphasised labels (cities, major roads).
    public static let boldFont = "DejaVu Sans Bold"

    /// The style document for `variant`, its tile and glyph URLs under `baseURL` (e.g.
    /// `http://host:5000`, no trailing slash): MapLibre resolves a style's URLs on its own,
    /// so they must be absolute.
    /// With `sprite` (the server has `scripts/setup-web.sh`'s icons) points of interest are
    /// drawn as icons by category (`PoiIcons`), else as dots: a style naming a sprite that is
    /// not there fails to load in MapLibre.
    public static func document(_ variant: Variant, baseURL: String, sprite: Bool = false) -> [UInt8] {
        let p = Palette(variant)
        var style: [String: Any] = [
            "version": 8,
            "name": "GemNav \(variant.rawValue)",
            "sources": [
                "gemnav": ["type": "vector", "url": "\(baseURL)/tiles.json", "attribution": attribution],
            ],
            "glyphs": "\(baseURL)/fonts/{fontstack}/{range}.pbf",
            "layers": layers(p, icons: sprite),
        ]
        if sprite { style["sprite"] = "\(baseURL)/sprite" }
        return TileJSON.jsonBytes(style)
    }

    /// Colours of one variant.
    struct Palette {
        var background, water, waterLine, forest, green, residential, commercial, industrial, cemetery, sand, farmland: String
        var site, parking, building, buildingOutline, casing, motorway, trunk, primary, secondary, minor, service, path: String
        var rail, boundary, text, textHalo, waterText, poi, address: String

        init(_ v: Variant) {
            switch v {
            case .light:
                background = "#f2efe9"; water = "#a8cfe8"; waterLine = "#8cbde0"; forest = "#add19e"; green = "#cdebb0"
                residential = "#e8e4de"; commercial = "#f2dad9"; industrial = "#ebdbe8"; cemetery = "#aacbaf"
                sand = "#f5e9c6"; farmland = "#eef0d5"; site = "#f0e8d8"; parking = "#eeeeee"; building = "#d9d0c9"
                buildingOutline = "#c4b6ab"; casing = "#b9a99a"; motorway = "#e892a2"; trunk = "#f9b29c"
                primary = "#fcd6a4"; secondary = "#f7fabf"; minor = "#ffffff"; service = "#ffffff"; path = "#fa8072"
                rail = "#999999"; boundary = "#9e7bb0"; text = "#333333"; textHalo = "#ffffff"; waterText = "#3a6f99"
                poi = "#b05a2a"; address = "#7a6e66"
            case .dark:
                background = "#1e2126"; water = "#14283c"; waterLine = "#1d3a56"; forest = "#1f3324"; green = "#22372a"
                residential = "#24272d"; commercial = "#2e2a31"; industrial = "#2a2a33"; cemetery = "#233327"
                sand = "#363326"; farmland = "#262b24"; site = "#2a2a2a"; parking = "#2c2f35"; building = "#33363d"
                buildingOutline = "#3d4149"; casing = "#15171a"; motorway = "#b0607a"; trunk = "#a0705c"
                primary = "#8c7a55"; secondary = "#6f6f56"; minor = "#4a4e57"; service = "#41454d"; path = "#8a5a55"
                rail = "#6b6b6b"; boundary = "#8a6fa0"; text = "#e0e0e0"; textHalo = "#15171a"; waterText = "#7fa7cc"
                poi = "#e0a070"; address = "#9a9fa8"
            }
        }
    }

    typealias Layer = [String: Any]

    static func filterKind(_ kinds: [String]) -> [Any] { ["in", ["get", "kind"], ["literal", kinds]] }

    /// A zoom-interpolated width per street kind: `stops` are (zoom, [kind: width], default).
    static func width(_ stops: [(Int, [String: Double], Double)]) -> [Any] {
        var expr: [Any] = ["interpolate", ["exponential", 1.5], ["zoom"]]
        for (zoom, widths, fallback) in stops {
            var match: [Any] = ["match", ["get", "kind"]]
            for (k, w) in widths.sorted(by: { $0.key < $1.key }) { match += [k, w] }
            match.append(fallback)
            expr += [zoom, match]
        }
        return expr
    }

    static func fill(_ id: String, _ layer: String, _ color: Any, minzoom: Int? = nil, filter: [Any]? = nil,
                     opacity: Double? = nil) -> Layer
    {
        var paint: [String: Any] = ["fill-color": color]
        if let opacity { paint["fill-opacity"] = opacity }
        var l: Layer = ["id": id, "type": "fill", "source": "gemnav", "source-layer": layer, "paint": paint]
        if let minzoom { l["minzoom"] = minzoom }
        if let filter { l["filter"] = filter }
        return l
    }

    static func line(_ id: String, _ layer: String, paint: [String: Any], minzoom: Int? = nil, filter: [Any]? = nil) -> Layer {
        var l: Layer = ["id": id, "type": "line", "source": "gemnav", "source-layer": layer, "paint": paint,
                        "layout": ["line-cap": "round", "line-join": "round"]]
        if let minzoom { l["minzoom"] = minzoom }
        if let filter { l["filter"] = filter }
        return l
    }

    static func label(_ id: String, _ layer: String, _ p: Palette, size: Any, minzoom: Int? = nil, filter: [Any]? = nil,
                      font: String = regularFont, color: String? = nil, alongLine: Bool = false) -> Layer
    {
        var layout: [String: Any] = [
            "text-field": ["coalesce", ["get", "name"], ["get", "ref"]],
            "text-font": [font], "text-size": size, "text-max-width": 8,
        ]
        if alongLine {
            layout["symbol-placement"] = "line"
            layout["text-rotation-alignment"] = "map"
        }
        var l: Layer = ["id": id, "type": "symbol", "source": "gemnav", "source-layer": layer, "layout": layout,
                        "paint": ["text-color": color ?? p.text, "text-halo-color": p.textHalo, "text-halo-width": 1.5]]
        if let minzoom { l["minzoom"] = minzoom }
        if let filter { l["filter"] = filter }
        return l
    }

    static func layers(_ p: Palette, icons: Bool) -> [Layer] {
        let landColor: [Any] = [
            "match", ["get", "kind"],
            ["forest"], p.forest,
            ["park", "garden", "grass", "meadow", "recreation_ground", "village_green", "playground", "golf_course",
             "grassland", "heath", "scrub", "miniature_golf", "allotments", "orchard", "vineyard", "plant_nursery"], p.green,
            ["residential", "garages"], p.residential,
            ["commercial", "retail"], p.commercial,
            ["industrial", "railway", "landfill", "quarry", "brownfield"], p.industrial,
            ["cemetery", "grave_yard"], p.cemetery,
            ["sand", "beach", "bare_rock", "scree", "shingle"], p.sand,
            ["farmland", "farmyard", "greenfield", "greenhouse_horticulture"], p.farmland,
            ["swamp", "bog", "string_bog", "wet_meadow", "marsh"], p.green,
            p.background,
        ]
        let roadWidth = width([
            (8, ["motorway": 1.5, "trunk": 1.2, "primary": 1], 0.3),
            (12, ["motorway": 3, "trunk": 2.5, "primary": 2.2, "secondary": 2, "tertiary": 1.6, "unclassified": 1,
                  "residential": 1, "living_street": 0.8], 0.5),
            (16, ["motorway": 12, "trunk": 11, "primary": 10, "secondary": 9, "tertiary": 8, "unclassified": 6,
                  "residential": 6, "living_street": 5, "service": 3, "pedestrian": 4, "busway": 4], 1.5),
            (20, ["motorway": 40, "trunk": 36, "primary": 34, "secondary": 30, "tertiary": 26, "unclassified": 22,
                  "residential": 22, "living_street": 18, "service": 12, "pedestrian": 14, "busway": 14], 4),
        ])
        let roadColor: [Any] = [
            "match", ["get", "kind"],
            "motorway", p.motorway, "trunk", p.trunk, "primary", p.primary, "secondary", p.secondary,
            ["service", "track"], p.service,
            p.minor,
        ]
        let roads = ["motorway", "trunk", "primary", "secondary", "tertiary", "unclassified", "residential",
                     "living_street", "service", "pedestrian", "track", "busway", "bus_guideway", "runway", "taxiway"]
        let paths = ["footway", "path", "cycleway", "steps", "bridleway"]
        let notRail: [Any] = ["!=", ["get", "rail"], true]
        return [
            ["id": "background", "type": "background", "paint": ["background-color": p.background]],
            fill("ocean", "ocean", p.water),
            fill("land", "land", landColor),
            fill("sites", "sites", ["match", ["get", "kind"], "parking", p.parking, p.site], minzoom: 14),
            fill("water-polygons", "water_polygons", p.water),
            line("water-lines", "water_lines", paint: [
                "line-color": p.waterLine,
                "line-width": ["interpolate", ["linear"], ["zoom"], 9, ["match", ["get", "kind"], ["river", "canal"], 1, 0.3],
                               16, ["match", ["get", "kind"], ["river", "canal"], 6, 2]],
            ]),
            fill("pier-polygons", "pier_polygons", p.background),
            line("pier-lines", "pier_lines", paint: ["line-color": p.background, "line-width": 3]),
            fill("dam-polygons", "dam_polygons", p.industrial),
            line("dam-lines", "dam_lines", paint: ["line-color": p.industrial, "line-width": 3]),
            fill("street-polygons", "street_polygons", p.minor),
            fill("buildings", "buildings", p.building, minzoom: 14).merging(["paint": [
                "fill-color": p.building, "fill-outline-color": p.buildingOutline,
            ]]) { _, new in new },
            fill("bridges", "bridges", p.parking),
            line("streets-path", "streets", paint: [
                "line-color": p.path, "line-dasharray": [2, 1.5],
                "line-width": ["interpolate", ["linear"], ["zoom"], 13, 0.5, 18, 2],
            ], minzoom: 13, filter: ["all", filterKind(paths), notRail]),
            line("streets-casing", "streets", paint: [
                "line-color": p.casing, "line-gap-width": roadWidth,
                "line-width": ["interpolate", ["linear"], ["zoom"], 12, 0.5, 18, 1.5],
            ], minzoom: 12, filter: ["all", filterKind(roads), notRail]),
            line("streets", "streets", paint: ["line-color": roadColor, "line-width": roadWidth],
                 filter: ["all", filterKind(roads), notRail]),
            line("streets-rail", "streets", paint: [
                "line-color": p.rail, "line-width": ["interpolate", ["linear"], ["zoom"], 8, 0.5, 16, 2],
                "line-dasharray": [3, 2],
            ], filter: ["==", ["get", "rail"], true]),
            line("aerialways", "aerialways", paint: ["line-color": p.rail, "line-width": 1]),
            line("ferries", "ferries", paint: ["line-color": p.waterText, "line-width": 1, "line-dasharray": [3, 3]]),
            line("boundaries", "boundaries", paint: [
                "line-color": p.boundary, "line-dasharray": [4, 2],
                "line-width": ["interpolate", ["linear"], ["zoom"], 0, ["match", ["get", "admin_level"], 2, 1, 0.5],
                               14, ["match", ["get", "admin_level"], 2, 3, 1.5]],
            ], filter: ["!=", ["get", "maritime"], true]),
            label("water-lines-labels", "water_lines_labels", p, size: 12, color: p.waterText, alongLine: true),
            label("water-polygons-labels", "water_polygons_labels", p, size: 12, color: p.waterText),
            label("street-labels", "street_labels", p,
                  size: ["interpolate", ["linear"], ["zoom"], 13, 10, 18, 14], alongLine: true),
            label("streets-polygons-labels", "streets_polygons_labels", p, size: 11, minzoom: 16),
            label("addresses", "addresses", p, size: 10, minzoom: 17, color: p.address).merging(["layout": [
                "text-field": ["coalesce", ["get", "housenumber"], ["get", "housename"]], "text-font": [regularFont],
                "text-size": 10, "text-max-width": 6,
            ]]) { _, new in new },
        ] + poiLayers(p, icons: icons) + [
            label("public-transport", "public_transport", p, size: 11, minzoom: 14, color: p.waterText),
            label("place-labels", "place_labels", p,
                  size: ["match", ["get", "kind"], ["capital", "state_capital", "city"], 18, "town", 15,
                         ["village", "suburb", "island"], 13, 11],
                  font: boldFont),
            label("boundary-labels", "boundary_labels", p,
                  size: ["match", ["get", "admin_level"], 2, 16, 13], font: boldFont, color: p.boundary),
        ]
    }

    /// Points of interest: an icon by category from 15 with the name under it from 16, or
    /// without a sprite a dot and the name.
    static func poiLayers(_ p: Palette, icons: Bool) -> [Layer] {
        let mark: Layer = icons
            ? ["id": "pois-icon", "type": "symbol", "source": "gemnav", "source-layer": "pois", "minzoom": 15,
               "layout": ["icon-image": PoiIcons.expression, "icon-size": 1, "icon-allow-overlap": false]]
            : ["id": "pois-dot", "type": "circle", "source": "gemnav", "source-layer": "pois", "minzoom": 15,
               "paint": ["circle-radius": 3, "circle-color": p.poi, "circle-stroke-color": p.textHalo, "circle-stroke-width": 1]]
        let name = label("pois", "pois", p, size: 11, minzoom: 16, color: p.poi).merging(["layout": [
            "text-field": ["get", "name"], "text-font": [regularFont], "text-size": 11, "text-max-width": 8,
            "text-offset": [0, icons ? 1.2 : 0.9], "text-anchor": "top", "text-optional": true,
        ]]) { _, new in new }
        return [mark, name]
    }
}
