// GemNav's web page: a thin shell. It shows the state the server's app model publishes over
// the WebSocket and sends what the user and the browser do as intents. It decides nothing:
// every rule (what a screen shows, which cue falls back to what) lives in the Swift app core.
"use strict";

const $ = (id) => document.getElementById(id);
let socket = null;
let state = null;
let retry = 500;
const shown = {};          // last JSON drawn per section, to redraw only what changed
let map = null;            // MapLibre map, when the library and a style are available
let mapReady = false;
let lines = [];            // route lines from the server (selected or followed first)
let positionMarker = null;
let userMoving = false;    // the user moves the map (drag, zoom, rotate)
let pointerDown = false;   // a finger or the mouse is down on the map
let wakeLock = null;

// ---- connection ---------------------------------------------------------------------------

function connect() {
  const id = sessionStorage.getItem("gemnav-session") || "";
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone || "";
  const lang = navigator.language || "";
  const query = `?tz=${encodeURIComponent(zone)}&lang=${encodeURIComponent(lang)}${id ? "&session=" + encodeURIComponent(id) : ""}`;
  socket = new WebSocket(`${scheme}://${location.host}/app/ws${query}`);
  socket.onopen = () => {
    retry = 500;
    $("connection").hidden = true;
    send({ intent: "capabilities", vibrate: "vibrate" in navigator, speech: "speechSynthesis" in window,
      wakeLock: "wakeLock" in navigator });
    send({ intent: "visibility", visible: document.visibilityState === "visible" });
    reportPermission();
  };
  socket.onmessage = (event) => receive(JSON.parse(event.data));
  socket.onclose = () => {
    $("connection").textContent = "Connection lost — reconnecting…";
    $("connection").hidden = false;
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 8000);
  };
}

function send(intent) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(intent));
}

function receive(message) {
  if (message.type === "error") {
    $("app-message").textContent = message.message;
    $("app-message").hidden = false;
    return;
  }
  if (message.type !== "state") return;
  sessionStorage.setItem("gemnav-session", message.session);
  state = message.state;
  if (state.routeLines) lines = state.routeLines;
  render(state);
  for (const effect of message.effects) play(effect);
}

// ---- effects ------------------------------------------------------------------------------

function play(effect) {
  if (effect.kind === "speak" && "speechSynthesis" in window) {
    const utterance = new SpeechSynthesisUtterance(effect.text);
    utterance.lang = state ? state.settings.language : "en";
    speechSynthesis.speak(utterance);
  } else if (effect.kind === "vibrate" && "vibrate" in navigator) {
    navigator.vibrate(effect.pattern);
  } else if (effect.kind === "openURL") {
    window.open(effect.url, "_blank", "noopener");
  } else if (effect.kind === "download") {
    const link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob([effect.text], { type: "text/plain" }));
    link.download = effect.fileName;
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 1000);
  }
}

async function keepScreenOn(on) {
  if (!("wakeLock" in navigator)) return;
  try {
    if (on && !wakeLock && document.visibilityState === "visible") {
      wakeLock = await navigator.wakeLock.request("screen");
      wakeLock.addEventListener("release", () => { wakeLock = null; });
    } else if (!on && wakeLock) {
      await wakeLock.release();
      wakeLock = null;
    }
  } catch (_) { wakeLock = null; /* refused (battery saver, hidden tab): the trip goes on */ }
}

// ---- drawing ------------------------------------------------------------------------------

function changed(key, value) {
  const json = JSON.stringify(value);
  if (shown[key] === json) return false;
  shown[key] = json;
  return true;
}

function el(tag, attrs = {}, text) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (v !== undefined && v !== null && v !== false) node.setAttribute(k, v === true ? "" : v);
  }
  if (text !== undefined) node.textContent = text;
  return node;
}

function setText(id, text) { const node = $(id); if (node.textContent !== (text || "")) node.textContent = text || ""; }

