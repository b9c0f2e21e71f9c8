"""The parts of OSRM's cucumber World (features/support/*.js, features/step_definitions/*.js,
features/lib/osm.js) that turn a scenario into OSM XML and route responses into table cells,
re-done in Python so that GemNav can be tested against the same tables.

Reference (OSRM v26.10 test harness):
  * grid: default 100 m, origin [1, 1]; a node map character at row r, column c (characters)
    lies at cheap-ruler offset (c * 0.5 * grid, -r * grid) metres from the origin
    (support/data.js tableCoordToLonLat, step_definitions/data.js "the node map");
  * every object gets the next id of one counter (nodes as they appear, then ways, relations);
    nodes carry name=<letter>; ways default to highway=primary and name=<node letters>;
  * routability tables build one 5-node way per row, 100 grid cells apart, and route from
    cell 1 to cell 3 of that way (step_definitions/routability.js);
  * route requests: /route/v1/<profile>/<lon,lat;...>?steps=true&alternatives=false plus the
    scenario's query options, bearings (",10" appended when no range) and approaches
    (support/route.js requestRoute).
"""
from __future__ import annotations

import math
from xml.sax.saxutils import quoteattr

from jsemu import (JSTypeError, ensure_decimal, fuzzy_match, js_str, loose_equal, parse_float,
                   unescape_str)

OSM_USER = "osrm"
OSM_UID = 1
OSM_TIMESTAMP = "2000-01-01T00:00:00Z"
WAY_SPACING = 100
DEFAULT_GRID_SIZE = 100.0
DEFAULT_ORIGIN = (1.0, 1.0)
DEFAULT_PROFILE = "bicycle"


class ScenarioError(Exception):
    """The scenario cannot be set up the way OSRM's step definitions would (they would throw)."""


class CheapRuler:
    """cheap-ruler v4 (WGS84 ellipsoid), units 'meters'."""
    RE = 6378.137
    FE = 1 / 298.257223563
    E2 = FE * (2 - FE)
    RAD = math.pi / 180

    def __init__(self, lat: float):
        m = self.RAD * self.RE * 1000
        coslat = math.cos(lat * self.RAD)
        w2 = 1 / (1 - self.E2 * (1 - coslat * coslat))
        w = math.sqrt(w2)
        self.kx = m * w * coslat
        self.ky = m * w * w2 * (1 - self.E2)

    def offset(self, p, dx, dy):
        return [p[0] + dx / self.kx, p[1] + dy / self.ky]


class Node:
    def __init__(self, id_, lon, lat, tags):
        self.id = id_
        self.lon = lon
        self.lat = lat
        self.tags = tags


class Location:
    def __init__(self, lon, lat):
        self.lon = lon
        self.lat = lat


class Way:
    def __init__(self, id_, add_locations=False):
        self.id = id_
        self.nodes: list[Node] = []
        self.tags: dict[str, str] = {}
        self.add_locations = add_locations


class Relation:
    def __init__(self, id_):
        self.id = id_
        self.members: list[tuple[str, int, str]] = []
        self.tags: dict[str, str] = {}


def _num(v) -> float:
    return v if isinstance(v, (int, float)) else float(v)


