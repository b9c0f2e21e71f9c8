#!/usr/bin/env python3
"""Writes Data/assistant/utterances.jsonl, the labelled utterance set of the on-device assistant.

Each line: {"id", "lang", "split", "text", "expect", ["context"]}. `expect` holds what the
scorer checks structurally: the first action's `type`, and when given its `category`, `mode`,
`avoid` set, `profile`, and a folded word sequence the destination's (or stop's) name contains.
`context` lists earlier utterances of the same conversation. One line in four is held back
("heldout"): tuning never looks at it; `gemnav-bench assistant` scores it apart.
"""
import json, os

N = "navigate"
rows = []
def add(lang, text, type, context=None, **expect):
    rows.append((lang, text, type, context, expect))

# --- navigate, English
for t, d in [
    ("take me to the casino", "casino"), ("could you please take me to the stade louis II", "stade louis ii"),
    ("navigate to place du palais", "place du palais"), ("i want to go to the jardin exotique", "jardin exotique"),
    ("directions to the oceanographic museum please", None), ("go to musee oceanographique", "musee oceanographique"),
    ("drive me to hotel de paris", "hotel de paris"), ("hey take me to cafe de paris", "cafe de paris"),
    ("get me to the grimaldi forum", "grimaldi forum"), ("lets go to port hercule", "port hercule"),
    ("how do i get to the palais princier", "palais princier"), ("head to larvotto", "larvotto"),
    ("take me to fontvieille", "fontvieille"), ("navigate to la condamine", "condamine"),
    ("the casino, take me there", "casino"), ("stade louis 2 please", None),
    ("can you get me to the casino asap", "casino"), ("route to carrefour", "carrefour"),
    ("bring me to the stade louis II quickly", "stade louis ii"), ("i'd like to go to the place du palais", "place du palais"),
    ("navigate too the casino", "casino"), ("tkae me to the jardin exotique", "jardin exotique"),
    ("plz navigate to grimaldi forum", "grimaldi forum"), ("show me the way to the hotel de paris", "hotel de paris"),
    ("where is the casino", "casino"), ("we're going to the stade louis II", "stade louis ii"),
    ("set destination port hercule", "port hercule"), ("ok gemnav, casino", "casino"),
    ("to the grimaldi forum take me", "grimaldi forum"), ("um can you take me to palais princier", "palais princier"),
]:
    add("en", t, N, **({"destination": d} if d else {}))
for t, d, extra in [
    ("take me to the casino avoiding tolls", "casino", {"avoid": ["tolls"]}),
    ("navigate to stade louis II without motorways", "stade louis ii", {"avoid": ["motorways"]}),
    ("drive to place du palais and avoid the highway", "place du palais", {"avoid": ["motorways"]}),
    ("walk me to the jardin exotique", "jardin exotique", {"profile": "foot"}),
    ("take me to the casino on foot", "casino", {"profile": "foot"}),
    ("directions to port hercule by bike", "port hercule", {"profile": "bicycle"}),
    ("cycle to the grimaldi forum", "grimaldi forum", {"profile": "bicycle"}),
    ("go to the stade louis II via place du palais", "stade louis ii", {"stops": "place du palais"}),
    ("take me to the casino passing by the port hercule", "casino", {"stops": "port hercule"}),
    ("navigate to larvotto via the casino with no tolls", "larvotto", {"avoid": ["tolls"], "stops": "casino"}),
    ("take me to fontvieille avoiding tolls and ferries", "fontvieille", {"avoid": ["tolls", "ferries"]}),
    ("walking directions to cafe de paris", "cafe de paris", {"profile": "foot"}),
    ("no motorways, take me to the hotel de paris", "hotel de paris", {"avoid": ["motorways"]}),
    ("get me to stade louis II by bicycle please", "stade louis ii", {"profile": "bicycle"}),
    ("take me to the nearest pharmacy", None, {}),
    ("drive to the closest gas station", None, {}),
    ("navigate to the nearest parking", None, {}),
    ("take me to a supermarket", None, {}),
    ("go to the nearest atm", None, {}),
    ("bring me to the closest hospital now", None, {}),
]:
    add("en", t, N, **({"destination": d} if d else {}), **extra)

