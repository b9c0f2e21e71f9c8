import Foundation

/// What one OSM object becomes in the tiles: the Shortbread v1.0 classification
/// (https://shortbread-tiles.org/schema/1.0/), as data tables and a few rules.
enum Shortbread {
    /// Tables tried key by key in order, so an object with two matching tags always gets the first.
    typealias KeyedTable<Value> = [(String, [String: Value])]

    /// How an object's geometry is read.
    enum Shape {
        /// A node.
        case node
        /// An open way, or a closed way that is not an area.
        case line
        /// A closed way or multipolygon relation read as an area.
        case area
    }

    /// One feature to make from an object: its layer, its geometry (for areas a `.point`
    /// means the area's centroid), from which zoom, in which order, with which attributes.
    struct Spec {
        var layer: TileLayer
        var geometry: GeometryKind
        var minZoom: Int
        var sortKey: Int32 = 0
        var attributes: [(String, AttributeValue)]
    }

    /// The features an object with `tags` makes when read as `shape`.
    static func classify(_ tags: [String: String], as shape: Shape) -> [Spec] {
        var out: [Spec] = []
        switch shape {
        case .node:
            pointFeatures(tags, into: &out)
        case .line:
            lineFeatures(tags, into: &out)
        case .area:
            areaFeatures(tags, into: &out)
            // Named areas are labelled at their centroid, as Shortbread does for POIs,
            // places and public transport mapped as areas.
            pointFeatures(tags, into: &out)
        }
        return out
    }

    /// Whether a closed way with these tags is an area (a park) rather than a ring-shaped
    /// line (a roundabout, a fence): roads, railways and waterways are lines unless `area=yes`.
    static func closedWayIsArea(_ tags: [String: String]) -> Bool {
        if let area = tags["area"] { return area != "no" }
        for key in ["highway", "railway", "aerialway", "barrier", "route"] where tags[key] != nil { return false }
        if let w = tags["waterway"], w != "riverbank", w != "dock", w != "dam" { return false }
        if let m = tags["man_made"], ["pier", "breakwater", "groyne"].contains(m), tags.count == 1 { return false }
        return true
    }

    // MARK: - Names

    /// `name`, `name_en`, `name_de` from `name`, `name:en`, `name:de`.
    static func names(_ tags: [String: String]) -> [(String, AttributeValue)] {
        var out: [(String, AttributeValue)] = []
        if let v = tags["name"] { out.append(("name", .string(v))) }
        if let v = tags["name:en"] { out.append(("name_en", .string(v))) }
        if let v = tags["name:de"] { out.append(("name_de", .string(v))) }
        return out
    }

    static func isTunnel(_ t: [String: String]) -> Bool {
        ["yes", "building_passage"].contains(t["tunnel"] ?? "") || t["covered"] == "yes"
    }

    static let bridgeValues: Set<String> = ["yes", "viaduct", "boardwalk", "cantilever", "covered",
                                            "low_water_crossing", "movable", "trestle"]
    static func isBridge(_ t: [String: String]) -> Bool { bridgeValues.contains(t["bridge"] ?? "") }

    // MARK: - Areas

    /// `land` kinds and minimum zooms by tag.
    static let land: KeyedTable<(String, Int)> = [
        ("landuse", [
            "forest": ("forest", 7), "grass": ("grass", 11), "meadow": ("meadow", 11), "orchard": ("orchard", 11),
            "vineyard": ("vineyard", 11), "allotments": ("allotments", 11), "cemetery": ("cemetery", 13),
            "village_green": ("village_green", 11), "recreation_ground": ("recreation_ground", 11),
            "greenhouse_horticulture": ("greenhouse_horticulture", 11), "plant_nursery": ("plant_nursery", 11),
            "residential": ("residential", 10), "industrial": ("industrial", 10), "commercial": ("commercial", 10),
            "garages": ("garages", 10), "retail": ("retail", 10), "railway": ("railway", 10),
            "landfill": ("landfill", 10), "quarry": ("quarry", 11), "brownfield": ("brownfield", 10),
            "greenfield": ("greenfield", 10), "farmyard": ("farmyard", 10), "farmland": ("farmland", 10),
        ]),
        ("natural", [
            "wood": ("forest", 7), "sand": ("sand", 10), "beach": ("beach", 10), "heath": ("heath", 11),
            "scrub": ("scrub", 11), "grassland": ("grassland", 11), "bare_rock": ("bare_rock", 11),
            "scree": ("scree", 11), "shingle": ("shingle", 11),
        ]),
        ("wetland", [
            "swamp": ("swamp", 11), "bog": ("bog", 11), "string_bog": ("string_bog", 11),
            "wet_meadow": ("wet_meadow", 11), "marsh": ("marsh", 11),
        ]),
        ("leisure", [
            "golf_course": ("golf_course", 11), "park": ("park", 11), "garden": ("garden", 11),
            "playground": ("playground", 11), "miniature_golf": ("miniature_golf", 11),
        ]),
        ("amenity", ["grave_yard": ("grave_yard", 13)]),
    ]