function render(s) {
  document.getElementById("app").dataset.screen = s.screen;
  $("navigation").dataset.mode = s.navigation.mode;
  // The chat opened mid-trip sits under the trip's panel, which stays in view.
  const navigating = s.screen === "navigation" || (s.screen === "assistant" && s.tripUnderWay);
  $("top").hidden = navigating;
  $("planning").hidden = s.screen !== "planning";
  $("navigation").hidden = !navigating;
  $("settings").hidden = s.screen !== "settings";
  $("places").hidden = s.screen !== "places";
  $("assistant").hidden = s.screen !== "assistant";
  $("ride").hidden = s.screen !== "ride";
  $("app-message").hidden = !s.message;
  if (s.message) $("app-message").textContent = s.message;
  keepScreenOn(s.keepScreenOn);
  if (changed("search", [s.search, s.screen, s.planning.destination])) renderSearch(s.search, s.screen, s.planning.destination);
  if (changed("planning", [s.planning, s.simulation, s.externalMaps])) renderPlanning(s.planning, s.simulation, s.externalMaps);
  if (changed("navigation", s.navigation)) renderNavigation(s.navigation);
  if (changed("settings", s.settings)) renderSettings(s.settings);
  if (changed("places", s.places)) renderPlaces(s.places);
  if (changed("assistant", s.assistant)) renderAssistant(s.assistant);
  if (changed("ride", s.ride)) renderRide(s.ride);
  renderMap(s);
}

let pickedByKeyboard = false;
function renderSearch(search, screen, planned) {
  const input = $("search");
  if (document.activeElement !== input && input.value !== search.query) input.value = search.query;
  const chips = $("chips");
  if (!chips.childElementCount) {
    for (const c of search.categories) chips.append(el("button", { onclick: () => send({ intent: "category", value: c }) }, c));
  }
  const list = $("results");
  const items = search.query || search.category ? search.results : screen === "search" ? search.suggestions : [];
  list.replaceChildren(...items.map((p) => el("li", {
    role: "option", tabindex: "0", "aria-selected": search.destination && search.destination.id === p.id ? "true" : "false",
    onclick: () => send({ intent: "pick", id: p.id }),
    onkeydown: (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); pickedByKeyboard = true; send({ intent: "pick", id: p.id }); } },
  }, p.subtitle ? `${p.name} — ${p.subtitle}` : p.name)));
  list.hidden = items.length === 0 || !!search.destination || !["map", "search", "planning"].includes(screen);
  // On the route card, a place picked anew can be added as a stop; the destination itself is not offered again.
  $("destination").hidden = !search.destination || (screen === "planning" && planned && planned.id === search.destination.id);
  if (search.destination) setText("destination-name", search.destination.subtitle
    ? `${search.destination.name} — ${search.destination.subtitle}` : search.destination.name);
  $("search-message").hidden = !search.message;
  setText("search-message", search.message);
  // A result picked from the keyboard hides the list it was in: the focus goes on to the
  // card's first action rather than back to the top of the page.
  if (pickedByKeyboard && !$("destination").hidden) {
    pickedByKeyboard = false;
    $("directions").focus();
  }
}

function renderPlanning(p, sim, externalMaps) {
  setText("plan-from", "From: " + (p.origin ? p.origin.name : "My position"));
  setText("plan-to", p.destination ? "To: " + p.destination.name : "");
  $("stops").replaceChildren(...p.stops.map((stop, i) => el("li", {}, stop.name)));
  for (const [i, li] of [...$("stops").children].entries()) {
    li.append(" ", el("button", { "aria-label": `Remove stop ${p.stops[i].name}`, onclick: () => send({ intent: "removeStop", index: i }) }, "Remove"));
  }
  $("routes").replaceChildren(...p.routes.map((r, i) => {
    const label = `${r.duration}, ${r.distance}, arrive ${r.arrival}${r.via ? ", via " + r.via : ""}`;
    const item = el("li", { "aria-current": r.selected ? "true" : null, class: r.selected ? "selected" : "" });
    item.append(el("button", { "aria-pressed": String(r.selected), "aria-label": (r.selected ? "Selected route: " : "Route: ") + label,
      onclick: () => send({ intent: "selectRoute", index: i }) }, label));
    return item;
  }));
  const status = p.phase === "routeCalculating" ? "Finding routes…" : p.phase === "error" ? p.error : "";
  setText("plan-status", status);
  $("avoid-tolls").checked = p.avoidTolls;
  $("avoid-motorways").checked = p.avoidMotorways;
  $("avoid-ferries").checked = p.avoidFerries;
  const modes = $("travel-mode");
  modes.replaceChildren(...p.modes.map((m) => el("option", { value: m, selected: m === p.mode }, m)));
  $("vehicle").hidden = p.mode !== "truck";
  for (const input of document.querySelectorAll("[data-dimension]")) {
    // The field being typed in keeps what the user typed.
    if (document.activeElement !== input) input.value = p.vehicle[input.dataset.dimension];
  }
  $("vehicle-problem").hidden = !p.vehicleProblem;
  setText("vehicle-problem", p.vehicleProblem);
  $("simulate").checked = sim.enabled;
  $("simulate").setAttribute("aria-checked", String(sim.enabled));
  $("sim-speed").value = String(sim.speed);
  setText("sim-speed-value", `${sim.speed}×`);
  $("start").disabled = p.phase !== "routeReady";
  $("handoff").hidden = !externalMaps || !p.destination;
}

