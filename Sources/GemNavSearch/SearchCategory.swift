/// What a point of interest is for, as people ask for it ("pharmacy", "coffee", "fuel").
///
/// The raw value is the English display word. The order of cases is part of the index file
/// format (a category is stored as its position), so new cases go at the end, before `other`
/// only together with a format version bump.
public enum SearchCategory: String, CaseIterable, Sendable, Codable {
    /// Pharmacies and chemists.
    case pharmacy
    /// Cafés and coffee shops.
    case cafe
    /// Restaurants.
    case restaurant
    /// Fast food and food courts.
    case fastFood = "fast food"
    /// Bars and night clubs.
    case bar
    /// Pubs and beer gardens.
    case pub
    /// Fuel stations.
    case fuel
    /// Car and motorcycle parks.
    case parking
    /// Supermarkets, department stores, malls.
    case supermarket
    /// Convenience stores, kiosks, newsagents.
    case convenience
    /// Bakeries, pastry and sweet shops.
    case bakery
    /// Hotels, motels, hostels, guest houses.
    case hotel
    /// Hospitals.
    case hospital
    /// Clinics.
    case clinic
    /// Doctors' practices.
    case doctor
    /// Dentists.
    case dentist
    /// Cash machines.
    case atm
    /// Banks and bureaux de change.
    case bank
    /// Post offices.
    case postOffice = "post office"
    /// Police stations.
    case police
    /// Schools and kindergartens.
    case school
    /// Universities and colleges.
    case university
    /// Libraries.
    case library
    /// Public toilets.
    case toilets
    /// Cinemas.
    case cinema
    /// Theatres and arts centres.
    case theatre
    /// Museums and galleries.
    case museum
    /// Sights: attractions, artworks, monuments, castles, memorials.
    case attraction
    /// Viewpoints.
    case viewpoint
    /// Parks and gardens.
    case park
    /// Playgrounds.
    case playground
    /// Sports and fitness centres, stadiums, pitches, pools.
    case sports
    /// Marinas.
    case marina
    /// Bus stations.
    case busStation = "bus station"
    /// Railway stations and halts.
    case trainStation = "train station"
    /// Tram stops.
    case tramStop = "tram stop"
    /// Metro entrances.
    case subway
    /// Bus stops.
    case busStop = "bus stop"
    /// Airports and airfields.
    case airport
    /// Churches, mosques, synagogues and other places of worship.
    case placeOfWorship = "place of worship"
    /// Car washes.
    case carWash = "car wash"
    /// Electric vehicle charging stations.
    case chargingStation = "charging station"
    /// Car rental.
    case carRental = "car rental"
    /// Bicycle rental and sharing.
    case bicycleRental = "bicycle rental"
    /// Taxi ranks.
    case taxi
    /// Hairdressers and beauty salons.
    case hairdresser
    /// Clothes and shoe shops.
    case clothes
    /// Any other shop.
    case shop
    /// Any other named amenity, tourism, leisure or historic feature.
    case other

    /// `allCases` computed once (the synthesised property allocates on every call).
    static let ordered = allCases
    private static let codes = Dictionary(uniqueKeysWithValues: ordered.enumerated().map { ($1, UInt8($0)) })

    /// The category's position, as stored in the index.
    var code: UInt8 { Self.codes[self]! }

    /// The category stored as `code`, or `other` for an unknown code.
    static func from(code: UInt64) -> SearchCategory {
        code < ordered.count ? ordered[Int(code)] : .other
    }

