#!/usr/bin/env python3
"""Turns web/tokens.json (W3C design tokens) into web/tokens.css (CSS custom properties).

Light values are the defaults; a token's "$extensions": {"dark": ...} value applies under
prefers-color-scheme: dark. `--check` fails when tokens.css is not what the tokens make."""
import json
import pathlib
import sys

WEB = pathlib.Path(__file__).resolve().parent.parent / "web"


def css_value(value, kind):
    if kind == "shadow":
        return f'{value["offsetX"]} {value["offsetY"]} {value["blur"]} {value["spread"]} {value["color"]}'
    if kind == "fontFamily":
        return ", ".join(f'"{f}"' if " " in f else f for f in value)
    return str(value)


def walk(node, path, kind, light, dark):
    kind = node.get("$type", kind)
    if "$value" in node:
        name = "--" + "-".join(path)
        light.append(f"  {name}: {css_value(node['$value'], kind)};")
        if "dark" in node.get("$extensions", {}):
            dark.append(f"    {name}: {css_value(node['$extensions']['dark'], kind)};")
        return
    for key, child in node.items():
        if not key.startswith("$"):
            walk(child, path + [key], kind, light, dark)


def main():
    tokens = json.loads((WEB / "tokens.json").read_text())
    light, dark = [], []
    walk(tokens, [], None, light, dark)
    css = ("/* Generated from tokens.json by scripts/build-tokens.py: edit the tokens, not this file. */\n"
           ":root {\n" + "\n".join(light) + "\n}\n"
           "@media (prefers-color-scheme: dark) {\n  :root {\n" + "\n".join(dark) + "\n  }\n}\n")
    target = WEB / "tokens.css"
    if "--check" in sys.argv:
        if not target.exists() or target.read_text() != css:
            sys.exit("web/tokens.css is out of date: run scripts/build-tokens.py")
        return
    target.write_text(css)


if __name__ == "__main__":
    main()