function renderNavigation(n) {
  const b = n.banner;
  setText("turn-arrow", b ? b.arrow : "");
  setText("turn-distance", b ? b.distance : "");
  setText("turn-text", b ? b.instruction : n.phase === "arrived" ? "You have arrived" : "");
  setText("turn-next", b && b.next ? `Then ${b.nextArrow || ""} ${b.next}` : "");
  const lanes = b ? b.lanes : [];
  $("lanes").hidden = lanes.length === 0;
  $("lanes").replaceChildren(...lanes.map((l) => el("li", { class: l.active ? "active" : "", "aria-label": l.label }, l.arrows)));
  setText("remaining-time", n.remainingTime);
  setText("remaining-distance", n.remainingDistance);
  setText("arrival", n.arrival);
  setText("speed-value", n.speed || "–");
  setText("speed-limit", n.limit ? `Limit ${n.limit}` : "");
  $("over-limit").hidden = !n.overLimit;
  setText("street", n.street);
  setText("nav-notice", n.notice);
  $("faster-route").hidden = !n.fasterRoute;
  setText("faster-route-text", n.fasterRoute);
  $("recording-problem").hidden = !n.recordingProblem;
  setText("recording-problem", n.recordingProblem);
  $("mute").textContent = n.muted ? "Unmute" : "Mute";
  $("pause").textContent = n.phase === "paused" ? "Resume" : "Pause";
  for (const button of document.querySelectorAll("[data-mode]")) {
    button.setAttribute("aria-pressed", String(button.dataset.mode === n.mode));
  }
  $("pocket").hidden = n.mode !== "haptic";
  const d = n.disclosure;
  $("consent").hidden = !d;
  if (d) {
    setText("consent-title", d.title);
    setText("consent-text", d.text);
    setText("consent-no", d.decline);
    setText("consent-yes", d.accept);
  }
  $("stop-dialog").hidden = n.phase !== "atStop";
  setText("stop-question", n.stopQuestion);
  $("arrived-dialog").hidden = n.phase !== "arrived";
  setText("arrived-text", n.destination ? `You have reached ${n.destination}.` : "");
  focusDialog();
}

function focusDialog() {
  const open = ["consent", "stop-dialog", "arrived-dialog"].map($).find((d) => !d.hidden);
  if (open && !open.contains(document.activeElement)) {
    const button = open.querySelector("button.primary") || open.querySelector("button");
    if (button) button.focus();
  }
}

function renderSettings(s) {
  const tiers = $("set-tier");
  tiers.replaceChildren(...s.tiers.map((t) => el("option", { value: t, selected: t === s.tier }, t[0].toUpperCase() + t.slice(1))));
  tiers.disabled = !!s.tierDecidedBy;
  tiers.title = s.tierDecidedBy ? `Set by ${s.tierDecidedBy}` : "";
  $("set-units").value = s.units;
  $("set-language").replaceChildren(...s.languages.map((l) => el("option", { value: l, selected: l === s.language }, l)));
  $("set-voice").checked = s.voice;
  $("set-haptics").checked = s.haptics;
  $("set-mode").value = s.guidanceMode;
  const server = $("set-server");
  server.disabled = !s.routingEngineChoice;
  if (document.activeElement !== server) server.value = s.routingServer || "";
  setText("server-status", s.routingEngineChoice ? s.serverStatus : "The routing engine can be chosen in Pro.");
  $("set-consent").checked = s.consent === "granted";
  setText("settings-message", s.message);
  $("support-log").hidden = !s.hasSupportLog;
}