# --- navigate, French
for t, d in [
    ("emmène moi au casino", "casino"), ("emmene-moi au stade louis II s'il te plait", "stade louis ii"),
    ("je veux aller a la place du palais", "place du palais"), ("itineraire vers le jardin exotique", "jardin exotique"),
    ("conduis moi au musée océanographique", "musee oceanographique"), ("aller à l'hôtel de paris", "hotel de paris"),
    ("tu peux m'emmener au grimaldi forum", "grimaldi forum"), ("on va au port hercule", "port hercule"),
    ("guide moi jusqu'au palais princier", "palais princier"), ("direction le larvotto", "larvotto"),
    ("amène moi à fontvieille", "fontvieille"), ("je voudrais aller au cafe de paris", "cafe de paris"),
    ("au casino stp", "casino"), ("emmène moi au stade louis 2", None),
    ("emmenne moi au casino", "casino"), ("itinéraire pour la condamine", "condamine"),
    ("comment aller au palais princier", "palais princier"), ("ou se trouve le grimaldi forum", "grimaldi forum"),
    ("le casino, vas-y", "casino"), ("euh emmène-moi au carrefour", "carrefour"),
    ("c'est ou le stade louis II", "stade louis ii"), ("rejoindre la place du palais", "place du palais"),
    ("va au jardin exotique", "jardin exotique"), ("cap sur le port hercule", "port hercule"),
]:
    add("fr", t, N, **({"destination": d} if d else {}))
for t, d, extra in [
    ("emmène moi au casino en évitant les péages", "casino", {"avoid": ["tolls"]}),
    ("va au stade louis II sans autoroute", "stade louis ii", {"avoid": ["motorways"]}),
    ("itinéraire vers la place du palais sans peage", "place du palais", {"avoid": ["tolls"]}),
    ("je veux aller au jardin exotique à pied", "jardin exotique", {"profile": "foot"}),
    ("emmène-moi au port hercule a velo", "port hercule", {"profile": "bicycle"}),
    ("aller au casino en passant par la place du palais", "casino", {"stops": "place du palais"}),
    ("va au stade louis II via le port hercule", "stade louis ii", {"stops": "port hercule"}),
    ("emmène moi a fontvieille sans péages ni ferry", "fontvieille", {"avoid": ["tolls", "ferries"]}),
    ("à pied jusqu'au musée océanographique", "musee oceanographique", {"profile": "foot"}),
    ("evite l'autoroute et emmène moi au grimaldi forum", "grimaldi forum", {"avoid": ["motorways"]}),
    ("emmène moi à la pharmacie la plus proche", None, {}),
    ("conduis moi à la station essence la plus proche", None, {}),
    ("va au parking le plus proche", None, {}),
    ("emmène moi au supermarché le plus proche", None, {}),
    ("amène moi a l'hopital le plus proche", None, {}),
]:
    add("fr", t, N, **({"destination": d} if d else {}), **extra)

# --- favourites (navigate needs them saved first)
for lang, save, go in [
    ("en", "save this place as home", "take me home"), ("en", "save this as work", "navigate to work"),
    ("fr", "enregistre cet endroit comme maison", "rentre à la maison"), ("fr", "enregistre ici comme travail", "emmène moi au travail"),
    ("en", "save this place as home", "go home please"), ("fr", "enregistre cet endroit comme maison", "on rentre chez moi"),
]:
    add(lang, go, N, context=[save])

