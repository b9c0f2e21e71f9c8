#!/usr/bin/env python3
"""The web app in a real browser: Debian's chromium driven by Playwright, by accessible names.

Starts `gemnav serve` on the embedded Monaco data with a fresh store, then, as a person would,
on a phone viewport (390x844): searches a Monaco place (the map moves to it), asks for
directions (the routes fitted between the search panel and the route card; the system's
colour scheme switched to dark and back while the page is open, the map's style and the
page's colours following it with the routes kept), switches the avoid options on and off,
picks the second route (the trip offers two; fewer fails), agrees to recording, simulates the
drive at 10x switching through the Visual, Voice and Haptic modes, pans the map and recenters,
arrives; then a trip with a stop (its numbered pin and the destination's on the map), which a
second tab does not see (its own session and trip), and "Continue"; a tap on the map offering
that point; the assistant; a ride; an invalid WebSocket message refused on its own connection
only. Every speechSynthesis.speak and navigator.vibrate call is recorded and compared with the
prompts and cues the app core sent; the page must log no console errors. When the map library
is installed (scripts/setup-web.sh) the map canvas must show a drawn map (its pixels vary) and
every tile and the icon sprite must answer 200. Then, on a desktop viewport (1280x800) against a Free-tier server
with its own store, by keyboard only: search, pick a result, Directions, Start, "No thanks";
the Free tier's "Open in Google Maps" / "Open in Apple Maps" hand-offs; and /design.
Screenshots go to docs/screenshots/ with --screenshots.

Usage: ci/webapp_e2e.py GEMNAV_BINARY [--screenshots]
"""
import base64
import json
import os
import pathlib
import re
import socket
import subprocess
import sys
import tempfile
import threading
import time

from playwright.sync_api import TimeoutError as PlaywrightTimeout, expect, sync_playwright

ROOT = pathlib.Path(__file__).resolve().parent.parent
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
SHOTS = ROOT / "docs" / "screenshots"

# Records what the page plays, what the app core asked it to play, the pages it asked to open
# (hand-offs to other map apps, which must not load from outside the machine here) and the
# last state the page drew.
RECORDER = """
window.__spoken = []; window.__vibrations = []; window.__effects = []; window.__opened = []; window.__state = null;
if (window.speechSynthesis) {
  speechSynthesis.speak = (u) => { window.__spoken.push(u.text); };
}
navigator.vibrate = (pattern) => { window.__vibrations.push(pattern); return true; };
window.open = (url) => { window.__opened.push(String(url)); return null; };
const NativeSocket = window.WebSocket;
window.WebSocket = class extends NativeSocket {
  constructor(...args) {
    super(...args);
    this.addEventListener("message", (e) => {
      const m = JSON.parse(e.data);
      if (m.type === "state" && String(args[0]).includes("/app/ws")) {
        window.__effects.push(...m.effects);
        window.__state = m.state;
      }
    });
  }
};
"""

# Opens a raw WebSocket from the page, sends text that is not an intent, and reports the
# message types it got and the close code.
INVALID_MESSAGE = """async () => new Promise((resolve) => {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${location.host}/app/ws`);
  const types = [];
  let opened = false;
  socket.onopen = () => { opened = true; socket.send("not json"); };
  socket.onmessage = (e) => types.push(JSON.parse(e.data).type);
  socket.onclose = (e) => resolve({ opened, types, code: e.code });
  setTimeout(() => resolve({ opened, types, code: -1 }), 10000);
})"""

# Decodes a PNG screenshot in the page and measures it: distinct colours and the spread of
# luminance. A blank (or one-colour) canvas has one colour and no spread.
PIXELS = """async (b64) => {
  const bitmap = await createImageBitmap(await (await fetch("data:image/png;base64," + b64)).blob());
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  const g = canvas.getContext("2d");
  g.drawImage(bitmap, 0, 0);
  const d = g.getImageData(0, 0, bitmap.width, bitmap.height).data;
  const colours = new Set();
  let sum = 0, sq = 0;
  const n = d.length / 4;
  for (let i = 0; i < d.length; i += 4) {
    colours.add((d[i] << 16) | (d[i + 1] << 8) | d[i + 2]);
    const y = 0.299 * d[i] + 0.587 * d[i + 1] + 0.114 * d[i + 2];
    sum += y; sq += y * y;
  }
  const mean = sum / n;
  return { colours: colours.size, deviation: Math.sqrt(Math.max(0, sq / n - mean * mean)) };
}"""

