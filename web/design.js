// Draws the colour tokens and the type scale from tokens.json, so the page shows what the
// tokens say, in the scheme (light or dark) the system uses.
"use strict";
fetch("/tokens.json").then((r) => r.json()).then((tokens) => {
  const swatches = document.getElementById("swatches");
  for (const name of Object.keys(tokens.color).filter((k) => !k.startsWith("$"))) {
    const item = document.createElement("div");
    item.className = "swatch";
    item.innerHTML = `<span style="background: var(--color-${name})"></span><p>${name}</p>`;
    swatches.append(item);
  }
  const scale = document.getElementById("scale");
  for (const name of Object.keys(tokens.font.size).filter((k) => !k.startsWith("$"))) {
    const line = document.createElement("p");
    line.style.fontSize = `var(--font-size-${name})`;
    line.textContent = `${name} — Turn right onto Boulevard Albert 1er`;
    scale.append(line);
  }
});