function renderPlaces(p) {
  if (!p) return;
  $("favourites").replaceChildren(...p.favourites.map((f) => {
    const li = el("li", {}, `${f.name} `);
    li.append(el("button", { "aria-label": `Delete favourite ${f.name}`, onclick: () => send({ intent: "deleteFavourite", id: String(f.id) }) }, "Delete"));
    return li;
  }));
  $("recents").replaceChildren(...p.recents.map((r) => {
    const li = el("li", {}, `${r.name} `);
    li.append(el("button", { "aria-label": `Delete recent ${r.name}`, onclick: () => send({ intent: "deleteRecent", id: String(r.id) }) }, "Delete"));
    return li;
  }));
  $("trips").replaceChildren(...p.trips.map((t) => {
    const li = el("li", {}, `${t.title} — ${t.detail} `);
    li.append(el("button", { "aria-label": `Delete trip ${t.title}`, onclick: () => send({ intent: "deleteTrip", id: String(t.id) }) }, "Delete"));
    return li;
  }));
  setText("places-message", p.message);
}

function renderAssistant(a) {
  if (!a) return;
  $("chat").replaceChildren(...a.messages.map((m) => {
    const li = el("li", { class: m.author }, m.text);
    if (m.places.length) {
      const list = el("ol");
      list.replaceChildren(...m.places.map((p) => el("li", {}, p)));
      li.append(list);
    }
    return li;
  }));
  $("chat").scrollTop = $("chat").scrollHeight;
  $("thinking").hidden = !a.thinking;
  for (const id of ["mic", "voice-command"]) $(id).setAttribute("aria-pressed", String(a.voice.listening));
  $("voice-result").hidden = !a.voice.message;
  setText("voice-result", a.voice.message);
  $("voice-result").classList.toggle("failed", a.voice.success === false);
  // The voice-command button on the trip panel answers there too.
  $("voice-feedback").hidden = !a.voice.listening && !a.voice.message;
  setText("voice-feedback", a.voice.listening ? "Listening…" : a.voice.message);
  $("voice-feedback").classList.toggle("failed", a.voice.success === false);
}

function renderRide(r) {
  $("open-ride").hidden = !r;
  $("ride-there").hidden = !r;
  $("ride-from").hidden = !r;
  if (!r) return;
  setText("ride-pickup", r.pickup || "not chosen");
  setText("ride-destination", r.destination || "search a place, then “Ride there”");
  const classes = $("ride-class");
  classes.replaceChildren(...r.classes.map((c) => el("option", { value: c, selected: c === r.rideClass }, c === "xl" ? "XL" : "Standard")));
  classes.disabled = !["idle", "selectingLocations", "routeReady"].includes(r.phase);
  setText("ride-quote", r.fare ? `${r.fare}${r.route ? " · " + r.route : ""}` : "");
  setText("ride-status", r.status);
  $("ride-driver").hidden = !r.driver;
  if (r.driver) {
    setText("ride-driver-name", `${r.driver.name} ★ ${r.driver.rating.toFixed(1)}${r.driver.eta ? " · " + r.driver.eta : ""}`);
    setText("ride-driver-car", `${r.driver.car} · ${r.driver.plate}`);
  }
  $("ride-message").hidden = !r.message;
  setText("ride-message", r.message);
  $("confirm-ride").hidden = !r.canConfirm;
  $("cancel-ride").hidden = !r.canCancel;
  $("retry-ride").hidden = !r.canRetry;
  $("ride-done").hidden = !r.completed;
  $("ride-history").replaceChildren(...r.history.map((h) => {
    const li = el("li", {}, `${h.title} — ${h.detail} `);
    li.append(el("button", { "aria-label": `Delete ride ${h.title}`, onclick: () => send({ intent: "deleteRide", id: h.id }) }, "Delete"));
    return li;
  }));
}

// ---- the microphone -----------------------------------------------------------------------
// The browser only records; recognising and understanding happen in the server's Swift
// (POST /assistant/audio), whose answer reaches the page as state over the WebSocket.

let recording = null;

async function toggleRecording() {
  if (recording) return stopRecording();
  // A server that cannot recognise speech answers "listen" at once with why.
  if (state && state.assistant && !state.assistant.voice.canListen) return send({ intent: "listen" });
  if (!window.isSecureContext) return send({ intent: "notHeard", value: "insecure" });
  if (!navigator.mediaDevices || !navigator.mediaDevices.getUserMedia) return send({ intent: "notHeard", value: "unavailable" });
  send({ intent: "listen" });
  let stream;
  try {
    stream = await navigator.mediaDevices.getUserMedia({ audio: { channelCount: 1, echoCancellation: true, noiseSuppression: true } });
  } catch (e) {
    return send({ intent: "notHeard", value: e && e.name === "NotAllowedError" ? "denied" : "unavailable" });
  }
  const context = new AudioContext();
  const source = context.createMediaStreamSource(stream);
  const node = context.createScriptProcessor(4096, 1, 1);
  const chunks = [];
  node.onaudioprocess = (e) => chunks.push(new Float32Array(e.inputBuffer.getChannelData(0)));
  source.connect(node);
  node.connect(context.destination);
  // A command is a sentence: the recording ends by itself after a few seconds.
  recording = { stream, context, source, node, chunks, timer: setTimeout(stopRecording, 5000) };
}