# The accessible name of the focused element, as the keyboard flow reads it.
FOCUSED = """() => { const e = document.activeElement; if (!e || e === document.body) return "";
  return (e.getAttribute("aria-label") || e.textContent || e.value || "").trim(); }"""


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(binary, store, *extra):
    port = free_port()
    env = dict(os.environ, GEMNAV_STORE=str(store))
    server = subprocess.Popen([binary, "serve", "--port", str(port), "--web", str(ROOT / "web"), *extra],
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env, text=True)
    deadline = time.time() + 300  # the first run imports the embedded map
    while time.time() < deadline:
        line = server.stdout.readline()
        if not line and server.poll() is not None:
            sys.exit(f"gemnav serve exited with {server.returncode}")
        if "open http://" in line:
            # Keeps reading, so the server never blocks on a full pipe.
            threading.Thread(target=lambda: [None for _ in server.stdout], daemon=True).start()
            return server, f"http://127.0.0.1:{port}"
    server.kill()
    sys.exit("gemnav serve did not start within 5 minutes")


def fresh_store():
    return pathlib.Path(tempfile.mkdtemp(prefix="gemnav-e2e-")) / "app.sqlite"


def shot(page, name, enabled):
    if not enabled:
        return
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"{name}.png"
    page.screenshot(path=str(path))
    try:  # 256 colours keep a map screenshot well under 200 KB; without Pillow it stays as taken
        from PIL import Image
        Image.open(path).convert("RGB").quantize(colors=256, method=Image.Quantize.MEDIANCUT).save(path, optimize=True)
    except ImportError:
        print("Pillow missing: screenshots kept unquantized", file=sys.stderr)


