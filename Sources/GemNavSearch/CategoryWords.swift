/// The words people type for a category, in English, French, Portuguese, Spanish and Italian,
/// already folded (lower case, no accents), and the filler words of "… near me" queries.
enum CategoryWords {
    /// Folded phrase ("gas station") → category.
    static let phrases: [String: SearchCategory] = {
        var map: [String: SearchCategory] = [:]
        for category in SearchCategory.allCases where category != .other {
            map[TextFolding.normalize(category.rawValue)] = category
        }
        for (category, words) in synonyms {
            for word in words { map[TextFolding.normalize(word)] = category }
        }
        return map
    }()

    /// Words that say "close to where I am" and carry no name: dropped before matching a category.
    static let filler: Set<String> = [
        "near", "me", "nearby", "around", "here", "closest", "nearest", "a", "an", "the", "in",
        "pres", "de", "moi", "proche", "ici", "perto", "mim", "aqui", "cerca", "mi",
        "vicino", "open", "find", "best",
    ]

    /// The category a whole query asks for, as typed or once filler words are dropped, or nil.
    /// - Parameter allowPrefix: whether the last word may be unfinished ("pharm"); it must
    ///   then have at least four letters and lead to a single category.
    static func category(of tokens: [String], allowPrefix: Bool) -> (SearchCategory, exact: Bool)? {
        if let whole = phrases[tokens.joined(separator: " ")] { return (whole, true) }
        let words = tokens.filter { !filler.contains($0) }
        guard !words.isEmpty, words.count <= 3 else { return nil }
        let phrase = words.joined(separator: " ")
        if let exact = phrases[phrase] { return (exact, true) }
        guard allowPrefix, let last = words.last, last.count >= 4 else { return nil }
        var found: SearchCategory?
        for (candidate, category) in phrases where candidate.hasPrefix(phrase) {
            if let other = found, other != category { return nil }
            found = category
        }
        return found.map { ($0, false) }
    }

    /// A category at the start or end of a longer query, with the words that remain
    /// ("pharmacy fontvieille", "parking near larvotto", "fontvieille cafe"), or nil.
    static func split(_ tokens: [String]) -> (SearchCategory, rest: [String])? {
        guard tokens.count >= 2 else { return nil }
        for n in stride(from: min(3, tokens.count - 1), through: 1, by: -1) {
            if let c = phrases[tokens.prefix(n).joined(separator: " ")] {
                let rest = tokens.dropFirst(n).drop { filler.contains($0) }
                if !rest.isEmpty { return (c, Array(rest)) }
            }
            if let c = phrases[tokens.suffix(n).joined(separator: " ")] {
                let rest = tokens.dropLast(n)
                if !rest.isEmpty { return (c, Array(rest)) }
            }
        }
        return nil
    }

