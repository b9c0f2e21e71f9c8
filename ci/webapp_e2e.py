#!/usr/bin/env python3
"""The web app in a real browser: Debian's chromium driven by Playwright, by accessible names.

Starts `gemnav serve` on the embedded Monaco data with a fresh store, then, as a person would:
searches a Monaco place, picks the second route, agrees to recording, simulates the drive at
10x switching through the Visual, Voice and Haptic modes, arrives; then a trip with a stop and
"Continue". Every speechSynthesis.speak and navigator.vibrate call is recorded and compared
with the prompts and cues the app core sent; the page must log no console errors. When the
map library is installed (scripts/setup-web.sh) the map canvas must not be blank and every
tile must answer 200. Screenshots go to docs/screenshots/ with --screenshots.

Usage: ci/webapp_e2e.py GEMNAV_BINARY [--screenshots]
"""
import os
import pathlib
import re
import socket
import subprocess
import sys
import tempfile
import time

from playwright.sync_api import expect, sync_playwright

ROOT = pathlib.Path(__file__).resolve().parent.parent
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
SHOTS = ROOT / "docs" / "screenshots"

# Records what the page plays and what the app core asked it to play.
RECORDER = """
window.__spoken = []; window.__vibrations = []; window.__effects = [];
if (window.speechSynthesis) {
  speechSynthesis.speak = (u) => { window.__spoken.push(u.text); };
}
navigator.vibrate = (pattern) => { window.__vibrations.push(pattern); return true; };
const NativeSocket = window.WebSocket;
window.WebSocket = class extends NativeSocket {
  constructor(...args) {
    super(...args);
    this.addEventListener("message", (e) => {
      const m = JSON.parse(e.data);
      if (m.type === "state") window.__effects.push(...m.effects);
    });
  }
};
"""


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(binary, store):
    port = free_port()
    env = dict(os.environ, GEMNAV_STORE=str(store))
    server = subprocess.Popen([binary, "serve", "--port", str(port), "--web", str(ROOT / "web"),
                               "--truck-data", "embedded"],
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env, text=True)
    deadline = time.time() + 300  # the first run imports the embedded map
    while time.time() < deadline:
        line = server.stdout.readline()
        if not line and server.poll() is not None:
            sys.exit(f"gemnav serve exited with {server.returncode}")
        if "open http://" in line:
            return server, f"http://127.0.0.1:{port}"
    server.kill()
    sys.exit("gemnav serve did not start within 5 minutes")


def shot(page, name, enabled):
    if enabled:
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"{name}.png"))


def search_and_pick(page, text, name):
    box = page.get_by_role("searchbox", name="Search")
    box.click()
    box.fill(text)
    results = page.get_by_role("listbox", name="Search results")
    option = results.get_by_role("option", name=re.compile(name))
    expect(option.first).to_be_visible(timeout=10_000)
    option.first.click()


def drive(page, modes):
    """Switches through guidance modes during the trip, staying in each until it cued the user:
    a spoken prompt in Visual and Voice, a vibration in Haptic."""
    banner = page.get_by_role("region", name="Next maneuver")
    expect(banner).to_be_visible(timeout=10_000)
    group = page.get_by_role("group", name="Guidance mode")
    for mode in modes:
        played = "window.__vibrations.length" if mode == "Haptic" else "window.__spoken.length"
        before = page.evaluate(played)
        group.get_by_role("button", name=mode).click()
        expect(group.get_by_role("button", name=mode)).to_have_attribute("aria-pressed", "true")
        expect(page.get_by_role("region", name="Route info")).to_contain_text("arrive")
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


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else str(ROOT / ".build/debug/gemnav")
    screenshots = "--screenshots" in sys.argv
    store = pathlib.Path(tempfile.mkdtemp(prefix="gemnav-e2e-")) / "app.sqlite"
    server, base = start_server(binary, store)
    errors = []
    tiles = []
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--use-angle=swiftshader",
                                                                          "--enable-unsafe-swiftshader",
                                                                          "--use-fake-ui-for-media-stream",
                                                                          "--use-fake-device-for-media-stream"])
            context = browser.new_context(viewport={"width": 390, "height": 844})
            context.add_init_script(RECORDER)
            page = context.new_page()
            page.on("console", lambda m: errors.append(f"{m.text} {m.location}") if m.type == "error" else None)
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.on("response", lambda r: tiles.append((r.url, r.status)) if "/tiles/" in r.url else None)
            page.goto(base + "/")
            config = page.evaluate("fetch('/app/config.json').then(r => r.json())")
            has_map = config["mapLibrary"] and config["map"]

            # 1. Search, the second route, consent, every guidance mode, arrival.
            search_and_pick(page, "casino", "Casino de Monte")
            shot(page, "search", screenshots)
            page.get_by_role("button", name="Directions").click()
            routes = page.get_by_role("list", name="Routes").get_by_role("listitem")
            expect(routes.first).to_contain_text("min", timeout=10_000)
            if routes.count() >= 2:
                routes.nth(1).get_by_role("button").click()
                expect(routes.nth(1)).to_have_attribute("aria-current", "true")
            expect(page.get_by_role("checkbox", name="Avoid tolls")).not_to_be_checked()
            page.get_by_role("switch", name="Simulate drive").check()
            page.get_by_role("slider", name="Simulation speed").fill("10")
            shot(page, "routes", screenshots)
            page.get_by_role("button", name="Start").click()
            consent = page.get_by_role("dialog", name="Save your trips?")
            expect(consent).to_be_visible()
            consent.get_by_role("button", name="I Agree").click()
            drive(page, ["Visual", "Voice", "Haptic"])
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

            # 2. A trip with a stop: "Arrived at stop", Continue, arrival; the consent is not asked again.
            search_and_pick(page, "stade", "Stade Louis")
            page.get_by_role("button", name="Directions").click()
            expect(page.get_by_role("button", name="Start")).to_be_enabled(timeout=10_000)
            search_and_pick(page, "casino", "Casino de Monte")
            page.get_by_role("button", name="Add stop").click()
            expect(page.get_by_role("list", name="Stops")).to_contain_text("Casino")
            expect(page.get_by_role("button", name="Start")).to_be_enabled(timeout=10_000)
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
            shot(page, "ride", screenshots)
            ride.get_by_role("button", name="Cancel ride").click()
            expect(ride.get_by_role("list", name="Ride history").get_by_role("listitem")).to_have_count(1)
            expect(ride.get_by_role("list", name="Ride history")).to_contain_text("Cancelled")
            ride.get_by_role("button", name="Close").click()

            if has_map:
                canvas = page.locator("canvas.maplibregl-canvas")
                expect(canvas).to_be_visible()
                assert page.evaluate("""() => { const c = document.querySelector('canvas.maplibregl-canvas');
                    const g = c.getContext('webgl2') || c.getContext('webgl'); return c.width > 0 && !!g; }"""), "map canvas"
                assert tiles and all(status == 200 for _, status in tiles), f"tiles: {tiles[:5]}"
            context.close()

            if screenshots:
                design = browser.new_page(viewport={"width": 1280, "height": 900})
                if design.goto(base + "/design").ok:
                    shot(design, "design", True)
            browser.close()
    finally:
        server.terminate()
        server.wait(timeout=30)
    real_errors = [e for e in errors if "speechSynthesis" not in e]
    assert not real_errors, f"console errors: {real_errors}"
    print(f"web app e2e: ok ({len(spoken)} prompts spoken, {len(vibrations)} vibrations, "
          f"{len(tiles)} tiles{'' if has_map else '; map library not installed, map not checked'})")


if __name__ == "__main__":
    main()
