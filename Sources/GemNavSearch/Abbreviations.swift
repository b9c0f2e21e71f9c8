/// Street-type and title abbreviations people type, folded, with the words they stand for
/// (at most two, most likely first). Used as exact alternatives for a query word.
enum Abbreviations {
    static let expansions: [String: [String]] = [
        // Portuguese and Spanish
        "r": ["rua"], "av": ["avenida", "avenue"], "avda": ["avenida"], "pc": ["praca"], "pca": ["praca"],
        "pr": ["praca"], "lg": ["largo"], "lgo": ["largo"], "tv": ["travessa"], "trav": ["travessa"],
        "estr": ["estrada"], "al": ["alameda"], "cc": ["calcada"], "calc": ["calcada"],
        "eng": ["engenheiro"], "sr": ["senhor"], "sra": ["senhora"], "sta": ["santa", "sainte"],
        "sto": ["santo"], "dr": ["doutor", "docteur"], "d": ["dom", "dona"], "n": ["nossa"],
        "prof": ["professor"], "cel": ["coronel"], "gen": ["general"], "cap": ["capitao"],
        // French and English
        "bd": ["boulevard"], "bld": ["boulevard"], "bvd": ["boulevard"], "blvd": ["boulevard"],
        "ch": ["chemin"], "rte": ["route"], "pl": ["place"], "imp": ["impasse"], "sq": ["square"],
        "st": ["saint", "street"], "ste": ["sainte"], "mt": ["mont", "mount"], "rd": ["road"],
        "ave": ["avenue"], "mgr": ["monseigneur"],
    ]
}