def watch(page, errors, tiles=None):
    """Records console errors and, with `tiles`, the map's tile and sprite responses."""
    page.on("console", lambda m: errors.append(f"{m.text} {m.location}") if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    if tiles is not None:
        page.on("response", lambda r: tiles.append((r.url, r.status)) if "/tiles/" in r.url or "/sprite" in r.url else None)


def search_and_pick(page, text, name):
    box = page.get_by_role("searchbox", name="Search")
    box.click()
    box.fill(text)
    results = page.get_by_role("listbox", name="Search results")
    option = results.get_by_role("option", name=re.compile(name))
    expect(option.first).to_be_visible(timeout=10_000)
    option.first.click()


def wait_state(page, condition, timeout=15_000):
    """Waits until the last state the page drew satisfies `condition` (JS over `s`)."""
    page.wait_for_function(f"(() => {{ const s = window.__state; return !!s && ({condition}); }})()", timeout=timeout)


# Whether the map made the app's last camera request and rests: `cameraShown` is the page's
# record of the requests it made.
CAMERA_DONE = "(() => { const c = window.__state && window.__state.map.camera; return !!c && cameraShown === c.revision && !map.isMoving(); })()"

# The route's box on screen, the search panel's bottom and the route card's top, in pixels.
ROUTE_ON_SCREEN = """() => {
  const [[w, s], [e, n]] = window.__state.map.camera.bounds;
  const a = map.project([w, n]), b = map.project([e, s]);
  return { left: a.x, top: a.y, right: b.x, bottom: b.y, width: map.getContainer().clientWidth,
    panel: document.getElementById("top").getBoundingClientRect().bottom,
    card: document.getElementById("planning").getBoundingClientRect().top };
}"""


# The place picked on screen, the map's size and zoom, and the search panel's bottom, in pixels.
PLACE_ON_SCREEN = """() => {
  const d = window.__state.search.destination, p = map.project([d.lon, d.lat]), box = map.getContainer();
  return { x: p.x, y: p.y, width: box.clientWidth, height: box.clientHeight, zoom: map.getZoom(),
    panel: document.getElementById("top").getBoundingClientRect().bottom };
}"""


def map_on_place(page):
    """The map moved to the place just picked: it is in the middle of the map's width, below the
    search panel (not under it; the panel may have grown a line since the move), at zoom 16."""
    page.wait_for_function(CAMERA_DONE, timeout=10_000)
    at = page.evaluate(PLACE_ON_SCREEN)
    assert abs(at["x"] - at["width"] / 2) < 2 and at["panel"] + 40 < at["y"] < at["height"] - 40, f"the place is not in view: {at}"
    assert abs(at["zoom"] - 16) < 0.01, at


def routes_in_view(page):
    """The routes offered are fitted into the map between the search panel and the route card."""
    page.wait_for_function("(() => { const c = window.__state.map.camera; return !!c && !!c.bounds; })()", timeout=10_000)
    page.wait_for_function(CAMERA_DONE, timeout=10_000)
    box = page.evaluate(ROUTE_ON_SCREEN)
    assert 0 <= box["left"] < box["right"] <= box["width"], box
    assert box["panel"] <= box["top"] < box["bottom"] <= box["card"], f"the route is under a panel: {box}"


def dark_scheme_live(page):
    """The system's colour scheme switched while the page is open: the map's style and the
    page's colours follow, the route lines and pins stay; then back to light."""
    colours = "getComputedStyle(document.body).backgroundColor"
    light, pins = page.evaluate(colours), page.locator(".pin-marker").count()
    for scheme, name in [("dark", "GemNav dark"), ("light", "GemNav light")]:
        page.emulate_media(color_scheme=scheme)
        page.wait_for_function(f"""() => map.isStyleLoaded() && map.getStyle().name === {name!r} && mapReady
            && !!map.getLayer("route-selected") && map.getSource("routes").serialize().data.features.length > 0""",
                               timeout=15_000)
        assert (page.evaluate(colours) != light) == (scheme == "dark"), f"the page's colours in {scheme}"
        assert page.locator(".pin-marker").count() == pins


def avoid_options(page):
    """Each avoid option, on then off: the core has it (its state says so) and routes again."""
    for option, key in [("Avoid motorways", "avoidMotorways"), ("Avoid ferries", "avoidFerries"), ("Avoid tolls", "avoidTolls")]:
        box = page.get_by_role("checkbox", name=option)
        expect(box).not_to_be_checked()
        box.check()
        wait_state(page, f"s.planning.{key} === true && s.planning.phase === 'routeReady'")
        expect(box).to_be_checked()
        box.uncheck()
        wait_state(page, f"s.planning.{key} === false && s.planning.phase === 'routeReady'")
        expect(box).not_to_be_checked()


def pan_and_recenter(page):
    """A drag on the map stops following; "Recenter" follows again."""
    recenter = page.get_by_role("button", name="Recenter")
    box = page.locator("#map").bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] * 0.55
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 60, y + 40, steps=8)
    page.mouse.move(x + 120, y + 80, steps=8)
    page.mouse.up()
    expect(recenter).to_be_visible(timeout=10_000)
    wait_state(page, "s.map.following === false")
    recenter.click()
    expect(recenter).to_be_hidden(timeout=10_000)
    wait_state(page, "s.map.following === true")


def map_drawn(page):
    """The map canvas shows a drawn map: a screenshot of a part no panel covers has many
    colours and contrast (a blank or cleared canvas has one colour)."""
    canvas = page.locator("canvas.maplibregl-canvas")
    expect(canvas).to_be_visible()
    page.wait_for_function("() => !document.querySelector('#map').hidden", timeout=10_000)
    time.sleep(1.5)  # the tiles of the last move
    box = canvas.bounding_box()
    top = page.locator("#top").bounding_box()
    y0 = (top["y"] + top["height"] + 8) if top else box["y"]
    clip = {"x": box["x"], "y": y0, "width": box["width"], "height": min(260, box["y"] + box["height"] - y0)}
    png = page.screenshot(clip=clip)
    measured = page.evaluate(PIXELS, base64.b64encode(png).decode())
    assert measured["colours"] >= 50 and measured["deviation"] >= 5, f"the map canvas looks blank: {measured}"
    return measured