    /// `sites` kinds by tag (all from zoom 14).
    static let sites: KeyedTable<String> = [
        ("military", ["danger_area": "danger_area"]),
        ("leisure", ["sports_centre": "sports_center"]),
        ("amenity", ["university": "university", "college": "college", "school": "school", "hospital": "hospital",
                    "prison": "prison", "parking": "parking", "bicycle_parking": "bicycle_parking"]),
        ("landuse", ["construction": "construction"]),
    ]

    /// The `water_polygons` kind and minimum zoom of an area, if it is water.
    static func waterKind(_ t: [String: String]) -> (String, Int)? {
        if t["natural"] == "glacier" { return ("glacier", 4) }
        if t["natural"] == "water" { return t["water"] == "river" ? ("river", 4) : ("water", 4) }
        switch t["waterway"] {
        case "riverbank": return ("river", 4)
        case "dock": return ("dock", 10)
        case "canal": return ("canal", 10)
        default: break
        }
        switch t["landuse"] {
        case "reservoir": return ("reservoir", 4)
        case "basin": return ("basin", 4)
        default: return nil
        }
    }

    private static func areaFeatures(_ t: [String: String], into out: inout [Spec]) {
        if let (kind, zoom) = waterKind(t) {
            out.append(Spec(layer: .water_polygons, geometry: .polygon, minZoom: zoom, attributes: [("kind", .string(kind))]))
            if t["name"] != nil {
                out.append(Spec(layer: .water_polygons_labels, geometry: .point, minZoom: max(zoom, 10),
                                attributes: [("kind", .string(kind))] + names(t)))
            }
        }
        for (key, table) in land {
            guard let v = t[key], let (kind, zoom) = table[v] else { continue }
            if key == "wetland", t["natural"] != "wetland" { continue }
            out.append(Spec(layer: .land, geometry: .polygon, minZoom: zoom, attributes: [("kind", .string(kind))]))
            break
        }
        for (key, table) in sites {
            guard let v = t[key], let kind = table[v] else { continue }
            out.append(Spec(layer: .sites, geometry: .polygon, minZoom: 14, attributes: [("kind", .string(kind))] + names(t)))
            break
        }
        if let b = t["building"], b != "no" {
            out.append(Spec(layer: .buildings, geometry: .polygon, minZoom: 14, attributes: []))
        }
        if t["man_made"] == "bridge" {
            out.append(Spec(layer: .bridges, geometry: .polygon, minZoom: 12, attributes: [("kind", .string("bridge"))]))
        }
        if t["waterway"] == "dam" {
            out.append(Spec(layer: .dam_polygons, geometry: .polygon, minZoom: 12, attributes: [("kind", .string("dam"))]))
        }
        if let m = t["man_made"], ["pier", "breakwater", "groyne"].contains(m) {
            out.append(Spec(layer: .pier_polygons, geometry: .polygon, minZoom: 12, attributes: [("kind", .string(m))]))
        }
        if let h = t["highway"], ["pedestrian", "service"].contains(h) {
            var attributes: [(String, AttributeValue)] = [
                ("kind", .string(h)), ("rail", .bool(false)), ("tunnel", .bool(isTunnel(t))), ("bridge", .bool(isBridge(t))),
            ]
            if let s = t["surface"] { attributes.append(("surface", .string(s))) }
            out.append(Spec(layer: .street_polygons, geometry: .polygon, minZoom: 14, attributes: attributes))
            if let label = streetPolygonLabel(t) { out.append(label) }
        }
    }

    // MARK: - Lines

