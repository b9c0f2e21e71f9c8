"""JavaScript value semantics needed to compare tables the way OSRM's cucumber support code does:
Number -> string conversion, parseFloat, loose equality (`!=`), and the FuzzyMatch rules of
features/support/data_classes.js.

Values coming from a JSON response keep their JS flavour here: `None` stands for `undefined`,
numbers are int/float, booleans bool.
"""
from __future__ import annotations

import math
import re
from decimal import Decimal

UNDEFINED = None


def js_str(v) -> str:
    """String(v) in JavaScript."""
    if v is None:
        return "undefined"
    if v is True:
        return "true"
    if v is False:
        return "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        if math.isnan(v):
            return "NaN"
        if math.isinf(v):
            return "Infinity" if v > 0 else "-Infinity"
        if v == 0:
            return "0"
        sign = "-" if v < 0 else ""
        d = Decimal(repr(abs(v))).normalize()
        t = d.as_tuple()
        digits = "".join(map(str, t.digits))
        k = len(digits)
        n = k + t.exponent
        if k <= n <= 21:
            out = digits + "0" * (n - k)
        elif 0 < n <= 21:
            out = digits[:n] + "." + digits[n:]
        elif -6 < n <= 0:
            out = "0." + "0" * (-n) + digits
        else:
            e = n - 1
            es = ("+" if e >= 0 else "-") + str(abs(e))
            out = (digits if k == 1 else digits[0] + "." + digits[1:]) + "e" + es
        return sign + out
    if isinstance(v, list):
        return ",".join("" if x is None else js_str(x) for x in v)
    return str(v)


def ensure_decimal(v):
    """features/lib/utils.js ensureDecimal: integers get a '.0'; anything else is left alone."""
    if isinstance(v, (int, float)) and not isinstance(v, bool) and float(v).is_integer():
        return f"{int(v)}.0"
    return v


_PF = re.compile(r"^[\s]*([+-]?(?:Infinity|(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?))")


def parse_float(v) -> float:
    """JavaScript parseFloat(String(v))."""
    s = js_str(v) if not isinstance(v, str) else v
    m = _PF.match(s)
    if not m:
        return float("nan")
    t = m.group(1)
    if t.endswith("Infinity"):
        return float("-inf") if t.startswith("-") else float("inf")
    return float(t)


def js_number(s: str) -> float:
    """Number(s) for a string."""
    t = s.strip()
    if t == "":
        return 0.0
    try:
        if re.fullmatch(r"[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?", t):
            return float(t)
        if re.fullmatch(r"0[xX][0-9a-fA-F]+", t):
            return float(int(t, 16))
        if t in ("Infinity", "+Infinity"):
            return float("inf")
        if t == "-Infinity":
            return float("-inf")
    except ValueError:
        pass
    return float("nan")


def loose_equal(expected: str, got) -> bool:
    """`expected == got` in JavaScript, with expected a string."""
    if got is None:
        return False
    if isinstance(got, bool):
        return js_number(expected) == (1.0 if got else 0.0)
    if isinstance(got, (int, float)):
        return js_number(expected) == float(got)
    return expected == got


def unescape_str(s: str) -> str:
    return s.replace("\\|", "|").replace("\\\\", "\\")


class JSTypeError(Exception):
    pass


_RE_PERCENT = re.compile(r"(.*)\s+~(.+)%$")
_RE_ABS = re.compile(r"(.*)\s+\+-(.+)$")
_RE_RE = re.compile(r"^/(.*)/$")
_RE_BEARINGS = re.compile(r"^((\d+)->(\d+))(,(\d+)->(\d+))*\s+\+-(.+)$")
_RE_INTERSECTIONS = re.compile(r"^(((((true|false):\d+)\s{0,1})+,{0,1})+;{0,1})+\s+\+-(.+)$")
_RE_RANGE_NUM = re.compile(r"\d+\+-\d+")


def _in_range(margin, got, want) -> bool:
    w = parse_float(want)
    g = parse_float(got)
    return (w - margin) <= g <= (w + margin)


def _parse_intersections(s: str):
    return [[[p.split(":") for p in inter.split(" ")] for inter in turn.split(",")] for turn in s.split(";")]


def fuzzy_match(got, want: str) -> bool:
    """FuzzyMatch.match(got, want) from features/support/data_classes.js."""
    if want == "" and (got == "" or got is None):
        return True
    m_pct = _RE_PERCENT.search(want)
    m_abs = _RE_ABS.search(want)
    m_re = _RE_RE.search(want)
    m_bear = _RE_BEARINGS.search(want)
    m_inter = _RE_INTERSECTIONS.search(want) if len(want) < 4000 else None
    m_rng = _RE_RANGE_NUM.search(want)
    if isinstance(got, str) and got == want:
        return True
    if m_bear:
        if not isinstance(got, str):
            raise JSTypeError("got.split is not a function")
        want_margin = want.split("+-")
        margin = parse_float(want_margin[1].strip())
        wp = [p.split("->") for p in want_margin[0].strip().split(",")]
        gp = [p.split("->") for p in got.split(",")]
        if len(wp) != len(gp):
            return False
        for w, g in zip(wp, gp):
            if len(g) < 2:
                g = g + ["undefined"]
            if not _in_range(margin, g[0], w[0]) or not _in_range(margin, g[1], w[1]):
                return False
        return True
    if m_inter:
        if not isinstance(got, str):
            raise JSTypeError("got.split is not a function")
        margin = parse_float(want.split("+-")[1])
        wi = _parse_intersections(want.split("+-")[0].strip())
        gi = _parse_intersections(got)
        if len(wi) != len(gi):
            return False
        for ws, gs in zip(wi, gi):
            if len(ws) != len(gs):
                return False
            for wint, gint in zip(ws, gs):
                if len(wint) != len(gint):
                    return False
                for wpair, gpair in zip(wint, gint):
                    g1 = gpair[1] if len(gpair) > 1 else "undefined"
                    w1 = wpair[1] if len(wpair) > 1 else "undefined"
                    if gpair[0] != wpair[0] or not _in_range(margin, g1, w1):
                        return False
        return True
    if m_pct:
        target = parse_float(m_pct.group(1))
        percentage = parse_float(m_pct.group(2))
        if target == 0:
            return True
        ratio = abs(1 - parse_float(got) / target) if target == target else float("nan")
        return 100 * ratio < percentage
    if m_abs:
        margin = parse_float(m_abs.group(2))
        return _in_range(margin, got, m_abs.group(1))
    if m_re:
        if not isinstance(got, str):
            raise JSTypeError("got.match is not a function")
        try:
            return re.search(m_re.group(1), got) is not None
        except re.error:
            return False
    if m_rng:
        parts = want.split("+-")
        margin = parse_float(parts[1].strip())
        return _in_range(margin, got, parse_float(parts[0].strip()))
    return False