def drive(page, modes, pan=False):
    """Switches through guidance modes during the trip, staying in each until it cued the user:
    a spoken prompt in Visual and Voice, a vibration in Haptic. With `pan`, pans the map and
    recenters while in the first mode."""
    banner = page.get_by_role("region", name="Next maneuver")
    expect(banner).to_be_visible(timeout=10_000)
    group = page.get_by_role("group", name="Guidance mode")
    for i, mode in enumerate(modes):
        played = "window.__vibrations.length" if mode == "Haptic" else "window.__spoken.length"
        before = page.evaluate(played)
        group.get_by_role("button", name=mode).click()
        expect(group.get_by_role("button", name=mode)).to_have_attribute("aria-pressed", "true")
        expect(page.get_by_role("region", name="Route info")).to_contain_text("arrive")
        if pan and i == 0:
            pan_and_recenter(page)
        page.wait_for_function(f"{played} > {before}", timeout=90_000)


def check_cues(page):
    effects = page.evaluate("window.__effects")
    spoken = page.evaluate("window.__spoken")
    vibrations = page.evaluate("window.__vibrations")
    asked_spoken = [e["text"] for e in effects if e["kind"] == "speak"]
    asked_vibrations = [e["pattern"] for e in effects if e["kind"] == "vibrate"]
    assert spoken == asked_spoken, f"spoken {spoken[:5]}… differs from the prompts sent {asked_spoken[:5]}…"
    assert vibrations == asked_vibrations, "vibrations played differ from the cues sent"
    assert len(spoken) >= 3, f"too few prompts spoken: {spoken}"
    assert all(isinstance(p, list) and p and all(isinstance(x, int) for x in p) for p in vibrations)
    return spoken, vibrations