# --- findNearby
for lang, t, c in [
    ("en", "find a pharmacy", "pharmacy"), ("en", "where is the nearest pharmacy", "pharmacy"),
    ("en", "is there a chemist nearby", "pharmacy"), ("en", "i need a pharmacy", "pharmacy"),
    ("en", "find me a gas station", "fuel"), ("en", "where can i get fuel", "fuel"), ("en", "nearest petrol station", "fuel"),
    ("en", "i need to refuel", "fuel"), ("en", "find parking", "parking"), ("en", "where can i park", "parking"),
    ("en", "any car park around here", "parking"), ("en", "closest parking please", "parking"),
    ("en", "find a coffee shop", "cafe"), ("en", "i want a coffee", "cafe"), ("en", "cafe nearby", "cafe"),
    ("en", "where can i get a coffee", "cafe"), ("en", "find a restaurant", "restaurant"),
    ("en", "somewhere to eat near me", "restaurant"), ("en", "restaurants around here", "restaurant"),
    ("en", "i'm hungry, find a restaurant", "restaurant"), ("en", "where is the nearest atm", "atm"),
    ("en", "i need cash", "atm"), ("en", "find a cash machine", "atm"), ("en", "atm near me", "atm"),
    ("en", "where's the closest hospital", "hospital"), ("en", "find a hospital", "hospital"),
    ("en", "i need an emergency room", "hospital"), ("en", "find a supermarket", "supermarket"),
    ("en", "where can i buy groceries", "supermarket"), ("en", "nearest supermarket please", "supermarket"),
    ("en", "show me bakeries nearby", "bakery"), ("en", "find a hotel", "hotel"), ("en", "find the nearest toilets", "toilets"),
    ("en", "any ev charger around", "chargingStation"), ("en", "find a pharamcy", "pharmacy"),
    ("en", "closest parkign", "parking"), ("en", "search for a resturant", "restaurant"),
    ("en", "could you find a supermarket near the casino", "supermarket"), ("en", "find a cafe near stade louis II", "cafe"),
    ("en", "is there a bank near here", "bank"), ("en", "look for a bakery", "bakery"), ("en", "pharmacy", "pharmacy"),
    ("fr", "trouve une pharmacie", "pharmacy"), ("fr", "ou est la pharmacie la plus proche", "pharmacy"),
    ("fr", "y a t il une pharmacie pres d'ici", "pharmacy"), ("fr", "j'ai besoin d'une pharmacie", "pharmacy"),
    ("fr", "trouve moi une station essence", "fuel"), ("fr", "il me faut de l'essence", "fuel"),
    ("fr", "station service la plus proche", "fuel"), ("fr", "je dois faire le plein", "fuel"),
    ("fr", "trouve un parking", "parking"), ("fr", "où je peux me garer", "parking"), ("fr", "un parking dans le coin", "parking"),
    ("fr", "cherche un café", "cafe"), ("fr", "je veux un cafe", "cafe"), ("fr", "un café pas loin", "cafe"),
    ("fr", "trouve un restaurant", "restaurant"), ("fr", "ou manger pres d'ici", "restaurant"),
    ("fr", "un resto dans le coin", "restaurant"), ("fr", "j'ai faim, trouve un restaurant", "restaurant"),
    ("fr", "ou est le distributeur le plus proche", "atm"), ("fr", "il me faut un distributeur de billets", "atm"),
    ("fr", "je dois retirer de l'argent", "atm"), ("fr", "trouve un distributeur", "atm"),
    ("fr", "ou est l'hopital le plus proche", "hospital"), ("fr", "trouve un hôpital", "hospital"),
    ("fr", "les urgences les plus proches", "hospital"), ("fr", "trouve un supermarché", "supermarket"),
    ("fr", "ou faire les courses", "supermarket"), ("fr", "supermarche le plus proche", "supermarket"),
    ("fr", "une boulangerie pres d'ici", "bakery"), ("fr", "cherche un hotel", "hotel"), ("fr", "ou sont les toilettes", "toilets"),
    ("fr", "trouve une borne de recharge", "chargingStation"), ("fr", "trouve une pharmaice", "pharmacy"),
    ("fr", "parkin le plus proche", "parking"), ("fr", "trouve un supermarché près du casino", "supermarket"),
    ("fr", "un café près du stade louis II", "cafe"), ("fr", "y a-t-il une banque dans le coin", "bank"),
    ("fr", "pharmacie", "pharmacy"), ("fr", "essence", "fuel"), ("fr", "est ce que tu peux trouver un parking", "parking"),
]:
    add(lang, t, "findNearby", category=c)