    private static let synonyms: [(SearchCategory, [String])] = [
        (.pharmacy, ["pharmacy", "chemist", "drugstore", "drug store", "pharmacie", "farmacia",
                     "farmácia", "apotheke"]),
        (.cafe, ["cafe", "coffee", "coffee shop", "café", "cafeteria", "espresso", "salon de thé"]),
        (.restaurant, ["restaurant", "restaurants", "food", "dinner", "lunch", "restaurante",
                       "ristorante", "trattoria", "pizzeria", "brasserie", "bistro"]),
        (.fastFood, ["fast food", "fastfood", "burger", "kebab", "takeaway", "take away"]),
        (.bar, ["bar", "bars", "nightclub", "club", "cocktail"]),
        (.pub, ["pub", "pubs", "beer", "biergarten", "cerveja", "cerveceria"]),
        (.fuel, ["fuel", "gas", "gas station", "petrol", "petrol station", "filling station",
                 "essence", "station service", "station essence", "carburant", "combustivel",
                 "combustível", "gasolineira", "posto de combustivel", "bomba de gasolina", "gasolina",
                 "gasolinera", "benzina", "diesel"]),
        (.parking, ["parking", "car park", "carpark", "park and ride", "stationnement",
                    "estacionamento", "parque de estacionamento", "aparcamiento", "parcheggio"]),
        (.supermarket, ["supermarket", "grocery", "groceries", "supermarche", "supermarché",
                        "supermercado", "supermercato", "hypermarket", "mall"]),
        (.convenience, ["convenience", "convenience store", "kiosk", "newsagent", "epicerie",
                        "épicerie", "mercearia", "tabac"]),
        (.bakery, ["bakery", "boulangerie", "patisserie", "pâtisserie", "padaria", "pastelaria",
                   "panaderia", "panadería", "bread"]),
        (.hotel, ["hotel", "hotels", "motel", "hostel", "guest house", "hôtel",
                  "pousada", "albergo", "lodging", "accommodation"]),
        (.hospital, ["hospital", "hopital", "hôpital", "emergency", "urgences", "ospedale"]),
        (.clinic, ["clinic", "clinique", "clinica", "clínica", "medical centre", "health centre"]),
        (.doctor, ["doctor", "doctors", "gp", "medecin", "médecin", "medico", "médico"]),
        (.dentist, ["dentist", "dentiste", "dentista"]),
        (.atm, ["atm", "cash", "cash machine", "distributeur", "multibanco", "cajero", "bancomat"]),
        (.bank, ["bank", "banque", "banco", "banca"]),
        (.postOffice, ["post office", "post", "la poste", "poste", "correios", "correos", "ctt"]),
        (.police, ["police", "policia", "polícia", "gendarmerie", "carabinieri"]),
        (.school, ["school", "ecole", "école", "escola", "escuela", "scuola", "kindergarten"]),
        (.university, ["university", "college", "universite", "université", "universidade",
                       "universidad", "faculdade"]),
        (.library, ["library", "bibliotheque", "bibliothèque", "biblioteca"]),
        (.toilets, ["toilet", "toilets", "wc", "restroom", "bathroom", "toilettes", "casa de banho",
                    "banos", "baños"]),
        (.cinema, ["cinema", "movies", "movie theater", "cinéma", "cine"]),
        (.theatre, ["theatre", "theater", "théâtre", "teatro"]),
        (.museum, ["museum", "musee", "musée", "museu", "museo", "gallery", "galerie"]),
        (.attraction, ["attraction", "sights", "sightseeing", "monument", "tourist attraction"]),
        (.viewpoint, ["viewpoint", "view", "lookout", "belvedere", "belvédère", "miradouro",
                      "mirador", "point de vue"]),
        (.park, ["park", "garden", "parc", "jardin", "jardim", "parque", "giardino"]),
        (.playground, ["playground", "aire de jeux", "parque infantil"]),
        (.sports, ["gym", "fitness", "sports centre", "stadium", "swimming pool", "piscine",
                   "piscina", "stade", "estadio", "estádio"]),
        (.marina, ["marina", "harbour", "harbor", "porto de recreio"]),
        (.busStation, ["bus station", "gare routiere", "gare routière", "central de autocarros",
                       "estacion de autobuses"]),
        (.trainStation, ["train station", "station", "railway station", "train", "gare",
                         "estacao", "estação", "comboio", "estacion", "stazione"]),
        (.tramStop, ["tram", "tram stop", "tramway", "electrico", "eléctrico"]),
        (.subway, ["subway", "metro", "underground", "metro station"]),
        (.busStop, ["bus stop", "bus", "arret de bus", "arrêt de bus", "paragem", "autocarro",
                    "parada"]),
        (.airport, ["airport", "aeroport", "aéroport", "aeroporto", "aeropuerto", "airfield"]),
        (.placeOfWorship, ["church", "eglise", "église", "igreja", "iglesia", "chiesa", "chapel",
                           "chapelle", "capela", "mosque", "synagogue", "cathedral", "cathedrale",
                           "cathédrale"]),
        (.carWash, ["car wash", "lavage", "lavagem", "lavage auto"]),
        (.chargingStation, ["charging station", "ev charging", "charger", "borne de recharge",
                            "carregamento"]),
        (.carRental, ["car rental", "car hire", "rent a car", "location de voiture", "aluguer"]),
        (.bicycleRental, ["bike rental", "bicycle rental", "bike share", "velo", "vélo"]),
        (.taxi, ["taxi", "taxis", "cab", "taxi rank"]),
        (.hairdresser, ["hairdresser", "barber", "salon", "coiffeur", "cabeleireiro", "peluqueria"]),
        (.clothes, ["clothes", "clothing", "fashion", "shoes", "vetements", "vêtements", "roupa"]),
        (.shop, ["shop", "shops", "store", "shopping", "magasin", "loja", "tienda", "negozio"]),
    ]
}
