/// The icons points of interest are drawn with, by the `pois` attributes they stand for. The
/// sprite (`scripts/make_sprite.py`, run by `scripts/setup-web.sh`) has one image per name;
/// the style picks the first category that matches, else `poi`.
public enum PoiIcons {
    /// Icon names with the `pois` key and values each stands for (no values: any value).
    public static let categories: [(icon: String, key: String, values: [String])] = [
        ("fuel", "amenity", ["fuel"]),
        ("parking", "amenity", ["parking", "bicycle_parking"]),
        ("pharmacy", "amenity", ["pharmacy"]),
        ("hospital", "amenity", ["hospital", "clinic", "doctors", "dentist", "veterinary"]),
        ("restaurant", "amenity", ["restaurant", "fast_food", "food_court"]),
        ("cafe", "amenity", ["cafe"]),
        ("bar", "amenity", ["bar", "pub", "biergarten", "nightclub"]),
        ("bank", "amenity", ["bank", "atm"]),
        ("post", "amenity", ["post_office", "post_box"]),
        ("toilets", "amenity", ["toilets"]),
        ("worship", "amenity", ["place_of_worship"]),
        ("school", "amenity", ["school", "college", "university", "library"]),
        ("civic", "amenity", ["police", "fire_station", "townhall", "courthouse", "embassy"]),
        ("theatre", "amenity", ["theatre", "cinema", "arts_centre"]),
        ("hotel", "tourism", ["hotel", "motel", "hostel", "guest_house", "bed_and_breakfast", "chalet", "alpine_hut"]),
        ("information", "tourism", ["information"]),
        ("attraction", "tourism", ["museum", "attraction", "artwork", "viewpoint", "zoo", "theme_park"]),
        ("attraction", "historic", []),
        ("shop", "shop", []),
        ("sport", "leisure", []),
    ]

    /// The icon of a point of interest none of the categories match.
    public static let fallback = "poi"

    /// Every icon name the style uses, each once.
    public static var names: [String] {
        var seen: Set<String> = []
        return (categories.map(\.icon) + [fallback]).filter { seen.insert($0).inserted }
    }

    /// The style expression choosing a feature's icon.
    static var expression: [Any] {
        var expr: [Any] = ["case"]
        for (icon, key, values) in categories {
            expr.append(values.isEmpty ? ["has", key] : ["match", ["get", key], values, true, false])
            expr.append(icon)
        }
        expr.append(fallback)
        return expr
    }
}