    /// `streets` minimum zooms by `highway=*`.
    static let highwayZoom: [String: Int] = [
        "motorway": 5, "trunk": 6, "primary": 8, "secondary": 9, "tertiary": 10, "unclassified": 12,
        "residential": 12, "busway": 12, "bus_guideway": 12, "living_street": 13, "service": 13,
        "pedestrian": 13, "track": 13, "footway": 13, "steps": 13, "path": 13, "cycleway": 13,
    ]
    /// `streets` minimum zooms by `railway=*`.
    static let railwayZoom: [String: Int] = [
        "rail": 8, "narrow_gauge": 8, "tram": 10, "light_rail": 10, "funicular": 10, "subway": 10, "monorail": 10,
    ]
    /// `street_labels` minimum zooms by the raw `highway=*` value (links keep `_link`).
    static let labelZoom: [String: Int] = [
        "motorway": 10, "motorway_link": 13, "trunk": 12, "trunk_link": 13, "primary": 12, "primary_link": 13,
        "secondary": 13, "secondary_link": 13, "tertiary": 13, "tertiary_link": 14,
    ]
    /// Drawing rank of a street class: major roads draw over minor ones.
    static let rank: [String: Int32] = [
        "motorway": 9, "trunk": 8, "primary": 7, "secondary": 6, "tertiary": 5, "unclassified": 4,
        "residential": 4, "living_street": 3, "busway": 3, "bus_guideway": 3, "service": 2, "pedestrian": 2,
        "track": 1, "rail": 10, "narrow_gauge": 10, "light_rail": 10, "subway": 10, "tram": 10,
    ]
    static let waterLineZoom: [String: Int] = ["river": 9, "canal": 9, "stream": 14, "ditch": 14]
    static let aerialwayKinds: [String: String] = [
        "cable_car": "cable_car", "gondola": "gondola", "goods": "goods", "chair_lift": "chair_lift",
        "drag_lift": "drag_lift", "t-bar": "t-bar", "j-bar": "j-bar", "platter": "platter", "rope_tow": "rope-tow",
    ]

    private static func lineFeatures(_ t: [String: String], into out: inout [Spec]) {
        streetFeatures(t, into: &out)
        if let w = t["waterway"], let zoom = waterLineZoom[w] {
            let attributes: [(String, AttributeValue)] = [
                ("kind", .string(w)), ("tunnel", .bool(isTunnel(t))), ("bridge", .bool(isBridge(t))),
            ]
            out.append(Spec(layer: .water_lines, geometry: .line, minZoom: zoom, sortKey: layerTag(t), attributes: attributes))
            if t["name"] != nil {
                out.append(Spec(layer: .water_lines_labels, geometry: .line, minZoom: max(zoom, 12),
                                attributes: [("kind", .string(w))] + names(t)))
            }
        }
        if t["waterway"] == "dam" {
            out.append(Spec(layer: .dam_lines, geometry: .line, minZoom: 12, attributes: [("kind", .string("dam"))]))
        }
        if let m = t["man_made"], ["pier", "breakwater", "groyne"].contains(m) {
            out.append(Spec(layer: .pier_lines, geometry: .line, minZoom: 12, attributes: [("kind", .string(m))]))
        }
        if let a = t["aerialway"], let kind = aerialwayKinds[a] {
            out.append(Spec(layer: .aerialways, geometry: .line, minZoom: 12, attributes: [("kind", .string(kind))]))
        }
        if t["route"] == "ferry" {
            out.append(Spec(layer: .ferries, geometry: .line, minZoom: t["motor_vehicle"] == "yes" ? 10 : 12,
                            attributes: [("kind", .string("ferry"))] + names(t)))
        }
        if t["boundary"] == "administrative", let level = t["admin_level"].flatMap(Int.init), level == 2 || level == 4 {
            out.append(boundary(level: level, maritime: t["maritime"] == "yes", disputed: t["disputed"] == "yes"))
        }
    }

    /// A `boundaries` line of `level` (2: countries from zoom 0, 4: states from zoom 7).
    static func boundary(level: Int, maritime: Bool, disputed: Bool) -> Spec {
        Spec(layer: .boundaries, geometry: .line, minZoom: level <= 2 ? 0 : 7, sortKey: Int32(-level),
             attributes: [("admin_level", .int(Int64(level))), ("maritime", .bool(maritime)), ("disputed", .bool(disputed))])
    }

    /// The OSM `layer=*` tag, clamped.
    static func layerTag(_ t: [String: String]) -> Int32 {
        Int32(max(-5, min(5, t["layer"].flatMap(Int.init) ?? 0)))
    }