class World:
    def __init__(self):
        self.profile = DEFAULT_PROFILE
        self.profile_file_patched = False
        self.set_grid_size(DEFAULT_GRID_SIZE)
        self.set_origin(DEFAULT_ORIGIN)
        self.query_params: dict[str, str] = {}
        self.nodes: list[Node] = []
        self.ways: list[Way] = []
        self.relations: list[Relation] = []
        self.name_node = {}
        self.id_node = {}
        self.location_hash = {}
        self.name_way = {}
        self.name_relation = {}
        self.shortcuts = {}
        self.osm_id = 0

    # ----------------------------------------------------------------- geometry
    def set_grid_size(self, meters):
        self.grid_size = float(meters)
        self.zoom = self.grid_size * 0.8990679362704610899694577444566908445396483347536032203503e-5

    def set_origin(self, origin):
        self.origin = [float(origin[0]), float(origin[1])]
        self.ruler = CheapRuler(self.origin[1])

    def offset_origin_by(self, x_cells, y_cells):
        return self.ruler.offset(self.origin, x_cells * self.grid_size, y_cells * self.grid_size)

    def table_coord_to_lonlat(self, ci, ri):
        return [ensure_decimal(c) for c in self.offset_origin_by(ci, -ri)]

    def make_id(self):
        self.osm_id += 1
        return self.osm_id

    # ----------------------------------------------------------------- building
    def add_osm_node(self, name, lon, lat, id_=None):
        id_ = id_ or self.make_id()
        n = Node(id_, lon, lat, {"name": name})
        self.nodes.append(n)
        self.name_node[name] = n
        self.id_node[str(id_)] = n

    def find_node_by_name(self, s):
        if len(s) != 1:
            raise ScenarioError(f'invalid node name "{s}", must be single characters')
        if s.isdigit():
            return self.location_hash.get(s)
        if "a" <= s <= "z":
            return self.name_node.get(s)
        raise ScenarioError(f'invalid node name "{s}", must be alphanumeric')

    def node_map(self, docstring: str):
        for ri, row in enumerate(docstring.split("\n")):
            for ci, cell in enumerate(row):
                if "a" <= cell <= "z" or "0" <= cell <= "9":
                    lon, lat = self.table_coord_to_lonlat(ci * 0.5, ri)
                    if "a" <= cell <= "z":
                        if cell in self.name_node:
                            raise ScenarioError(f"duplicate node {cell}")
                        self.add_osm_node(cell, lon, lat)
                    else:
                        if cell in self.location_hash:
                            raise ScenarioError(f"duplicate node {cell}")
                        self.location_hash[cell] = Location(lon, lat)

    def node_locations(self, rows):
        for row in rows:
            name = row["node"]
            if self.find_node_by_name(name):
                raise ScenarioError(f"duplicate node {name}")
            if "a" <= name <= "z":
                id_ = int(row["id"]) if row.get("id") else None
                self.add_osm_node(name, row["lon"], row["lat"], id_)
            else:
                self.location_hash[name] = Location(row["lon"], row["lat"])

    def nodes_table(self, rows):
        for row in rows:
            row = dict(row)
            name = row.pop("node")
            node = self.find_node_by_name(name)
            if not node or not isinstance(node, Node):
                raise ScenarioError(f"unknown node {name}")
            for k, v in row.items():
                if k == "id":
                    node.id = v
                else:
                    node.tags[k] = v

    def ways_table(self, rows, add_locations=False):
        for row in rows:
            way = Way(self.make_id(), add_locations)
            nodes = row["nodes"]
            for c in nodes:
                if not ("a" <= c <= "z"):
                    raise ScenarioError(f"ways can only use names a-z ({c})")
                n = self.find_node_by_name(c)
                if not n:
                    raise ScenarioError(f"unknown node {c}")
                way.nodes.append(n)
            tags = {"highway": "primary"}
            for k, v in row.items():
                tags[k] = v
            del tags["nodes"]
            if row.get("highway") == "(nil)":
                del tags["highway"]
            name = row.get("name")
            if name is None:
                tags["name"] = nodes
            elif name in ('""', "''"):
                tags["name"] = ""
            elif name in ("", "(nil)"):
                del tags["name"]
            else:
                tags["name"] = name
            way.tags = tags
            self.ways.append(way)
            self.name_way[nodes] = way

    def find_way(self, s):
        return self.name_way.get(s) or self.name_way.get(s[::-1])

    def find_relation(self, s):
        return self.name_relation.get(s) or self.name_relation.get(s[::-1])

    def relations_table(self, table):
        headers = table[0]
        for row in table[1:]:
            rel = Relation(self.make_id())
            name = None
            for key, value in zip(headers, row):
                kind = None
                for t in ("node", "way", "relation"):
                    if key.startswith(t):  # JS: /^node:?(.*)/ matches any key starting with "node"
                        kind = t
                        break
                if kind:
                    role = key[len(kind):]
                    if role.startswith(":"):
                        role = role[1:]
                    for item in [v.strip() for v in value.split(",")]:
                        if kind == "node":
                            if len(item) != 1:
                                raise ScenarioError(f'invalid relation node member "{item}"')
                            n = self.find_node_by_name(item)
                            if not n:
                                raise ScenarioError(f'unknown relation node member "{item}"')
                            rel.members.append(("node", n, role))
                        elif kind == "way":
                            w = self.find_way(item)
                            if not w:
                                raise ScenarioError(f'unknown relation way member "{item}"')
                            rel.members.append(("way", w, role))
                        else:
                            r = self.find_relation(item)
                            if not r:
                                raise ScenarioError(f'unknown relation relation member "{item}"')
                            rel.members.append(("relation", r, role))
                elif ":" in key and _colon_prefix(key) != "restriction":
                    raise ScenarioError(f'unknown relation member type "{key}"')
                else:
                    rel.tags[key] = value
                    if "name" in key:
                        name = value
            if name:
                self.name_relation[name] = rel
            self.relations.append(rel)

    def remove_node(self, name):
        n = self.find_node_by_name(name)
        if not n:
            raise ScenarioError(f"unknown node {name}")
        self.nodes = [x for x in self.nodes if x.id != n.id]

    def routability_ways(self, rows):
        """buildWaysFromTable: one isolated 5-node way per routability row."""
        import re as _re
        for ri, row in enumerate(rows):
            nodes = []
            for i, letter in enumerate("abcde"):
                lon, lat = self.offset_origin_by(i + WAY_SPACING * ri, 0)
                n = Node(self.make_id(), lon, lat, {"name": f"{letter}{ri}"})
                self.nodes.append(n)
                nodes.append(n)
            way = Way(self.make_id())
            way.nodes = nodes
            tags = {k: v for k, v in row.items()
                    if not _re.match(r"^forw\b", k) and not _re.match(r"^backw\b", k)
                    and not _re.match(r"^bothw\b", k) and len(v)}
            way_tags = {"highway": "primary"}
            node_tags = {}
            for k, v in tags.items():
                m = _re.search(r"node/(.*)", k)
                if m:
                    if v == "(nil)":
                        node_tags.pop(k, None)
                    else:
                        node_tags[m.group(1)] = v
                else:
                    if v == "(nil)":
                        way_tags.pop(k, None)
                    else:
                        way_tags[k] = v
            way_tags["name"] = f"w{ri}"
            way.tags = way_tags
            self.ways.append(way)
            for k, v in node_tags.items():
                nodes[2].tags[k] = v

    # ----------------------------------------------------------------- output
    def to_xml(self) -> str:
        out = ['<?xml version="1.0" encoding="UTF-8"?>', '<osm generator="osrm-test" version="0.6">']

        def a(v):
            return quoteattr(js_str(v) if not isinstance(v, str) else v,
                             {"\n": "&#xA;", "\r": "&#xD;", "\t": "&#x9;"})
        for n in self.nodes:
            head = (f'  <node id={a(n.id)} version="1" uid="{OSM_UID}" user="{OSM_USER}" '
                    f'timestamp="{OSM_TIMESTAMP}" lon={a(ensure_decimal(n.lon))} lat={a(ensure_decimal(n.lat))}')
            if n.tags:
                out.append(head + ">")
                for k, v in n.tags.items():
                    out.append(f"    <tag k={a(k)} v={a(v)}/>")
                out.append("  </node>")
            else:
                out.append(head + "/>")
        for w in self.ways:
            out.append(f'  <way id={a(w.id)} version="1" uid="{OSM_UID}" user="{OSM_USER}" timestamp="{OSM_TIMESTAMP}">')
            for n in w.nodes:
                if w.add_locations:
                    out.append(f"    <nd ref={a(n.id)} lon={a(n.lon)} lat={a(n.lat)}/>")
                else:
                    out.append(f"    <nd ref={a(n.id)}/>")
            for k, v in w.tags.items():
                out.append(f"    <tag k={a(k)} v={a(v)}/>")
            out.append("  </way>")
        for r in self.relations:
            out.append(f'  <relation id={a(r.id)} user="{OSM_USER}" timestamp="{OSM_TIMESTAMP}" uid="{OSM_UID}">')
            for typ, obj, role in r.members:
                if role:
                    out.append(f"    <member type={a(typ)} ref={a(obj.id)} role={a(role)}/>")
                else:
                    out.append(f"    <member type={a(typ)} ref={a(obj.id)}/>")
            for k, v in r.tags.items():
                out.append(f"    <tag k={a(k)} v={a(v)}/>")
            out.append("  </relation>")
        out.append("</osm>")
        return "\n".join(out) + "\n"

    # ----------------------------------------------------------------- lookups on results
    def node_name_by_id(self, id_):
        n = self.id_node.get(str(id_))
        return (n.tags.get("name") if n else None) or "?"

    def find_node_by_location(self, loc):
        margin = js_str(0.25 * self.zoom)
        for name, n in self.name_node.items():
            if (fuzzy_match(loc[0], f"{js_str(_num(n.lon))} +- {margin}")
                    and fuzzy_match(loc[1], f"{js_str(_num(n.lat))} +- {margin}")):
                return name
        return "_"