def tab_to(page, name, limit=60):
    """Presses Tab until the focused control is named `name` (the keyboard user's way there)."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        if page.evaluate(FOCUSED) == name:
            return
    raise AssertionError(f"Tab never reached “{name}”")


def phone_run(browser, base, screenshots, errors, tiles):
    """The main flow on a phone viewport; returns what was spoken and vibrated."""
    context = browser.new_context(viewport={"width": 390, "height": 844})
    context.add_init_script(RECORDER)
    page = context.new_page()
    watch(page, errors, tiles)
    page.goto(base + "/")
    config = page.evaluate("fetch('/app/config.json').then(r => r.json())")
    has_map = config["mapLibrary"] and config["map"]

    # 1. Search, the avoid options, the second route, consent, every guidance mode with a pan
    #    and "Recenter", arrival. From the map's centre the Moneghetti stadium has two routes
    #    (Stade Louis II has one, as in osrm-routed).
    search_and_pick(page, "stade", "Stade des Moneghetti")
    if has_map:
        expect(page.get_by_role("img", name=re.compile("^Place: Stade des Moneghetti"))).to_be_visible()
        map_on_place(page)
    shot(page, "search", screenshots)
    page.get_by_role("button", name="Directions").click()
    routes = page.get_by_role("list", name="Routes").get_by_role("listitem")
    expect(routes.first).to_contain_text("min", timeout=10_000)
    if has_map:
        expect(page.get_by_role("img", name=re.compile("^Destination: Stade des Moneghetti"))).to_be_visible()
        routes_in_view(page)
        dark_scheme_live(page)
    avoid_options(page)
    assert routes.count() >= 2, f"the trip offers {routes.count()} route(s); picking the second needs two"
    routes.nth(1).get_by_role("button").click()
    expect(routes.nth(1)).to_have_attribute("aria-current", "true")
    expect(routes.nth(1).get_by_role("button")).to_have_accessible_name(re.compile("^Selected route: "))
    page.get_by_role("switch", name="Simulate drive").check()
    page.get_by_role("slider", name="Simulation speed").fill("10")
    shot(page, "routes", screenshots)
    page.get_by_role("button", name="Start").click()
    consent = page.get_by_role("dialog", name="Save your trips?")
    expect(consent).to_be_visible()
    consent.get_by_role("button", name="I Agree").click()
    if has_map:
        expect(page.get_by_role("img", name="Your position")).to_be_visible(timeout=10_000)
    drive(page, ["Visual", "Voice", "Haptic"], pan=has_map)
    shot(page, "pocket", screenshots)
    page.get_by_role("group", name="Guidance mode").get_by_role("button", name="Visual").click()
    shot(page, "navigation", screenshots)
    expect(page.get_by_role("region", name="Speed")).to_be_visible()
    page.get_by_role("button", name="Mute").click()
    page.get_by_role("button", name="Unmute").click()
    arrived = page.get_by_role("dialog", name="Destination reached")
    expect(arrived).to_be_visible(timeout=180_000)
    shot(page, "arrival", screenshots)
    spoken, vibrations = check_cues(page)
    assert vibrations, "the haptic mode played no vibration"
    arrived.get_by_role("button", name="Done").click()

    # 2. A trip with a stop: its pins; a second tab with its own session and trip; "Arrived at
    #    stop", Continue, arrival; the consent is not asked again.
    search_and_pick(page, "stade", "Stade Louis")
    page.get_by_role("button", name="Directions").click()
    expect(page.get_by_role("button", name="Start")).to_be_enabled(timeout=10_000)
    search_and_pick(page, "casino", "Casino de Monte")
    page.get_by_role("button", name="Add stop").click()
    expect(page.get_by_role("list", name="Stops")).to_contain_text("Casino")
    expect(page.get_by_role("button", name="Start")).to_be_enabled(timeout=10_000)
    if has_map:
        expect(page.get_by_role("img", name=re.compile("^Stop 1: Casino de Monte"))).to_be_visible()
        expect(page.get_by_role("img", name=re.compile("^Destination: Stade Louis"))).to_be_visible()
    second_tab(context, base, errors, page.evaluate("sessionStorage.getItem('gemnav-session')"))
    expect(page.get_by_role("list", name="Stops")).to_contain_text("Casino")
    expect(page.get_by_text(re.compile("^To: Stade Louis"))).to_be_visible()
    page.get_by_role("button", name="Start").click()
    stop = page.get_by_role("dialog", name="Arrived at stop")
    expect(stop).to_be_visible(timeout=180_000)
    stop.get_by_role("button", name="Continue").click()
    expect(page.get_by_role("dialog", name="Destination reached")).to_be_visible(timeout=180_000)
    check_cues(page)
    page.get_by_role("dialog", name="Destination reached").get_by_role("button", name="Done").click()

    # 3. Both trips are in Places (recorded with the consent given once); settings open and close.
    page.get_by_role("button", name="Places").click()
    expect(page.get_by_role("list", name="Trip history").get_by_role("listitem")).to_have_count(2)
    page.get_by_role("button", name="Close").click()
    page.get_by_role("button", name="Settings").click()
    expect(page.get_by_role("combobox", name="Units")).to_have_value("metric")
    # The consent given to the trip's question shows in Settings.
    expect(page.get_by_role("checkbox", name="Save my trips on this device")).to_be_checked()
    page.get_by_role("button", name="Close").click()

    # 3b. Truck mode is Pro's: absent on Plus; on Pro the truck's size is typed on the
    #     route card, a bad value is explained, a good one routes.
    search_and_pick(page, "stade", "Stade Louis")
    page.get_by_role("button", name="Directions").click()
    mode = page.get_by_role("combobox", name="Travel mode")
    expect(mode.locator("option[value=truck]")).to_have_count(0)
    page.get_by_role("button", name="Settings").click()
    page.get_by_role("combobox", name="Tier").select_option("pro")
    page.get_by_role("button", name="Close").click()
    expect(mode.locator("option[value=truck]")).to_have_count(1, timeout=10_000)
    mode.select_option("truck")
    height = page.get_by_role("textbox", name="Truck height in metres")
    expect(height).to_have_value("4")
    height.fill("42")
    height.press("Enter")
    expect(page.get_by_role("alert").filter(has_text="vehicle height")).to_be_visible()
    height.fill("3.5")
    height.press("Enter")
    expect(page.get_by_role("alert").filter(has_text="vehicle height")).to_be_hidden()
    expect(page.get_by_role("list", name="Routes").get_by_role("listitem").first).to_contain_text("arrive", timeout=10_000)
    mode.select_option("car")
    page.get_by_role("button", name="Settings").click()
    page.get_by_role("combobox", name="Tier").select_option("plus")
    page.get_by_role("button", name="Close").click()
    # Settings close back onto the route card it was opened from.
    expect(mode).to_be_visible()
    page.get_by_role("button", name="Cancel").click()

    # 4. The assistant: a typed request lists places in the chat, the next one starts a trip;
    #    mid-trip the chat opens over the trip and answers from it.
    page.get_by_role("button", name="Assistant").click()
    panel = page.get_by_role("dialog", name="Assistant")
    expect(panel).to_be_visible()
    conversation = panel.get_by_role("log", name="Conversation")
    # The microphone: a server that recognises speech has the page record (a fake device
    # here) and answers through the state; one that cannot says so at once.
    panel.get_by_role("button", name="Microphone").click()
    expect(panel.locator("#voice-result")).to_have_text(re.compile(r"\S"), timeout=20_000)
    expect(panel.get_by_role("button", name="Microphone")).to_have_attribute("aria-pressed", "false")
    panel.get_by_role("textbox", name="Message").fill("find a pharmacy")
    panel.get_by_role("button", name="Send").click()
    expect(conversation).to_contain_text(re.compile("pharmac", re.I), timeout=15_000)
    panel.get_by_role("textbox", name="Message").fill("take me to the casino de monte carlo")
    panel.get_by_role("button", name="Send").click()
    expect(page.get_by_role("region", name="Next maneuver")).to_be_visible(timeout=15_000)
    expect(page.get_by_role("button", name="Voice command")).to_be_visible()
    page.get_by_role("button", name="Assistant").click()
    expect(panel).to_be_visible()
    expect(page.get_by_role("region", name="Next maneuver")).to_be_visible()
    panel.get_by_role("textbox", name="Message").fill("how long until I arrive?")
    panel.get_by_role("button", name="Send").click()
    expect(conversation.locator("li.assistant").last).to_contain_text("min", timeout=15_000)
    shot(page, "assistant", screenshots)
    panel.get_by_role("button", name="Close").click()
    page.get_by_role("button", name="End trip").click()
    expect(page.get_by_role("searchbox", name="Search")).to_be_visible()

    # 5. A ride: quoted to a searched place, confirmed, a driver found and on the way, cancelled;
    #    the cancelled ride is in the history.
    search_and_pick(page, "stade", "Stade Louis")
    page.get_by_role("button", name="Ride there").click()
    ride = page.get_by_role("dialog", name="Ride")
    expect(ride).to_be_visible()
    expect(ride).to_contain_text("EUR", timeout=10_000)
    ride.get_by_role("combobox", name="Ride class").select_option("xl")
    ride.get_by_role("button", name="Confirm ride").click()
    expect(ride.get_by_role("region", name="Driver")).to_be_visible(timeout=30_000)
    if has_map:
        expect(page.get_by_role("img", name="Driver")).to_be_visible()
    shot(page, "ride", screenshots)
    ride.get_by_role("button", name="Cancel ride").click()
    expect(ride.get_by_role("list", name="Ride history").get_by_role("listitem")).to_have_count(1)
    expect(ride.get_by_role("list", name="Ride history")).to_contain_text("Cancelled")
    ride.get_by_role("button", name="Close").click()

    # 6. A tap on the map offers that point (named by the nearest address) as a destination.
    if has_map:
        expect(page.get_by_role("searchbox", name="Search")).to_be_visible()
        before = page.evaluate("window.__state.search.destination && window.__state.search.destination.id")
        box = page.locator("#map").bounding_box()
        # A spot may hold a pin or name the place already chosen: then another spot is tapped.
        changed = f"s.search.destination !== null && s.search.destination.id !== {json.dumps(before)}"
        for fx, fy in [(0.3, 0.6), (0.7, 0.35), (0.45, 0.8)]:
            # Where the spot is on the map, read before the tap: the map then moves to the place.
            page.wait_for_function("!map.isMoving()", timeout=10_000)
            near = page.evaluate("([x, y]) => map.unproject([x, y])", [box["width"] * fx, box["height"] * fy])
            page.mouse.click(box["x"] + box["width"] * fx, box["y"] + box["height"] * fy)
            try:
                wait_state(page, changed, timeout=8_000)
                break
            except PlaywrightTimeout:
                continue
        else:
            raise AssertionError("no tap on the map offered its point as a destination")
        expect(page.get_by_role("button", name="Directions")).to_be_visible(timeout=10_000)
        tapped = page.evaluate("window.__state.search.destination")
        assert abs(tapped["lat"] - near["lat"]) < 1e-4 and abs(tapped["lon"] - near["lng"]) < 1e-4, f"{tapped} is not where the map was tapped ({near})"
        expect(page.get_by_role("img", name=f"Place: {tapped['name']}")).to_be_visible()
        map_on_place(page)

    # 7. A message that is not an intent: answered with an error, that connection closed with
    #    1003, and only that one: the page's own socket still works.
    refused = page.evaluate(INVALID_MESSAGE)
    assert refused["opened"] and "error" in refused["types"] and refused["code"] == 1003, f"invalid message: {refused}"
    expect(page.locator("#connection")).to_be_hidden()
    search_and_pick(page, "casino", "Casino de Monte")
    expect(page.get_by_role("button", name="Directions")).to_be_visible()

    measured = None
    if has_map:
        measured = map_drawn(page)
        assert tiles and all(status == 200 for _, status in tiles), f"tiles: {tiles[:5]}"
        assert any("/sprite" in url for url, _ in tiles), "the icon sprite was not loaded"
    context.close()
    return spoken, vibrations, has_map, measured


def second_tab(context, base, errors, first_session):
    """A second tab gets its own session and its own trip; the first tab's card stays."""
    tab = context.new_page()
    watch(tab, errors)
    tab.goto(base + "/")
    tab.wait_for_function("!!sessionStorage.getItem('gemnav-session')")
    session = tab.evaluate("sessionStorage.getItem('gemnav-session')")
    assert session and session != first_session, "the second tab shares the first tab's session"
    expect(tab.get_by_role("region", name="Route planning")).to_be_hidden()
    search_and_pick(tab, "casino", "Casino de Monte")
    tab.get_by_role("button", name="Directions").click()
    expect(tab.get_by_role("list", name="Routes").get_by_role("listitem").first).to_contain_text("arrive", timeout=10_000)
    expect(tab.get_by_role("list", name="Stops").get_by_role("listitem")).to_have_count(0)
    expect(tab.get_by_text(re.compile("^To: Casino de Monte"))).to_be_visible()
    tab.close()