    private static func streetFeatures(_ t: [String: String], into out: inout [Spec]) {
        var kind: String
        var zoom: Int
        var link = false
        let raw: String
        var rail = false
        if let h = t["highway"] {
            raw = h
            if h.hasSuffix("_link"), let base = highwayZoom[String(h.dropLast(5))] {
                kind = String(h.dropLast(5))
                zoom = max(base, 11)
                link = true
            } else if let z = highwayZoom[h] {
                kind = h
                zoom = z
            } else {
                return
            }
        } else if let r = t["railway"], let z = railwayZoom[r] {
            raw = r
            kind = r
            zoom = (r == "rail" || r == "narrow_gauge") && t["service"] != nil ? 10 : z
            rail = true
        } else if let a = t["aeroway"], a == "runway" || a == "taxiway" {
            raw = a
            kind = a
            zoom = a == "runway" ? 11 : 13
        } else {
            return
        }
        let tunnel = isTunnel(t), bridge = isBridge(t)
        let oneway = !rail && ["yes", "1", "true", "-1"].contains(t["oneway"] ?? "")
        var attributes: [(String, AttributeValue)] = [
            ("kind", .string(kind)), ("link", .bool(link)), ("rail", .bool(rail)), ("tunnel", .bool(tunnel)),
            ("bridge", .bool(bridge)), ("oneway", .bool(oneway)), ("oneway_reverse", .bool(!rail && t["oneway"] == "-1")),
        ]
        for key in ["tracktype", "surface", "service", "bicycle", "horse"] {
            if let v = t[key] { attributes.append((key, .string(v))) }
        }
        // OSM's z-order: layers, then bridges over and tunnels under, then major over minor.
        let sortKey = layerTag(t) * 100 + (bridge ? 50 : 0) - (tunnel ? 50 : 0) + (rank[kind] ?? 0) - (link ? 1 : 0)
        out.append(Spec(layer: .streets, geometry: .line, minZoom: zoom, sortKey: sortKey, attributes: attributes))
        guard t["name"] != nil || t["ref"] != nil else { return }
        var label: [(String, AttributeValue)] = [("kind", .string(raw))] + names(t)
        if let ref = t["ref"] {
            let rows = ref.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            label.append(("ref", .string(rows.joined(separator: "\n"))))
            label.append(("ref_rows", .int(Int64(rows.count))))
            label.append(("ref_cols", .int(Int64(rows.map(\.count).max() ?? 0))))
        }
        label += [("tunnel", .bool(tunnel)), ("bridge", .bool(bridge))]
        let labelZoom = rail ? 10 : raw == "runway" ? 11 : raw == "taxiway" ? 13 : (labelZoom[raw] ?? 14)
        out.append(Spec(layer: .street_labels, geometry: .line, minZoom: labelZoom, sortKey: -sortKey, attributes: label))
    }

    // MARK: - Points

    /// `place_labels`: minimum zoom and default population by `place=*`.
    static let places: [String: (Int, Int64)] = [
        "city": (6, 100_000), "town": (7, 5_000), "village": (10, 100), "hamlet": (10, 50), "suburb": (10, 1_000),
        "quarter": (10, 500), "neighbourhood": (10, 100), "isolated_dwelling": (10, 5), "farm": (10, 5),
        "island": (10, 0), "locality": (10, 0),
    ]

    /// `public_transport` kinds and minimum zooms by tag.
    static let transport: KeyedTable<Int> = [
        ("aeroway", ["aerodrome": 11, "helipad": 13]),
        ("railway", ["station": 13, "halt": 13, "tram_stop": 14]),
        ("amenity", ["bus_station": 13, "ferry_terminal": 12]),
        ("highway", ["bus_stop": 14]),
        ("aerialway", ["station": 13]),
    ]

    /// The `pois` keys, in the order they are tried, with the values kept for each.
    static let poiKeys: [(String, Set<String>)] = [
        ("amenity", [
            "police", "fire_station", "post_box", "post_office", "telephone", "library", "townhall", "courthouse",
            "prison", "embassy", "community_centre", "nursing_home", "arts_centre", "grave_yard", "marketplace",
            "recycling", "university", "school", "college", "public_building", "pharmacy", "hospital", "clinic",
            "doctors", "dentist", "veterinary", "theatre", "nightclub", "cinema", "restaurant", "fast_food", "cafe",
            "pub", "bar", "food_court", "biergarten", "shelter", "car_rental", "car_wash", "car_sharing",
            "bicycle_rental", "vending_machine", "bank", "atm", "toilets", "bench", "drinking_water", "fountain",
            "hunting_stand", "waste_basket", "place_of_worship", "playground", "dog_park", "fuel", "parking",
        ]),
        ("leisure", ["sports_centre", "pitch", "swimming_pool", "water_park", "golf_course", "stadium", "ice_rink"]),
        ("tourism", [
            "hotel", "motel", "bed_and_breakfast", "guest_house", "hostel", "chalet", "camp_site", "alpine_hut",
            "caravan_site", "information", "picnic_site", "viewpoint", "zoo", "theme_park", "museum", "attraction",
            "artwork",
        ]),
        ("shop", [
            "supermarket", "bakery", "kiosk", "mall", "department_store", "general", "convenience", "clothes",
            "florist", "chemist", "books", "butcher", "shoes", "alcohol", "beverages", "optician", "jewelry", "gift",
            "sports", "stationery", "outdoor", "mobile_phone", "toys", "newsagent", "greengrocer", "beauty", "video",
            "car", "bicycle", "doityourself", "hardware", "furniture", "computer", "garden_centre", "hairdresser",
            "travel_agency", "laundry", "dry_cleaning",
        ]),
        ("man_made", ["surveillance", "tower", "windmill", "lighthouse", "wastewater_plant", "water_well",
                      "watermill", "water_works"]),
        ("historic", ["monument", "memorial", "artwork", "castle", "ruins", "archaeological_site", "wayside_cross",
                      "wayside_shrine", "battlefield", "fort"]),
        ("emergency", ["phone", "fire_hydrant", "defibrillator"]),
        ("highway", ["emergency_access_point"]),
        ("office", ["diplomatic"]),
    ]