async function stopRecording() {
  const r = recording;
  if (!r) return;
  recording = null;
  clearTimeout(r.timer);
  r.node.disconnect();
  r.source.disconnect();
  for (const track of r.stream.getTracks()) track.stop();
  const rate = r.context.sampleRate;
  await r.context.close();
  const id = sessionStorage.getItem("gemnav-session") || "";
  try {
    await fetch(`/assistant/audio?session=${encodeURIComponent(id)}`,
      { method: "POST", headers: { "Content-Type": "audio/wav" }, body: wav(r.chunks, rate, 16000) });
  } catch (_) { /* the connection notice says the server is gone */ }
}

// 16-bit mono PCM WAV at `target` Hz, from float chunks at `rate` Hz (linear interpolation).
function wav(chunks, rate, target) {
  const input = new Float32Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) { input.set(c, at); at += c.length; }
  const count = Math.floor(input.length * target / rate);
  const view = new DataView(new ArrayBuffer(44 + count * 2));
  const text = (o, t) => { for (let i = 0; i < t.length; i++) view.setUint8(o + i, t.charCodeAt(i)); };
  text(0, "RIFF"); view.setUint32(4, 36 + count * 2, true); text(8, "WAVEfmt ");
  view.setUint32(16, 16, true); view.setUint16(20, 1, true); view.setUint16(22, 1, true);
  view.setUint32(24, target, true); view.setUint32(28, target * 2, true); view.setUint16(32, 2, true); view.setUint16(34, 16, true);
  text(36, "data"); view.setUint32(40, count * 2, true);
  for (let i = 0; i < count; i++) {
    const x = i * rate / target, j = Math.floor(x), f = x - j;
    const v = (input[j] || 0) * (1 - f) + (input[j + 1] || 0) * f;
    view.setInt16(44 + i * 2, Math.max(-1, Math.min(1, v)) * 0x7fff, true);
  }
  return view.buffer;
}

// ---- the map ------------------------------------------------------------------------------

// The map's style follows the system's colour scheme, as the page's tokens do, also when it
// changes while the page is open.
const darkScheme = matchMedia("(prefers-color-scheme: dark)");
const styleURL = () => new URL(darkScheme.matches ? "/style-dark.json" : "/style.json", location.href).href;

async function loadMap() {
  const missing = (text) => { $("map-missing").textContent = text; $("map-missing").hidden = false; };
  const config = await fetch("/app/config.json").then((r) => r.json()).catch(() => ({}));
  if (!config.mapLibrary) return missing("The map library is not installed: run scripts/setup-web.sh, then reload.");
  if (!config.map) return missing("This server has no map tiles for its data: re-run `gemnav import` to build them.");
  const css = el("link", { rel: "stylesheet", href: "/vendor/maplibre-gl.css" });
  document.head.append(css);
  await new Promise((resolve, reject) => {
    const tag = el("script", { src: "/vendor/maplibre-gl.js" });
    tag.onload = resolve;
    tag.onerror = reject;
    document.body.append(tag);
  });
  const centre = state && state.map.centreLon != null ? [state.map.centreLon, state.map.centreLat] : [7.42, 43.735];
  map = new maplibregl.Map({ container: "map", style: styleURL(), center: centre, zoom: 14, attributionControl: false });
  map.addControl(new maplibregl.AttributionControl({ compact: true }));
  // Every style loaded, the first and each one the colour scheme switches to, gets the route
  // lines back (pins and the position are page elements and stay).
  map.on("style.load", () => {
    map.addSource("routes", { type: "geojson", data: routeFeatures() });
    map.addLayer({ id: "route-alternatives", type: "line", source: "routes", filter: ["==", ["get", "selected"], false],
      paint: { "line-color": "#8a94a6", "line-width": 6, "line-opacity": 0.8 } });
    map.addLayer({ id: "route-selected", type: "line", source: "routes", filter: ["==", ["get", "selected"], true],
      paint: { "line-color": "#1a73e8", "line-width": 7 } });
    mapReady = true;
    if (state) renderMap(state);
  });
  // A whole new style (no diff), so that "style.load" comes and puts the routes back.
  darkScheme.addEventListener("change", () => { mapReady = false; map.setStyle(styleURL(), { diff: false }); });
  // Only moves the user makes stop following; the map's own easing does not. While a finger
  // or the mouse holds the map, following does not ease it (each easing stops the map's
  // gesture handlers, so a drag would never begin); the move is reported once the map rests.
  const grabbed = (e) => { if (e.originalEvent) userMoving = true; };
  for (const name of ["dragstart", "zoomstart", "rotatestart", "pitchstart"]) map.on(name, grabbed);
  map.getCanvasContainer().addEventListener("pointerdown", () => { pointerDown = true; });
  for (const name of ["pointerup", "pointercancel"]) window.addEventListener(name, () => { pointerDown = false; });
  map.on("moveend", (e) => {
    if (!userMoving && !e.originalEvent) return;
    if (map.isMoving()) return;
    userMoving = false;
    const c = map.getCenter();
    send({ intent: "mapMoved", lat: c.lat, lon: c.lng, zoom: map.getZoom() });
  });
  map.on("click", (e) => {
    if (state && (state.screen === "map" || state.screen === "search")) send({ intent: "mapTap", lat: e.lngLat.lat, lon: e.lngLat.lng });
  });
}