# --- follow-ups on lists
for lang, first, pick in [
    ("en", "find a pharmacy", "the second one"), ("en", "find parking", "take the first one"),
    ("en", "find a coffee shop", "the third one please"), ("en", "restaurants around here", "i'll take the last one"),
    ("en", "find a supermarket", "number 2"), ("en", "where can i get fuel", "go to the second one"),
    ("en", "find an atm", "2"), ("en", "find a hotel", "option 3"),
    ("fr", "trouve une pharmacie", "le deuxième"), ("fr", "trouve un parking", "le premier"),
    ("fr", "cherche un café", "prends le troisième"), ("fr", "trouve un restaurant", "le dernier"),
    ("fr", "trouve un supermarché", "la deuxième stp"), ("fr", "station essence la plus proche", "va à la deuxième"),
    ("fr", "trouve un distributeur", "numéro 2"), ("fr", "cherche un hotel", "celui-là, le premier"),
]:
    add(lang, pick, N, context=[first])
for lang, ctx, t, avoid in [
    ("en", ["find a pharmacy", "the second one"], "avoid tolls", ["tolls"]),
    ("en", ["take me to the casino"], "avoid the motorway", ["motorways"]),
    ("en", ["take me to the stade louis II"], "no ferries please", ["ferries"]),
    ("en", ["find parking", "the first one"], "and avoid tolls too", ["tolls"]),
    ("fr", ["trouve une pharmacie", "le deuxième"], "évite les péages", ["tolls"]),
    ("fr", ["emmène moi au casino"], "sans autoroute stp", ["motorways"]),
    ("fr", ["va au stade louis II"], "evite les peages", ["tolls"]),
    ("fr", ["emmène moi au port hercule"], "pas de ferry", ["ferries"]),
]:
    add(lang, t, "setAvoid", context=ctx, avoid=avoid)

# --- setAvoid without a trip
for lang, t, avoid in [
    ("en", "avoid tolls", ["tolls"]), ("en", "avoid motorways", ["motorways"]), ("en", "no highways please", ["motorways"]),
    ("en", "stay off toll roads", ["tolls"]), ("en", "avoid ferries", ["ferries"]), ("en", "avoid tolls and motorways", ["tolls", "motorways"]),
    ("en", "i don't want to pay tolls, avoid them", ["tolls"]), ("en", "avodi tolls", ["tolls"]),
    ("fr", "évite les péages", ["tolls"]), ("fr", "evite les autoroutes", ["motorways"]), ("fr", "pas d'autoroute", ["motorways"]),
    ("fr", "sans péage s'il te plait", ["tolls"]), ("fr", "évite les ferries", ["ferries"]),
    ("fr", "evite les peages et les autoroutes", ["tolls", "motorways"]), ("fr", "je ne veux pas de péage", ["tolls"]),
    ("fr", "eviter les bateaux", ["ferries"]),
]:
    add(lang, t, "setAvoid", avoid=avoid)

# --- addStop
for lang, t, ctx, d in [
    ("en", "add a stop at the casino", ["take me to the stade louis II"], "casino"),
    ("en", "stop at a pharmacy on the way", ["take me to the stade louis II"], None),
    ("en", "add a stop at place du palais", ["navigate to larvotto"], "place du palais"),
    ("en", "can we stop by a gas station", ["take me to fontvieille"], None),
    ("en", "i need to stop at an atm on the way", ["take me to the casino"], None),
    ("en", "make a stop at the port hercule", ["take me to the jardin exotique"], "port hercule"),
    ("en", "add the grimaldi forum as a stop", ["go to fontvieille"], "grimaldi forum"),
    ("en", "stop at a bakery", ["go to larvotto"], None),
    ("fr", "ajoute un arrêt au casino", ["emmène moi au stade louis II"], "casino"),
    ("fr", "arrête toi à une pharmacie en chemin", ["va au stade louis II"], None),
    ("fr", "ajoute une étape à la place du palais", ["va à larvotto"], "place du palais"),
    ("fr", "fais un arrêt à une station essence", ["emmène moi à fontvieille"], None),
    ("fr", "on passe par un distributeur sur le chemin", ["emmène moi au casino"], None),
    ("fr", "ajoute un arret au port hercule", ["va au jardin exotique"], "port hercule"),
    ("fr", "ajoute le grimaldi forum comme étape", ["va à fontvieille"], "grimaldi forum"),
    ("fr", "arrête-toi à une boulangerie", ["va à larvotto"], None),
]:
    add(lang, t, "addStop", context=ctx, **({"destination": d} if d else {}))