    /// The display name of an unnamed point of this category ("Pharmacy").
    var title: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }

    /// The category of an object with these tags, with the tag that decided it, or nil
    /// when the object is not a point of interest at all.
    static func classify(_ tags: [String: String]) -> (category: SearchCategory, key: String, value: String)? {
        for key in poiKeys {
            guard let value = tags[key] else { continue }
            if let known = byTag[key + "=" + value] { return (known, key, value) }
            // A named shop or amenity of a kind without a category is still worth finding
            // by name; unnamed ones of such kinds (benches, bins) are left out by the caller.
            if key == "shop" { return (.shop, key, value) }
            if key == "amenity" || key == "tourism" || key == "leisure" || key == "historic" {
                return (.other, key, value)
            }
        }
        return nil
    }

    /// Keys that make an object a point of interest, most telling first.
    static let poiKeys = [
        "amenity", "shop", "tourism", "railway", "public_transport", "aeroway", "highway",
        "leisure", "historic",
    ]

    private static let byTag: [String: SearchCategory] = {
        var map: [String: SearchCategory] = [:]
        for (category, tags) in tagTable {
            for tag in tags { map[tag] = category }
        }
        return map
    }()

    private static let tagTable: [(SearchCategory, [String])] = [
        (.pharmacy, ["amenity=pharmacy", "shop=chemist"]),
        (.cafe, ["amenity=cafe", "shop=coffee"]),
        (.restaurant, ["amenity=restaurant"]),
        (.fastFood, ["amenity=fast_food", "amenity=food_court"]),
        (.bar, ["amenity=bar", "amenity=nightclub"]),
        (.pub, ["amenity=pub", "amenity=biergarten"]),
        (.fuel, ["amenity=fuel"]),
        (.parking, ["amenity=parking", "amenity=motorcycle_parking"]),
        (.supermarket, ["shop=supermarket", "shop=department_store", "shop=mall"]),
        (.convenience, ["shop=convenience", "shop=kiosk", "shop=newsagent"]),
        (.bakery, ["shop=bakery", "shop=pastry", "shop=confectionery"]),
        (.hotel, ["tourism=hotel", "tourism=motel", "tourism=hostel", "tourism=guest_house",
                  "tourism=apartment"]),
        (.hospital, ["amenity=hospital"]),
        (.clinic, ["amenity=clinic"]),
        (.doctor, ["amenity=doctors"]),
        (.dentist, ["amenity=dentist"]),
        (.atm, ["amenity=atm"]),
        (.bank, ["amenity=bank", "amenity=bureau_de_change"]),
        (.postOffice, ["amenity=post_office"]),
        (.police, ["amenity=police"]),
        (.school, ["amenity=school", "amenity=kindergarten"]),
        (.university, ["amenity=university", "amenity=college"]),
        (.library, ["amenity=library"]),
        (.toilets, ["amenity=toilets"]),
        (.cinema, ["amenity=cinema"]),
        (.theatre, ["amenity=theatre", "amenity=arts_centre"]),
        (.museum, ["tourism=museum", "tourism=gallery"]),
        (.attraction, ["tourism=attraction", "tourism=artwork", "historic=monument",
                       "historic=castle", "historic=memorial"]),
        (.viewpoint, ["tourism=viewpoint"]),
        (.park, ["leisure=park", "leisure=garden"]),
        (.playground, ["leisure=playground"]),
        (.sports, ["leisure=sports_centre", "leisure=stadium", "leisure=pitch",
                   "leisure=fitness_centre", "leisure=swimming_pool"]),
        (.marina, ["leisure=marina"]),
        (.busStation, ["amenity=bus_station"]),
        (.trainStation, ["railway=station", "railway=halt", "public_transport=station"]),
        (.tramStop, ["railway=tram_stop"]),
        (.subway, ["railway=subway_entrance"]),
        (.busStop, ["highway=bus_stop"]),
        (.airport, ["aeroway=aerodrome"]),
        (.placeOfWorship, ["amenity=place_of_worship"]),
        (.carWash, ["amenity=car_wash"]),
        (.chargingStation, ["amenity=charging_station"]),
        (.carRental, ["amenity=car_rental"]),
        (.bicycleRental, ["amenity=bicycle_rental"]),
        (.taxi, ["amenity=taxi"]),
        (.hairdresser, ["shop=hairdresser", "shop=beauty"]),
        (.clothes, ["shop=clothes", "shop=shoes", "shop=boutique"]),
    ]
}