def desktop_free_run(browser, base, errors):
    """A desktop viewport on the Free tier, by keyboard only: search, a result by arrow keys,
    Directions, the simulated drive, Start, "No thanks" (so nothing is recorded); the Free
    tier has no map and hands the trip to Google Maps and Apple Maps."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.add_init_script(RECORDER)
    page = context.new_page()
    watch(page, errors)
    page.goto(base + "/")
    wait_state(page, "s.inAppMap === false")
    expect(page.locator("#map")).to_be_hidden()

    tab_to(page, "Search")
    page.keyboard.type("stade")
    results = page.get_by_role("listbox", name="Search results")
    expect(results.get_by_role("option", name=re.compile("Stade Louis")).first).to_be_visible(timeout=10_000)
    page.keyboard.press("ArrowDown")
    for _ in range(10):
        if "Stade Louis" in page.evaluate(FOCUSED):
            break
        page.keyboard.press("ArrowDown")
    assert "Stade Louis" in page.evaluate(FOCUSED), "arrow keys did not reach the stadium"
    page.keyboard.press("Enter")
    # The place picked, the card's first action has the focus.
    expect(page.get_by_role("button", name="Directions")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.get_by_role("list", name="Routes").get_by_role("listitem").first).to_contain_text("arrive", timeout=10_000)

    # The hand-offs open the trip in the other apps (recorded, not loaded).
    for name, url in [("Open in Google Maps", "https://www.google.com/maps/dir/?"), ("Open in Apple Maps", "maps://?daddr=")]:
        tab_to(page, name)
        page.keyboard.press("Enter")
        page.wait_for_function(f"window.__opened.some((u) => u.startsWith({url!r}))", timeout=10_000)
    opened = page.evaluate("window.__opened")
    assert all(re.search(r"-?\d+\.\d+", u) for u in opened), f"hand-offs without the destination: {opened}"

    tab_to(page, "Simulate drive")
    page.keyboard.press("Space")
    wait_state(page, "s.simulation.enabled === true")
    tab_to(page, "Start")
    page.keyboard.press("Enter")
    consent = page.get_by_role("dialog", name="Save your trips?")
    expect(consent).to_be_visible()
    expect(consent.get_by_role("button", name="I Agree")).to_be_focused()
    page.keyboard.press("Shift+Tab")
    expect(consent.get_by_role("button", name="No thanks")).to_be_focused()
    page.keyboard.press("Enter")
    expect(consent).to_be_hidden()
    expect(page.get_by_role("region", name="Next maneuver")).to_contain_text(re.compile(r"\S"), timeout=15_000)
    wait_state(page, "s.navigation.recording === false")
    tab_to(page, "End trip")
    page.keyboard.press("Enter")
    expect(page.get_by_role("searchbox", name="Search")).to_be_visible()
    # Declined: the trip was not recorded.
    page.get_by_role("button", name="Places").click()
    expect(page.get_by_role("list", name="Trip history").get_by_role("listitem")).to_have_count(0)
    context.close()


def design_page(browser, base, screenshots, errors):
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    watch(page, errors)
    response = page.goto(base + "/design")
    assert response and response.status == 200, f"/design answered {response and response.status}"
    for region in ["Banner, visual mode", "Banner, pocket mode", "Over the limit", "Route card"]:
        expect(page.get_by_role("region", name=region)).to_be_visible()
    expect(page.get_by_role("group", name="Map pins").get_by_role("img")).to_have_count(5)
    for group in ["Consent dialog", "Stop dialog", "Arrival dialog"]:
        expect(page.get_by_role("group", name=group)).to_be_visible()
    expect(page.get_by_role("list", name="Example routes").get_by_role("listitem")).to_have_count(2)
    shot(page, "design", screenshots)
    page.close()


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else str(ROOT / ".build/debug/gemnav")
    screenshots = "--screenshots" in sys.argv
    server, base = start_server(binary, fresh_store(), "--truck-data", "embedded")
    free, free_base = start_server(binary, fresh_store(), "--tier", "free")
    errors = []
    tiles = []
    began = time.time()
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--use-angle=swiftshader",
                                                                          "--enable-unsafe-swiftshader",
                                                                          "--use-fake-ui-for-media-stream",
                                                                          "--use-fake-device-for-media-stream"])
            spoken, vibrations, has_map, measured = phone_run(browser, base, screenshots, errors, tiles)
            phone = time.time() - began
            desktop_free_run(browser, free_base, errors)
            design_page(browser, base, screenshots, errors)
            browser.close()
    finally:
        for s in (server, free):
            s.terminate()
            s.wait(timeout=30)
    # Every console error fails the run. An earlier filter let lines naming speechSynthesis
    # through, with no reason given; the recorder stands in for speechSynthesis.speak, so the
    # browser's synthesizer is never reached, and runs here log no such line: it was dropped
    # so that a real speech error in the page is not hidden.
    assert not errors, f"console errors: {errors}"
    print(f"web app e2e: ok in {time.time() - began:.0f} s (phone {phone:.0f} s; {len(spoken)} prompts spoken, "
          f"{len(vibrations)} vibrations, {len(tiles)} tiles and sprite files"
          f"{', map pixels ' + str(measured) if measured else '; map library not installed, map not checked'})")


if __name__ == "__main__":
    main()