function routeFeatures() {
  // On the ride screen the map shows the ride's route; elsewhere the trip's.
  const shownLines = state && state.screen === "ride" && state.ride ? (state.ride.line.length ? [state.ride.line] : []) : lines;
  return { type: "FeatureCollection", features: shownLines.map((coordinates, i) => ({
    type: "Feature", properties: { selected: i === 0 }, geometry: { type: "LineString", coordinates } })) };
}

// The state's pins (destination, numbered stops, a picked place), each named for screen readers.
let pins = [];
function renderPins(s) {
  if (!changed("pins", s.markers)) return;
  for (const pin of pins) pin.remove();
  pins = s.markers.map((m) => {
    // MapLibre positions the outer element with its own transform; the shape is inside.
    const element = el("div", { class: "pin-marker", role: "img", title: m.label });
    element.append(el("span", { class: `pin ${m.kind}`, "aria-hidden": "true" }, m.number != null ? String(m.number) : undefined));
    const pin = new maplibregl.Marker({ element, anchor: m.kind === "destination" ? "bottom" : "center" })
      .setLngLat([m.lon, m.lat]).addTo(map);
    // Named after addTo, which gives every marker the library's own name ("Map marker").
    element.setAttribute("aria-label", m.label);
    return pin;
  });
}

let driverMarker = null;
function renderDriver(s) {
  const d = s.screen === "ride" && s.ride ? s.ride.driver : null;
  if (!d) { if (driverMarker) { driverMarker.remove(); driverMarker = null; } return; }
  if (!driverMarker) {
    driverMarker = new maplibregl.Marker({ element: el("div", { class: "driver", role: "img" }) }).setLngLat([d.lon, d.lat]).addTo(map);
    driverMarker.getElement().setAttribute("aria-label", "Driver");  // after addTo, which names it "Map marker"
  }
  driverMarker.setLngLat([d.lon, d.lat]);
}

function renderMap(s) {
  $("map").hidden = !s.inAppMap;
  $("recenter").hidden = !s.map.showsRecenter || !s.inAppMap;
  // The map carries its own attribution; without it the page shows it.
  $("attribution").hidden = !!map && s.inAppMap;
  $("map-notice").hidden = !s.map.notice;
  setText("map-notice", s.map.notice);
  if (!map || !mapReady) return;
  renderDriver(s);
  renderPins(s);
  if (changed("lines", [lines, s.screen === "ride" && s.ride ? s.ride.line : null])) map.getSource("routes").setData(routeFeatures());
  moveCamera(s.map.camera);
  if (s.map.lat != null) {
    if (!positionMarker) {
      const dot = el("div", { class: "position", "aria-label": "Your position" });
      positionMarker = new maplibregl.Marker({ element: dot, rotationAlignment: "map" });
      positionMarker.setLngLat([s.map.lon, s.map.lat]).addTo(map);
      dot.setAttribute("aria-label", "Your position");  // after addTo, which names it "Map marker"
      dot.setAttribute("role", "img");
    }
    positionMarker.setLngLat([s.map.lon, s.map.lat]);
    positionMarker.setRotation(s.map.course || 0);
  }
  if (s.map.following && !userMoving && !pointerDown && s.map.centreLon != null && changed("centre", [s.map.centreLon, s.map.centreLat, s.map.zoom])) {
    const trip = s.screen === "navigation";
    map.easeTo({ center: [s.map.centreLon, s.map.centreLat], bearing: trip ? s.map.course || 0 : 0,
                 zoom: trip ? s.map.zoom : map.getZoom(), duration: 400 });
  }
}