def _colon_prefix(key):
    # JS: /^(.*):(.*)/ is greedy, so the prefix is everything before the LAST colon
    return key.rsplit(":", 1)[0]


# --------------------------------------------------------------------- request building

def route_path(profile, points, bearings, approaches, user_params) -> str:
    """support/route.js requestRoute + paramsToQuery."""
    if bearings and len(bearings) != len(points):
        raise ScenarioError("number of bearings does not equal the number of waypoints")
    if approaches and len(approaches) != len(points):
        raise ScenarioError("number of approaches does not equal the number of waypoints")
    params = {"output": "json", "steps": "true", "alternatives": "false"}
    params.update(user_params)
    coords = ";".join(_coord_str(p) for p in points)
    if bearings:
        bs = []
        for b in bearings:
            if b == "*":
                bs.append("")
            elif len(b.split(",")) == 2:
                bs.append(b)
            else:
                bs.append(b + ",10")
        params["bearings"] = ";".join(bs)
    if approaches:
        params["approaches"] = ";".join(approaches)
    out = params.pop("output")
    query = coords + (f".{out}" if out and out != "json" else "")
    if params:
        query += "?" + "&".join(f"{k}={v}" for k, v in params.items())
    return f"/route/v1/{profile}/{query}"


def _coord_str(p) -> str:
    def f(v):
        v = ensure_decimal(v)
        return v if isinstance(v, str) else js_str(v)
    return f"{f(p.lon)},{f(p.lat)}"