# --- setMode
for lang, t, m in [
    ("en", "switch to voice mode", "voice"), ("en", "voice guidance please", "voice"), ("en", "use voice", "voice"),
    ("en", "turn on voice guidance", "voice"), ("en", "switch to haptic mode", "haptic"), ("en", "pocket mode", "haptic"),
    ("en", "just vibrate", "haptic"), ("en", "use vibrations", "haptic"), ("en", "i'm putting my phone in my pocket, guide me by vibration", "haptic"),
    ("en", "visual mode", "visual"), ("en", "switch to visual", "visual"), ("en", "screen only please", "visual"),
    ("en", "swich to haptic", "haptic"), ("en", "change to voice mode", "voice"),
    ("fr", "passe en mode vocal", "voice"), ("fr", "guidage vocal stp", "voice"), ("fr", "active la voix", "voice"),
    ("fr", "mode haptique", "haptic"), ("fr", "mode poche", "haptic"), ("fr", "guide moi par vibrations", "haptic"),
    ("fr", "je mets le téléphone dans la poche", "haptic"), ("fr", "passe en mode visuel", "visual"),
    ("fr", "mode visuel s'il te plait", "visual"), ("fr", "juste l'écran", "visual"), ("fr", "bascule en vibration", "haptic"),
    ("fr", "utilise le mode vocal", "voice"),
]:
    add(lang, t, "setMode", mode=m)

# --- mute / unmute / repeat
for lang, t in [("en", "mute"), ("en", "be quiet"), ("en", "shut up please"), ("en", "stop talking"), ("en", "turn off the sound"),
                ("en", "silence"), ("en", "mute the voice"), ("fr", "muet"), ("fr", "tais toi"), ("fr", "coupe le son"),
                ("fr", "mets en sourdine"), ("fr", "silence stp"), ("fr", "arrête de parler"), ("fr", "coupe la voix"),
                ("en", "could you mute please"), ("fr", "chut")]:
    add(lang, t, "mute")
for lang, t in [("en", "unmute"), ("en", "sound on"), ("en", "turn the sound back on"), ("en", "you can talk again"),
                ("en", "turn the voice on"), ("fr", "remets le son"), ("fr", "réactive le son"), ("fr", "enlève la sourdine"),
                ("fr", "tu peux reparler"), ("fr", "rallume le son"), ("en", "unmute please"), ("fr", "remets la voix")]:
    add(lang, t, "unmute")
for lang, t in [("en", "repeat"), ("en", "can you repeat that"), ("en", "say that again"), ("en", "what did you say"),
                ("en", "sorry, i didn't catch that"), ("en", "repeat the last instruction"), ("en", "come again?"),
                ("fr", "répète"), ("fr", "tu peux répéter"), ("fr", "qu'est-ce que tu as dit"), ("fr", "j'ai pas compris"),
                ("fr", "redis la dernière instruction"), ("fr", "repete stp"), ("en", "what was that"), ("fr", "pardon ?")]:
    add(lang, t, "repeatInstruction")

# --- eta
for lang, t in [("en", "how long until we get there"), ("en", "when do we arrive"), ("en", "how far is it"),
                ("en", "what's my eta"), ("en", "how much longer"), ("en", "are we there yet"), ("en", "how many minutes left"),
                ("en", "when will i get there"), ("en", "how far away are we"), ("en", "what time will we arrive"),
                ("en", "time remaining?"), ("en", "how lnog left"),
                ("fr", "combien de temps encore"), ("fr", "on arrive quand"), ("fr", "c'est encore loin"), ("fr", "à quelle heure on arrive"),
                ("fr", "il reste combien de kilomètres"), ("fr", "dans combien de temps on arrive"), ("fr", "quelle est l'heure d'arrivée"),
                ("fr", "combien de temps il reste"), ("fr", "on y est bientôt ?"), ("fr", "combien de minutes"),
                ("en", "how long to the casino"), ("fr", "combien de temps pour aller au stade louis II")]:
    add(lang, t, "eta", context=["take me to the casino" if lang == "en" else "emmène moi au casino"])