// The move the app asked for, made once per request, into the part of the map that no panel
// covers (the search panel above, a card below): a place in its middle, or the routes fitted.
let cameraShown = 0;
function moveCamera(camera) {
  if (!camera || camera.revision === cameraShown) return;
  cameraShown = camera.revision;
  let top = $("top").hidden ? 0 : $("top").getBoundingClientRect().bottom;
  const sheet = [...document.querySelectorAll(".sheet")].find((e) => !e.hidden);
  let bottom = sheet ? window.innerHeight - sheet.getBoundingClientRect().top : 0;
  // A window too low for the panels gets the move under them.
  if (window.innerHeight - top - bottom < 120) top = bottom = 0;
  if (!camera.bounds) {
    return map.flyTo({ center: [camera.lon, camera.lat], zoom: camera.zoom, offset: [0, (top - bottom) / 2], duration: 800 });
  }
  const padding = { top: top + 24, bottom: bottom + 24, left: 24, right: 24 };
  map.fitBounds(camera.bounds, { padding, maxZoom: camera.maxZoom, duration: 600 });
}

// ---- the device ---------------------------------------------------------------------------

let watching = null;
async function reportPermission() {
  if (!("geolocation" in navigator)) return send({ intent: "permission", value: "denied" });
  let permission = "prompt";
  try { permission = (await navigator.permissions.query({ name: "geolocation" })).state; } catch (_) { /* not supported */ }
  send({ intent: "permission", value: permission });
  if (permission === "denied" || watching !== null) return;
  watching = navigator.geolocation.watchPosition((p) => {
    send({ intent: "permission", value: "granted" });
    send({ intent: "location", lat: p.coords.latitude, lon: p.coords.longitude, accuracy: p.coords.accuracy,
      speed: p.coords.speed ?? undefined, course: p.coords.heading ?? undefined });
  }, (error) => {
    if (error.code === error.PERMISSION_DENIED) { watching = null; send({ intent: "permission", value: "denied" }); }
  }, { enableHighAccuracy: true, maximumAge: 1000 });
}

document.addEventListener("visibilitychange", () => {
  send({ intent: "visibility", visible: document.visibilityState === "visible" });
  if (state) keepScreenOn(state.keepScreenOn);
});

// ---- controls -----------------------------------------------------------------------------