# --------------------------------------------------------------------- response -> cells

def _steps(route):
    return [s for leg in route["legs"] for s in leg["steps"]]


def _join(route, fn):
    return ",".join(js_str(x) if not isinstance(x, str) else x for x in (fn(s) for s in _steps(route)))


def way_list(route):
    return _join(route, lambda s: s.get("name"))


def turn_list(route):
    out = []
    for s in _steps(route):
        m = s["maneuver"]
        t = m.get("type")
        mod = js_str(m.get("modifier")) if not isinstance(m.get("modifier"), str) else m.get("modifier")
        ex = js_str(m.get("exit")) if not isinstance(m.get("exit"), str) else m.get("exit")
        if t in ("depart", "arrive"):
            out.append(t)
        elif t in ("on ramp", "off ramp"):
            out.append(f"{t} {mod}")
        elif t == "roundabout":
            out.append(f"roundabout-exit-{ex}")
        elif t == "rotary":
            if "rotary_name" in s:
                out.append(f"{s['rotary_name']}-exit-{ex}")
            else:
                out.append(f"rotary-exit-{ex}")
        elif t == "roundabout turn":
            out.append(f"{t} {mod} exit-{ex}")
        else:
            out.append(f"{t} {mod}")
    return ",".join(out)


def _reverse_bearing(b):
    return b - 180 if b >= 180 else b + 180