# --- speed limit
for lang, t in [("en", "what's the speed limit"), ("en", "what is the speed limit here"), ("en", "how fast can i go"),
                ("en", "speed limit?"), ("en", "what's the limit on this road"), ("en", "am i allowed to go faster"),
                ("en", "max speed here"), ("en", "spead limit"),
                ("fr", "quelle est la limitation de vitesse"), ("fr", "c'est limité à combien ici"), ("fr", "vitesse maximale"),
                ("fr", "je peux rouler à combien"), ("fr", "quelle est la vitesse autorisée"), ("fr", "limitation ?"),
                ("fr", "la limite de vitesse stp"), ("fr", "vitesse max autorisée ici")]:
    add(lang, t, "speedLimit", context=["take me to the stade louis II"])

# --- where am I
for lang, t in [("en", "where am i"), ("en", "where are we"), ("en", "what street is this"), ("en", "what's my location"),
                ("en", "tell me where i am"), ("en", "which road are we on"), ("en", "whre am i"), ("en", "current location please"),
                ("fr", "où suis-je"), ("fr", "ou sommes nous"), ("fr", "on est où là"), ("fr", "c'est quelle rue"),
                ("fr", "quelle est ma position"), ("fr", "dans quelle rue je suis"), ("fr", "ou suis je"), ("fr", "je suis où")]:
    add(lang, t, "whereAmI")

# --- cancel
for lang, t in [("en", "cancel"), ("en", "cancel navigation"), ("en", "stop navigation"), ("en", "end the trip"),
                ("en", "stop the route please"), ("en", "forget it, cancel the trip"), ("en", "quit navigation"),
                ("en", "cancle the route"), ("en", "never mind, stop guiding me"),
                ("fr", "annule"), ("fr", "annule la navigation"), ("fr", "arrête le guidage"), ("fr", "arrête la navigation"),
                ("fr", "laisse tomber"), ("fr", "stop, on arrête"), ("fr", "termine le trajet"), ("fr", "anule l'itinéraire")]:
    add(lang, t, "cancelNavigation", context=["take me to the casino" if lang == "en" else "emmène moi au casino"])

# --- save favourite
for lang, t, name in [
    ("en", "save this place as home", "home"), ("en", "save this as work", "work"), ("en", "add this place to my favourites", None),
    ("en", "save this place", None), ("en", "bookmark this spot", None), ("en", "remember this place as gym", "gym"),
    ("en", "add the casino to favourites", None), ("en", "save stade louis II as a favorite", None),
    ("fr", "enregistre cet endroit", None), ("fr", "ajoute aux favoris", None), ("fr", "enregistre ici comme maison", "home"),
    ("fr", "sauvegarde cet endroit comme travail", "work"), ("fr", "mets le casino en favori", None),
    ("fr", "garde cet endroit en mémoire", None), ("fr", "ajoute le stade louis II à mes favoris", None),
    ("fr", "enregistre cette adresse sous le nom piscine", "piscine"),
]:
    add(lang, t, "saveFavourite", **({"name": name} if name else {}))

# --- request a ride
for lang, t, d in [
    ("en", "call a taxi", None), ("en", "get me a ride to the casino", "casino"), ("en", "book a cab to stade louis II", "stade louis ii"),
    ("en", "i need a ride", None), ("en", "order a taxi to the hotel de paris", "hotel de paris"), ("en", "can you call me a cab", None),
    ("en", "get me an uber to port hercule", "port hercule"), ("en", "request a ride home", None),
    ("fr", "appelle un taxi", None), ("fr", "commande un taxi pour le casino", "casino"), ("fr", "réserve une course pour le stade louis II", "stade louis ii"),
    ("fr", "il me faut un taxi", None), ("fr", "commande un vtc pour l'hôtel de paris", "hotel de paris"),
    ("fr", "trouve moi un taxi", None), ("fr", "un uber pour le port hercule stp", "port hercule"), ("fr", "viens me chercher", None),
]:
    add(lang, t, "requestRide", **({"destination": d} if d else {}))