    private static func pointFeatures(_ t: [String: String], into out: inout [Spec]) {
        if let p = t["place"], let (zoom, defaultPopulation) = places[p], t["name"] != nil {
            let population = t["population"].flatMap { Int64($0.filter(\.isNumber)) } ?? defaultPopulation
            var kind = p, minZoom = zoom
            if ["city", "town", "village", "hamlet"].contains(p) {
                if t["capital"] == "yes" || t["capital"] == "2" {
                    kind = "capital"
                    minZoom = 4
                } else if t["capital"] == "4" {
                    kind = "state_capital"
                    minZoom = 4
                }
            }
            out.append(Spec(layer: .place_labels, geometry: .point, minZoom: minZoom,
                            sortKey: Int32(clamping: -population),
                            attributes: [("kind", .string(kind))] + names(t) + [("population", .int(population))]))
        }
        for (key, table) in transport {
            guard let v = t[key], let zoom = table[v] else { continue }
            let kind = key == "aerialway" ? "aerialway_station" : v
            out.append(Spec(layer: .public_transport, geometry: .point, minZoom: zoom,
                            attributes: [("kind", .string(kind))] + names(t)))
            break
        }
        if t["highway"] == "motorway_junction" {
            var attributes: [(String, AttributeValue)] = [("kind", .string("motorway_junction"))] + names(t)
            if let ref = t["ref"] { attributes.append(("ref", .string(ref))) }
            out.append(Spec(layer: .street_labels_points, geometry: .point, minZoom: 12, attributes: attributes))
        }
        if let poi = poi(t) { out.append(poi) }
        if let address = address(t) { out.append(address) }
    }

    /// The `pois` feature of an object, if it is one of Shortbread's points of interest.
    static func poi(_ t: [String: String]) -> Spec? {
        var attributes: [(String, AttributeValue)] = []
        for (key, values) in poiKeys {
            if let v = t[key], values.contains(v) { attributes.append((key, .string(v))) }
        }
        guard !attributes.isEmpty else { return nil }
        attributes += names(t)
        if let v = t["addr:housename"] { attributes.append(("housename", .string(v))) }
        if let v = t["addr:housenumber"] { attributes.append(("housenumber", .string(v))) }
        let amenity = t["amenity"] ?? "", leisure = t["leisure"] ?? ""
        if ["restaurant", "fast_food", "pub", "bar", "cafe"].contains(amenity), let v = t["cuisine"] {
            attributes.append(("cuisine", .string(v)))
        }
        if ["pitch", "sports_centre"].contains(leisure), let v = t["sport"] { attributes.append(("sport", .string(v))) }
        if amenity == "vending_machine", let v = t["vending"] { attributes.append(("vending", .string(v))) }
        if t["tourism"] == "information", let v = t["information"] { attributes.append(("information", .string(v))) }
        if t["man_made"] == "tower", let v = t["tower:type"] { attributes.append(("tower:type", .string(v))) }
        if amenity == "place_of_worship" {
            if let v = t["religion"] { attributes.append(("religion", .string(v))) }
            if let v = t["denomination"] { attributes.append(("denomination", .string(v))) }
        }
        if amenity == "recycling" {
            for k in ["recycling:glass_bottles", "recycling:paper", "recycling:clothes", "recycling:scrap_metal"] {
                attributes.append((k, .bool(t[k] == "yes")))
            }
        }
        if amenity == "bank" { attributes.append(("atm", .bool(t["atm"] == "yes"))) }
        return Spec(layer: .pois, geometry: .point, minZoom: 14, attributes: attributes)
    }
}