def bearing_list(route):
    def f(s):
        i0 = s["intersections"][0]
        a = _reverse_bearing(i0["bearings"][i0["in"]]) if "in" in i0 else 0
        b = i0["bearings"][i0["out"]] if "out" in i0 else 0
        return f"{js_str(a)}->{js_str(b)}"
    return _join(route, f)


def lanes_list(route):
    def f(s):
        parts = []
        for i in s.get("intersections", []):
            if i.get("lanes"):
                parts.append(" ".join(f"{';'.join(l.get('indications', []))}:{'true' if l.get('valid') else 'false'}"
                                      for l in i["lanes"]))
            else:
                parts.append("")
        return ";".join(parts)
    return _join(route, f)


def intersection_list(route):
    out = []
    for s in _steps(route):
        ints = []
        for it in s.get("intersections", []):
            bs = it.get("bearings", [])
            es = it.get("entry", [])
            ints.append(" ".join(f"{js_str(es[k] if k < len(es) else None)}:{js_str(bs[k])}" for k in range(len(bs))))
        out.append(",".join(ints))
    return ";".join(out)


def classes_list(route):
    return _join(route, lambda s: "[" + ",".join(
        "(" + (",".join(i["classes"]) if i.get("classes") else "") + ")" for i in s.get("intersections", [])) + "]")


def annotation_list(route):
    if "annotation" not in route["legs"][0]:
        return ""
    merged = {}
    meta = None
    for leg in route["legs"]:
        ann = leg.get("annotation", {})
        for k, v in ann.items():
            if "metadata" in k:
                continue
            merged.setdefault(k, []).append(":".join(js_str(x) for x in v))
        if ann.get("metadata"):
            meta = {}
            for k, v in ann["metadata"].items():
                meta.setdefault(k, []).append(":".join(js_str(x) for x in v))
    out = {k: ",".join(v) for k, v in merged.items()}
    if meta is not None:
        out["metadata"] = {k: ",".join(v) for k, v in meta.items()}
    return out


def summary(route):
    return ";".join(js_str(l.get("summary")) if not isinstance(l.get("summary"), str) else l["summary"]
                    for l in route["legs"])


def locations(world: World, route):
    return ",".join(world.find_node_by_location(s["maneuver"]["location"]) for s in _steps(route))