# --- the trip under way: pause, resume, the next stop, a faster route (after a trip is set up)
trip_en = ["take me to the stade louis II via the casino"]
trip_fr = ["emmène moi au stade louis II en passant par le casino"]
for lang, t, type in [
    ("en", "pause navigation", "pauseNavigation"), ("en", "can you pause the guidance for a moment", "pauseNavigation"),
    ("en", "pause the trip please", "pauseNavigation"), ("en", "hold navigation", "pauseNavigation"),
    ("fr", "mets la navigation en pause", "pauseNavigation"), ("fr", "suspends le guidage", "pauseNavigation"),
    ("en", "resume navigation", "resumeNavigation"), ("en", "ok carry on", "resumeNavigation"),
    ("en", "resume the guidance please", "resumeNavigation"), ("en", "keep going", "resumeNavigation"),
    ("fr", "reprends la navigation", "resumeNavigation"), ("fr", "on reprend", "resumeNavigation"),
    ("en", "continue to the next stop", "continueToNextStop"), ("en", "we're done here, let's move on", "continueToNextStop"),
    ("en", "go on to the next stop please", "continueToNextStop"), ("fr", "on repart", "continueToNextStop"),
    ("fr", "passe à l'étape suivante", "continueToNextStop"), ("en", "next leg", "continueToNextStop"),
    ("en", "skip the next stop", "skipStop"), ("en", "remove the stop please", "skipStop"),
    ("en", "actually drop the next stop", "skipStop"), ("en", "cancel the stop at the casino", "skipStop"),
    ("fr", "saute le prochain arrêt", "skipStop"), ("fr", "supprime l'étape", "skipStop"),
    ("en", "is there a faster route", "checkRoute"), ("en", "find me a quicker way", "checkRoute"),
    ("en", "reroute please", "checkRoute"), ("en", "can you avoid the traffic", "checkRoute"),
    ("en", "any faster route available?", "checkRoute"), ("en", "recalculate the route", "checkRoute"),
    ("fr", "y a-t-il un itinéraire plus rapide", "checkRoute"), ("fr", "recalcule l'itinéraire", "checkRoute"),
    ("fr", "évite les bouchons", "checkRoute"), ("en", "is there a shortcut", "checkRoute"),
]:
    add(lang, t, type, context=trip_en if lang == "en" else trip_fr)

# --- vibrations off, favourites set to a place
for lang, t in [("en", "turn off vibrations"), ("en", "no vibrations please"), ("en", "stop vibrating"),
                ("en", "disable the haptics"), ("fr", "coupe les vibrations"), ("fr", "plus de vibrations"),
                ("fr", "désactive les vibrations"), ("en", "switch off the vibration")]:
    add(lang, t, "vibrationsOff")
for lang, t, name in [("en", "set home to the stade louis II", "home"), ("en", "my work is place du palais", "work"),
                      ("en", "set my home address to the casino", "home"), ("en", "change home to port hercule", "home"),
                      ("fr", "ma maison est le stade louis II", "home"), ("fr", "mon bureau est place du palais", "work"),
                      ("en", "i work at the grimaldi forum", "work"), ("en", "set work to the casino", "work")]:
    add(lang, t, "saveFavourite", name=name)

# --- the language spoken, and a few everyday asks
for lang, t in [("en", "speak french"), ("en", "can you switch to french please"), ("fr", "parle anglais"),
                ("fr", "passe en anglais stp"), ("en", "talk to me in english"), ("fr", "en français s'il te plaît")]:
    add(lang, t, "setLanguage")
for lang, t, type, extra in [
    ("en", "i'm hungry", "findNearby", {"category": "restaurant"}),
    ("en", "how far is the casino from here", "eta", {}),
    ("en", "turn the volume up", "unmute", {}),
    ("fr", "j'ai faim", "findNearby", {"category": "restaurant"}),
    ("en", "give me another route", "checkRoute", {}),
    ("fr", "monte le son", "unmute", {}),
]:
    add(lang, t, type, context=trip_en if type == "checkRoute" else None, **extra)

out = os.path.join(os.path.dirname(__file__), "..", "Data", "assistant", "utterances.jsonl")
with open(out, "w") as f:
    for i, (lang, text, type, context, expect) in enumerate(rows):
        e = {"type": type, **expect}
        row = {"id": i + 1, "lang": lang, "split": "heldout" if i % 4 == 3 else "tuning", "text": text, "expect": e}
        if context:
            row["context"] = context
        f.write(json.dumps(row, ensure_ascii=False) + "\n")
print(len(rows), "utterances")