$("search").addEventListener("input", (e) => send({ intent: "type", text: e.target.value }));
$("search").addEventListener("focus", () => { if (state && state.screen === "map") send({ intent: "open", screen: "search" }); });
$("search").addEventListener("keydown", (e) => {
  if (e.key === "ArrowDown") { const first = $("results").querySelector("[role=option]"); if (first) { e.preventDefault(); first.focus(); } }
});
$("results").addEventListener("keydown", (e) => {
  const items = [...$("results").querySelectorAll("[role=option]")];
  const i = items.indexOf(document.activeElement);
  if (e.key === "ArrowDown" && i < items.length - 1) { e.preventDefault(); items[i + 1].focus(); }
  if (e.key === "ArrowUp") { e.preventDefault(); (i > 0 ? items[i - 1] : $("search")).focus(); }
});
$("directions").onclick = () => send({ intent: "directions" });
$("add-stop").onclick = () => send({ intent: "addStop" });
$("save-home").onclick = () => send({ intent: "saveFavourite", value: "home" });
$("save-work").onclick = () => send({ intent: "saveFavourite", value: "work" });
$("save-favourite").onclick = () => send({ intent: "saveFavourite", value: "named" });
for (const option of ["tolls", "motorways", "ferries"]) {
  $(`avoid-${option}`).onchange = (e) => send({ intent: "avoid", option, on: e.target.checked });
}
$("travel-mode").onchange = (e) => send({ intent: "travelMode", mode: e.target.value });
for (const input of document.querySelectorAll("[data-dimension]")) {
  input.onchange = () => send({ intent: "vehicle", option: input.dataset.dimension, value: input.value });
}
$("simulate").onchange = (e) => send({ intent: "simulate", on: e.target.checked });
$("sim-speed").oninput = (e) => send({ intent: "simulationSpeed", speed: Number(e.target.value) });
$("start").onclick = () => send({ intent: "start" });
$("plan-cancel").onclick = () => send({ intent: "endTrip" });
$("open-google").onclick = () => send({ intent: "handOff", target: "googleMapsWeb" });
$("open-apple").onclick = () => send({ intent: "handOff", target: "appleMaps" });
$("mute").onclick = () => send({ intent: "mute" });
for (const button of document.querySelectorAll("[data-mode]")) {
  button.onclick = () => send({ intent: "guidanceMode", mode: button.dataset.mode });
}
$("pause").onclick = () => send({ intent: state && state.navigation.phase === "paused" ? "resume" : "pause" });
$("end-trip").onclick = () => send({ intent: "endTrip" });
$("consent-no").onclick = () => send({ intent: "consent", granted: false });
$("consent-yes").onclick = () => send({ intent: "consent", granted: true });
$("continue").onclick = () => send({ intent: "continue" });
$("take-faster").onclick = () => send({ intent: "acceptFasterRoute" });
$("keep-route").onclick = () => send({ intent: "dismissFasterRoute" });
$("arrived-done").onclick = () => send({ intent: "endTrip" });
$("recenter").onclick = () => send({ intent: "recenter" });
$("open-settings").onclick = () => send({ intent: "open", screen: "settings" });
$("open-places").onclick = () => send({ intent: "open", screen: "places" });
$("open-assistant").onclick = () => send({ intent: "open", screen: "assistant" });
$("nav-assistant").onclick = () => send({ intent: "open", screen: "assistant" });
$("assistant-close").onclick = () => send({ intent: "close" });
$("chat-clear").onclick = () => send({ intent: "clearChat" });
$("open-ride").onclick = () => send({ intent: "open", screen: "ride" });
$("ride-there").onclick = () => send({ intent: "rideDestination" });
$("ride-from").onclick = () => send({ intent: "ridePickup" });
$("ride-pickup-here").onclick = () => send({ intent: "ridePickup", value: "here" });
$("ride-class").onchange = (e) => send({ intent: "rideClass", value: e.target.value });
$("confirm-ride").onclick = () => send({ intent: "confirmRide" });
$("cancel-ride").onclick = () => send({ intent: "cancelRide" });
$("retry-ride").onclick = () => send({ intent: "retryRide" });
$("ride-done").onclick = () => send({ intent: "rideDone" });
$("ride-close").onclick = () => send({ intent: "close" });
$("ask-form").onsubmit = (e) => {
  e.preventDefault();
  const text = $("ask").value.trim();
  if (!text) return;
  send({ intent: "ask", text });
  $("ask").value = "";
};
$("mic").onclick = toggleRecording;
$("voice-command").onclick = toggleRecording;
$("settings-close").onclick = () => send({ intent: "close" });
$("places-close").onclick = () => send({ intent: "close" });
$("go-home").onclick = () => send({ intent: "goHome" });
$("clear-recents").onclick = () => send({ intent: "clearRecents" });
$("set-tier").onchange = (e) => send({ intent: "setting", name: "tier", value: e.target.value });
$("set-units").onchange = (e) => send({ intent: "setting", name: "units", value: e.target.value });
$("set-language").onchange = (e) => send({ intent: "setting", name: "language", value: e.target.value });
$("set-voice").onchange = (e) => send({ intent: "setting", name: "voice", on: e.target.checked });
$("set-haptics").onchange = (e) => send({ intent: "setting", name: "haptics", on: e.target.checked });
$("set-mode").onchange = (e) => send({ intent: "setting", name: "guidanceMode", value: e.target.value });
$("set-server").onchange = (e) => send({ intent: "setting", name: "routingServer", value: e.target.value });
$("set-consent").onchange = (e) => send({ intent: "setting", name: "consent", on: e.target.checked });
$("export-log").onclick = () => send({ intent: "supportLog", value: "export" });
$("clear-log").onclick = () => send({ intent: "supportLog", value: "clear" });
document.addEventListener("keydown", (e) => {
  if (e.key === "Escape" && state && ["settings", "places", "assistant", "ride"].includes(state.screen)) {
    send({ intent: "open", screen: state.tripUnderWay ? "navigation" : "map" });
  }
});

connect();
loadMap();