def route_row_got(world: World, row: dict, headers: list, status: int, json_body: dict, via_request=False):
    """shared_steps.js WhenIRouteIShouldGet afterRequest: the `got` row for one response."""
    got = {}
    if via_request:
        got["request"] = row.get("request")
    else:
        for k in row:
            if k.startswith("param:"):
                got[k] = row[k]
        if row.get("bearings"):
            got["bearings"] = row["bearings"]
        if row.get("approaches"):
            got["approaches"] = row["approaches"]
        if row.get("from") and row.get("to"):
            got["from"], got["to"] = row["from"], row["to"]
        elif row.get("waypoints"):
            got["waypoints"] = row["waypoints"]
    j = json_body
    got["code"] = j.get("code")
    has_route = j.get("code") == "Ok"
    hs = set(headers)
    instructions = None
    r0 = None
    if has_route:
        r0 = j["routes"][0]
        instructions = way_list(r0)
    if "status" in hs:
        got["status"] = str(status)
    if "message" in hs:
        got["message"] = j.get("message") or ""
    if "data_version" in hs:
        got["data_version"] = j.get("data_version") or ""
    if "#" in hs:
        got["#"] = row.get("#")
    if "geometry" in hs:
        got["geometry"] = r0.get("geometry") if r0 else None
    if "route" in hs:
        got["route"] = (instructions or "").strip()
    if "summary" in hs:
        got["summary"] = (summary(r0) if r0 else "").strip()
    if "alternative" in hs:
        got["alternative"] = ""
        if j.get("routes") and len(j["routes"]) > 1:
            got["alternative"] = way_list(j["routes"][1])
    distance = r0.get("distance") if r0 else False
    time = r0.get("duration") if r0 else False
    weight = r0.get("weight") if r0 else False
    if "distance" in hs:
        got["distance"] = (f"{js_str(distance)}m" if instructions else "") if row["distance"] else ""
    if "time" in hs:
        got["time"] = f"{js_str(time)}s" if instructions else ""
    if "lanes" in hs:
        got["lanes"] = (lanes_list(r0) if r0 else "").strip()
    if "speed" in hs:
        if row["speed"] != "" and instructions:
            sp = round_half_up(3.6 * distance / time) if time and time > 0 else 0
            got["speed"] = f"{js_str(sp)} km/h"
        else:
            got["speed"] = ""
    if "intersections" in hs:
        got["intersections"] = (intersection_list(r0) if r0 else "").strip()
    if "locations" in hs:
        got["locations"] = (locations(world, r0) if r0 else "").strip()
    if "waypoints_count" in hs:
        got["waypoints_count"] = len(j["waypoints"]) if "waypoints" in j else 0
    if "waypoint_names" in hs:
        got["waypoint_names"] = ";".join(w.get("name", "") for w in j["waypoints"]) if "waypoints" in j else ""
    annotation = annotation_list(r0) if r0 else None
    for k in headers:
        if k.startswith("a:"):
            a_type = k[2:]
            if a_type not in ("duration", "distance", "datasources", "nodes", "weight", "speed"):
                raise ScenarioError(f"Unrecognized annotation field: {a_type}")
            if annotation and not annotation.get(a_type):
                raise ScenarioError(f"Annotation not found in response: {a_type}")
            v = (annotation and annotation.get(a_type)) or ""
            if a_type == "nodes":
                v = "".join(world.node_name_by_id(x) for x in v.split(":"))
            got[k] = v
        elif k.startswith("am:"):
            a_type = k[3:]
            meta = annotation.get("metadata") if annotation else None
            if annotation and (not meta or not meta.get(a_type)):
                raise ScenarioError(f"Annotation not found in response: {a_type}")
            got[k] = (meta or {}).get(a_type) or ""

    def put(key, fn):
        if key in hs:
            got[key] = fn() if instructions else ""
    put("ref", lambda: _join(r0, lambda s: s.get("ref") or ""))
    put("bearing", lambda: bearing_list(r0))
    put("turns", lambda: turn_list(r0))
    put("modes", lambda: _join(r0, lambda s: s.get("mode")))
    put("classes", lambda: classes_list(r0))
    put("times", lambda: _join(r0, lambda s: f"{js_str(s.get('duration'))}s"))
    put("distances", lambda: _join(r0, lambda s: f"{js_str(s.get('distance'))}m"))
    put("pronunciations", lambda: _join(r0, lambda s: s.get("pronunciation") or ""))
    put("destinations", lambda: _join(r0, lambda s: s.get("destinations") or ""))
    put("exits", lambda: _join(r0, lambda s: s.get("exits") or ""))
    put("weight_name", lambda: r0.get("weight_name") or "")
    put("weights", lambda: _join(r0, lambda s: s.get("weight")))
    put("weight", lambda: weight)
    put("approach", lambda: _join(r0, lambda s: s.get("approaches") or ""))
    if r0 is not None and "driving_side" in hs:
        ds = _join(r0, lambda s: s.get("driving_side"))
        if ds:
            got["driving_side"] = ds if instructions else ""
    return got


def round_half_up(x):
    """Math.round."""
    return math.floor(x + 0.5)


def compare_row(expected: dict, got: dict):
    """Fuzzy-match then tableDiff; returns {column: (expected, got)} of the cells that differ."""
    got = dict(got)
    for key, want in expected.items():
        try:
            if fuzzy_match(got.get(key), want):
                got[key] = want
        except JSTypeError:
            pass
    diffs = {}
    for key, want in expected.items():
        if not loose_equal(unescape_str(want), got.get(key)):
            g = got.get(key)
            diffs[key] = (want, g if isinstance(g, str) or g is None else js_str(g))
    return diffs
