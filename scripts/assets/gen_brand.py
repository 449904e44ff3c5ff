"""Generate public/brand/logo.svg, public/brand/mark.svg and public/favicon.svg."""
import os
from textpath import text_path

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
PUB = os.path.join(ROOT, "public")

GRAD_STOPS = ('<stop offset="0" stop-color="#7c5cff"/>'
              '<stop offset="0.55" stop-color="#ff4fa3"/>'
              '<stop offset="1" stop-color="#ffb547"/>')
# The Kindlewave "K": a stem that rises into a flame tip, a flame-tongue upper arm
# and a wave-crest lower leg.
STEM = "M8 53V25C8 15 13 9 21 3C20 10 22 15 22 21V53A5 5 0 0 1 17 58H13A5 5 0 0 1 8 53Z"
UP = "M25 30C38 28 50 20 57 4C60 20 52 34 25 43Z"
LOW = "M26 44C34 44 40 47 45 51C49 54 54 55 59 51C57 58 51 61 44 60C37 59 32 55 26 52Z"
MARK_PATHS = (STEM, UP, LOW)


def grad(gid):
    return (f'<linearGradient id="{gid}" x1="10" y1="58" x2="56" y2="4" '
            f'gradientUnits="userSpaceOnUse">{GRAD_STOPS}</linearGradient>')


def mark_group(gid, transform=None):
    t = f' transform="{transform}"' if transform else ""
    paths = "".join(f'<path d="{d}"/>' for d in MARK_PATHS)
    return f'<g fill="url(#{gid})"{t}>{paths}</g>'


def mark_svg():
    return ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64">'
            '<title>Kindlewave Studios</title>'
            f'<defs>{grad("kw-mark-g")}</defs>{mark_group("kw-mark-g")}</svg>\n')


def logo_svg(text_fill="#ffffff"):
    s = 0.7
    mark = mark_group("kw-logo-g", f"translate(-4.6 1.6) scale({s})")
    d, w = text_path("Kindlewave", font="outfit", size=32, wght=600, tracking=-0.25)
    x0, base = 47, 35
    return ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 220 48" width="220" height="48">'
            '<title>Kindlewave Studios</title>'
            f'<defs>{grad("kw-logo-g")}</defs>{mark}'
            f'<path fill="{text_fill}" transform="translate({x0} {base})" d="{d}"/></svg>\n'), x0 + w


if __name__ == "__main__":
    os.makedirs(os.path.join(PUB, "brand"), exist_ok=True)
    m = mark_svg()
    for p in ("brand/mark.svg", "favicon.svg"):
        open(os.path.join(PUB, p), "w").write(m)
    logo, right = logo_svg()
    open(os.path.join(PUB, "brand/logo.svg"), "w").write(logo)
    print("logo text right edge:", round(right, 1))
