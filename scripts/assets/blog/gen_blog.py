#!/usr/bin/env python3
"""Generate the SVG sources for the seed blog artwork (public/blog/*.webp).

Every picture is a flat-vector scene in the Kindlewave palette (violet #7c5cff, pink #ff4fa3,
amber #ffb547) on the site's dark background. Deterministic: random details are seeded.

  python3 gen_blog.py OUTDIR            # every image -> OUTDIR/<name>.svg
  python3 gen_blog.py OUTDIR NAME ...   # just these
  python3 gen_blog.py --list            # "name width height" per line

The SVGs reference the Outfit font and the partner logos in public/ by absolute file:// URL,
so render them in place (make-blog-assets.sh does) rather than copying them elsewhere.
"""
import math
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
PUB = os.path.join(ROOT, "public")
FONT_URL = "file://" + os.path.join(PUB, "fonts", "outfit-latin-wght.woff2")


def pub(rel):
    return "file://" + os.path.join(PUB, rel)


V, P, A = "#7c5cff", "#ff4fa3", "#ffb547"
V2, P2, A2 = "#a896ff", "#ff8cc6", "#ffd48a"
INK = "#0c0918"
PAL = [V, P, A, V2, P2, A2]

MARK = ('<symbol id="mark" viewBox="0 0 64 64">'
        '<path d="M8 53V25C8 15 13 9 21 3C20 10 22 15 22 21V53A5 5 0 0 1 17 58H13A5 5 0 0 1 8 53Z"/>'
        '<path d="M25 30C38 28 50 20 57 4C60 20 52 34 25 43Z"/>'
        '<path d="M26 44C34 44 40 47 45 51C49 54 54 55 59 51C57 58 51 61 44 60C37 59 32 55 26 52Z"/>'
        '</symbol>')

COMMON_DEFS = f'''
<style>@font-face{{font-family:"Outfit";src:url("{FONT_URL}") format("woff2");font-weight:100 900}}
text{{font-family:"Outfit",sans-serif}}</style>
<linearGradient id="kw" x1="0" y1="1" x2="1" y2="0"><stop offset="0" stop-color="{V}"/><stop offset=".55" stop-color="{P}"/><stop offset="1" stop-color="{A}"/></linearGradient>
<linearGradient id="kwh" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="{V}"/><stop offset=".55" stop-color="{P}"/><stop offset="1" stop-color="{A}"/></linearGradient>
<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#07060e"/><stop offset=".6" stop-color="#120c25"/><stop offset="1" stop-color="#1d1035"/></linearGradient>
<linearGradient id="floorfade" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0"/><stop offset=".35" stop-color="#fff" stop-opacity=".55"/><stop offset="1" stop-color="#fff" stop-opacity="1"/></linearGradient>
<linearGradient id="floorfill" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#2a1850" stop-opacity="0"/><stop offset="1" stop-color="#2a1850" stop-opacity=".9"/></linearGradient>
<radialGradient id="shadow"><stop offset="0" stop-color="#000" stop-opacity=".6"/><stop offset=".6" stop-color="#000" stop-opacity=".25"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>
<radialGradient id="softw"><stop offset="0" stop-color="#fff" stop-opacity=".9"/><stop offset=".4" stop-color="#fff" stop-opacity=".25"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>
<linearGradient id="gold" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fff1c9"/><stop offset=".35" stop-color="#ffc55c"/><stop offset=".7" stop-color="#f29a2e"/><stop offset="1" stop-color="#b8641a"/></linearGradient>
<linearGradient id="goldv" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffe3a3"/><stop offset=".5" stop-color="#ffb547"/><stop offset="1" stop-color="#c9751f"/></linearGradient>
<filter id="b2" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="2"/></filter>
<filter id="b6" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="6"/></filter>
<filter id="b14" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="14"/></filter>
<filter id="b40" x="-80%" y="-80%" width="260%" height="260%"><feGaussianBlur stdDeviation="40"/></filter>
<filter id="b70" x="-80%" y="-80%" width="260%" height="260%"><feGaussianBlur stdDeviation="70"/></filter>
<filter id="drop" x="-30%" y="-30%" width="160%" height="170%"><feDropShadow dx="0" dy="14" stdDeviation="16" flood-color="#05030c" flood-opacity=".55"/></filter>
{MARK}
'''


def svg(w, h, body, defs=""):
    return (f'<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
            f'viewBox="0 0 {w} {h}" width="{w}" height="{h}"><defs>{COMMON_DEFS}{defs}</defs>{body}</svg>')


def lin(id_, stops, x1=0, y1=0, x2=0, y2=1):
    s = "".join(f'<stop offset="{o}" stop-color="{c}"' + (f' stop-opacity="{op}"' if op is not None else "") + "/>"
                for o, c, op in [(st + (None,))[:3] for st in stops])
    return f'<linearGradient id="{id_}" x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}">{s}</linearGradient>'


def rad(id_, stops, cx=.5, cy=.5, r=.5, fx=None, fy=None):
    s = "".join(f'<stop offset="{o}" stop-color="{c}"' + (f' stop-opacity="{op}"' if op is not None else "") + "/>"
                for o, c, op in [(st + (None,))[:3] for st in stops])
    f = (f' fx="{fx}" fy="{fy}"' if fx is not None else "")
    return f'<radialGradient id="{id_}" cx="{cx}" cy="{cy}" r="{r}"{f}>{s}</radialGradient>'


def sparkle(x, y, s, fill, op=1.0):
    k = s * 0.22
    return (f'<path d="M{x} {y-s}C{x+k*.4} {y-k} {x+k} {y-k*.4} {x+s} {y}C{x+k} {y+k*.4} {x+k*.4} {y+k} {x} {y+s}'
            f'C{x-k*.4} {y+k} {x-k} {y+k*.4} {x-s} {y}C{x-k} {y-k*.4} {x-k*.4} {y-k} {x} {y-s}Z" fill="{fill}" opacity="{op}"/>')


def backdrop(w, h, seed, glows, horizon=None, stars=70, grid=True, sparkles=6):
    """Dark sky, blurred colour haze, star dust and an optional perspective plaza floor."""
    r = random.Random(seed)
    o = [f'<rect width="{w}" height="{h}" fill="url(#sky)"/>']
    for x, y, rr, c, op in glows:
        o.append(f'<circle cx="{x}" cy="{y}" r="{rr}" fill="{c}" opacity="{op}" filter="url(#b70)"/>')
    top = horizon if horizon else h
    for _ in range(stars):
        x, y = r.uniform(0, w), r.uniform(0, top * .92)
        o.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r.uniform(.6, 1.7):.2f}" fill="#fff" opacity="{r.uniform(.15, .6):.2f}"/>')
    for _ in range(sparkles):
        x, y = r.uniform(30, w - 30), r.uniform(20, top * .8)
        o.append(sparkle(round(x), round(y), r.choice([5, 6, 8, 9]), r.choice([A2, P2, V2, "#fff"]), r.uniform(.5, .9)))
    if horizon:
        o.append(f'<rect y="{horizon}" width="{w}" height="{h-horizon}" fill="url(#floorfill)"/>')
        if grid:
            vx, vy = w / 2, horizon - 260
            lines = []
            for i in range(-14, 15):
                bx = w / 2 + i * 150
                # intersect line (vx,vy)->(bx,h) with y=horizon
                t = (horizon - vy) / (h - vy)
                lines.append(f'M{vx + (bx - vx) * t:.1f} {horizon}L{bx:.1f} {h}')
            y, step = horizon + 6, 10
            while y < h:
                lines.append(f'M0 {y:.1f}H{w}')
                step *= 1.32
                y += step
            o.append(f'<mask id="fm{seed}"><rect y="{horizon}" width="{w}" height="{h-horizon}" fill="url(#floorfade)"/></mask>')
            o.append(f'<path d="{"".join(lines)}" stroke="{V2}" stroke-opacity=".16" stroke-width="1.2" fill="none" mask="url(#fm{seed})"/>')
        o.append(f'<rect y="{horizon-1}" width="{w}" height="2" fill="{V2}" opacity=".18"/>')
    return "".join(o)


def confetti(seed, n, box, sizes=(5, 11), op=(.55, .95)):
    r = random.Random(seed)
    x0, y0, x1, y1 = box
    o = []
    for _ in range(n):
        x, y = r.uniform(x0, x1), r.uniform(y0, y1)
        c = r.choice(PAL + ["#ffffff"])
        a = r.uniform(0, 180)
        s = r.uniform(*sizes)
        kind = r.random()
        if kind < .55:
            o.append(f'<rect x="{-s/2:.1f}" y="{-s/4:.1f}" width="{s:.1f}" height="{s/2:.1f}" rx="1" fill="{c}" '
                     f'opacity="{r.uniform(*op):.2f}" transform="translate({x:.0f} {y:.0f}) rotate({a:.0f})"/>')
        elif kind < .8:
            o.append(f'<circle cx="{x:.0f}" cy="{y:.0f}" r="{s/3.2:.1f}" fill="{c}" opacity="{r.uniform(*op):.2f}"/>')
        else:
            o.append(f'<path d="M0 0q{s/2:.1f} {-s/2:.1f} {s:.1f} 0t{s:.1f} 0" stroke="{c}" stroke-width="2.2" fill="none" '
                     f'stroke-linecap="round" opacity="{r.uniform(*op):.2f}" transform="translate({x:.0f} {y:.0f}) rotate({a:.0f})"/>')
    return "".join(o)


def chip(x, y, label, size=22, pad=18, fill="rgba(16,11,34,.72)", stroke="url(#kwh)", color="#fff", weight=600, w=None):
    """Rounded pill with a gradient outline; x,y = top-left."""
    width = w if w else len(label) * size * .62 + pad * 2
    hgt = size * 1.9
    return (f'<g transform="translate({x} {y})"><rect width="{width:.0f}" height="{hgt:.0f}" rx="{hgt/2:.0f}" fill="{fill}" '
            f'stroke="{stroke}" stroke-width="2"/><text x="{width/2:.0f}" y="{hgt/2 + size*.36:.1f}" font-size="{size}" '
            f'font-weight="{weight}" fill="{color}" text-anchor="middle" letter-spacing=".06em">{label}</text></g>')


def logo_lockup(x, y, scale=1.0, partner=None, partner_w=240, partner_h=80):
    """Kindlewave mark (+ optional '×' and partner logo), x,y = left/vertical centre."""
    o = [f'<g transform="translate({x} {y}) scale({scale})">',
         f'<use href="#mark" x="0" y="-26" width="52" height="52" fill="url(#kw)"/>']
    if partner:
        o.append('<path d="M76 -8l16 16M92 -8l-16 16" stroke="#fff" stroke-opacity=".7" stroke-width="3" stroke-linecap="round"/>')
        o.append(f'<image href="{pub(partner)}" x="104" y="{-partner_h/2}" width="{partner_w}" height="{partner_h}"/>')
    o.append('</g>')
    return "".join(o)


# --------------------------------------------------------------------------------------------
# Golf cart
# --------------------------------------------------------------------------------------------

def golf_cart(body=V, body_hi=V2, seat=P, roof="#f4f0ff", ids="gc"):
    """Side view, facing right. Local origin: ground under the cart's centre. ~520 x 430."""
    d = [lin(f"{ids}b", [(0, body_hi), (.45, body), (1, "#3b2a8f")]),
         lin(f"{ids}s", [(0, P2 if seat == P else "#ffe1a8"), (1, seat)]),
         lin(f"{ids}r", [(0, "#ffffff"), (1, roof)]),
         rad(f"{ids}rim", [(0, "#fff6dd"), (.5, A), (1, "#b86a12")], fx=.35, fy=.35),
         lin(f"{ids}glass", [(0, "#ffffff", .35), (1, "#ffffff", .06)], 0, 0, 1, 0),
         lin(f"{ids}bag", [(0, "#ffe1a8"), (1, A)], 0, 0, 1, 0)]
    g = []
    g.append('<ellipse cx="0" cy="4" rx="300" ry="26" fill="url(#shadow)"/>')
    # golf bag behind the seat
    g.append(f'<g transform="rotate(-8 -220 -150)"><rect x="-262" y="-300" width="58" height="160" rx="18" fill="url(#{ids}bag)"/>'
             f'<rect x="-262" y="-262" width="58" height="14" fill="{P}" opacity=".85"/>'
             f'<rect x="-262" y="-196" width="58" height="10" fill="{P}" opacity=".6"/>'
             '<path d="M-248 -300l-10 -46M-234 -300l0 -52M-220 -300l12 -44" stroke="#e8e3f7" stroke-width="5" stroke-linecap="round"/>'
             '<path d="M-268 -350l18 -2M-242 -358l16 4M-214 -350l16 6" stroke="#e8e3f7" stroke-width="9" stroke-linecap="round"/></g>')
    # roof posts
    g.append('<path d="M-205 -398L-196 -165" stroke="#d9d2f2" stroke-width="9" stroke-linecap="round"/>')
    g.append('<path d="M178 -398L142 -165" stroke="#d9d2f2" stroke-width="9" stroke-linecap="round"/>')
    # windshield
    g.append(f'<path d="M182 -392L148 -168L176 -170L206 -390Z" fill="url(#{ids}glass)"/>')
    # seat back + cushion
    g.append(f'<rect x="-168" y="-290" width="40" height="140" rx="18" fill="url(#{ids}s)" transform="rotate(-6 -148 -220)"/>')
    g.append(f'<rect x="-150" y="-186" width="190" height="38" rx="16" fill="url(#{ids}s)"/>')
    # steering column and wheel
    g.append('<path d="M128 -150L92 -232" stroke="#2a2150" stroke-width="10" stroke-linecap="round"/>')
    g.append('<ellipse cx="88" cy="-240" rx="34" ry="9" transform="rotate(-28 88 -240)" fill="none" stroke="#2a2150" stroke-width="9"/>')
    # body
    body_d = ('M-250 -150C-252 -175 -238 -182 -220 -180L-150 -170L-150 -150L150 -150C185 -150 212 -142 236 -124'
              'C258 -108 266 -88 262 -64C258 -46 246 -40 228 -40L-232 -40C-248 -40 -256 -52 -256 -70Z')
    d.append(f'<clipPath id="{ids}clip"><path d="{body_d}"/></clipPath>')
    g.append(f'<path d="M-250 -150C-252 -175 -238 -182 -220 -180L-150 -170L-150 -150L150 -150C185 -150 212 -142 236 -124'
             f'C258 -108 266 -88 262 -64C258 -46 246 -40 228 -40L-232 -40C-248 -40 -256 -52 -256 -70Z" fill="url(#{ids}b)"/>')
    # body highlight line + stripe
    g.append('<path d="M-236 -128L150 -128C180 -128 208 -118 230 -100" stroke="#ffffff" stroke-opacity=".35" stroke-width="5" fill="none" stroke-linecap="round"/>')
    g.append(f'<rect x="-244" y="-97" width="506" height="10" rx="5" fill="url(#kwh)" clip-path="url(#{ids}clip)"/>')
    # headlight
    g.append(f'<ellipse cx="252" cy="-110" rx="9" ry="13" fill="{A2}"/>')
    g.append(f'<path d="M258 -110L420 -150L420 -66Z" fill="{A2}" opacity=".16" filter="url(#b6)"/>')
    # mark badge
    g.append('<use href="#mark" x="-60" y="-128" width="30" height="30" fill="#fff" opacity=".9"/>')
    # wheel arches
    for wx in (-150, 160):
        g.append(f'<circle cx="{wx}" cy="-50" r="72" fill="#241a55" clip-path="url(#{ids}clip)"/>')
    # wheels
    for wx in (-150, 160):
        g.append(f'<circle cx="{wx}" cy="-46" r="60" fill="#1a1330"/>')
        g.append(f'<circle cx="{wx}" cy="-46" r="48" fill="#241b40"/>')
        g.append(f'<circle cx="{wx}" cy="-46" r="44" fill="#15102a" stroke="#0b0816" stroke-width="2"/>')
        g.append(f'<circle cx="{wx}" cy="-46" r="24" fill="url(#{ids}rim)"/>')
        g.append(f'<circle cx="{wx}" cy="-46" r="7" fill="#7a4a10"/>')
    # roof
    g.append(f'<path d="M-236 -398C-236 -414 -224 -424 -206 -424L214 -424C232 -424 244 -414 244 -398L244 -392L-236 -392Z" fill="url(#{ids}r)"/>')
    g.append(f'<rect x="-236" y="-396" width="480" height="10" rx="5" fill="{body}" opacity=".9"/>')
    return "".join(d), "".join(g)


def img_golf_cart():
    w, h = 1200, 630
    defs, cart = golf_cart()
    b = [backdrop(w, h, 11, [(200, 200, 300, V, .5), (620, 120, 260, V, .3), (1000, 170, 260, P, .38), (840, 560, 240, A, .22), (300, 560, 200, P, .16)], horizon=470)]
    # putting green flag in the distance
    b.append(f'<ellipse cx="1010" cy="488" rx="130" ry="18" fill="#3ecf9a" opacity=".22"/>'
             f'<ellipse cx="1010" cy="488" rx="90" ry="11" fill="#3ecf9a" opacity=".18"/>'
             f'<path d="M1010 486V356" stroke="#e8e3f7" stroke-width="4"/>'
             f'<path d="M1012 358L1070 376L1012 394Z" fill="{P}"/>'
             f'<ellipse cx="1010" cy="488" rx="12" ry="4" fill="#05030a"/>')
    # speed lines
    for i, (y, l, op) in enumerate([(300, 170, .5), (340, 240, .35), (385, 130, .45), (425, 200, .3)]):
        b.append(f'<rect x="{330-l}" y="{y-3}" width="{l}" height="6" rx="3" fill="url(#kwh)" opacity="{op}"/>')
    b.append(f'<g transform="translate(620 510) scale(.95)">{cart}</g>')
    b.append(chip(60, 52, "GAMEPASS", size=20))
    b.append(chip(60, 104, "499 CREDITS", size=20, fill="url(#kwh)", stroke="none", weight=700))
    return svg(w, h, "".join(b), defs)



# --------------------------------------------------------------------------------------------
# Shared characters and props
# --------------------------------------------------------------------------------------------

def emberling(ids="em", flame=True):
    """The Kindlewave plush mascot. Local origin: ground under its feet; ~260 wide, ~330 tall."""
    d = (rad(f"{ids}f", [(0, "#ffa3d0"), (.5, "#ff5fae"), (.85, "#d83a8e"), (1, "#a52774")], cx=.38, cy=.3, r=.8) +
         rad(f"{ids}y", [(0, "#fff4e6"), (1, "#ffd2b0")], cy=.35, r=.65) +
         lin(f"{ids}fl", [(0, "#ff6aa8"), (.45, "#ff9a5c"), (1, "#ffc65e")], 0, 1, .3, 0) +
         rad(f"{ids}e", [(0, "#3a2a66"), (1, "#130b26")], cx=.4, cy=.35, r=.7))
    g = ['<ellipse cx="0" cy="0" rx="130" ry="16" fill="url(#shadow)"/>']
    if flame:
        g.append(f'<path d="M-40 -262C-50 -290 -40 -310 -28 -322C-26 -300 -14 -292 -8 -280Z" fill="url(#{ids}fl)"/>'
                 f'<path d="M-14 -272C-20 -310 0 -338 22 -352C16 -322 30 -306 30 -276Z" fill="url(#{ids}fl)"/>'
                 f'<path d="M18 -266C26 -292 44 -304 62 -308C52 -290 56 -276 46 -258Z" fill="url(#{ids}fl)"/>')
    g.append(f'<ellipse cx="-122" cy="-112" rx="30" ry="40" fill="url(#{ids}f)"/><ellipse cx="122" cy="-112" rx="30" ry="40" fill="url(#{ids}f)"/>')
    g.append(f'<ellipse cx="-52" cy="-14" rx="44" ry="22" fill="url(#{ids}f)"/><ellipse cx="52" cy="-14" rx="44" ry="22" fill="url(#{ids}f)"/>')
    g.append(f'<ellipse cx="0" cy="-146" rx="128" ry="134" fill="url(#{ids}f)"/>')
    g.append('<path d="M0 -278V-196" stroke="#a52774" stroke-width="2" stroke-dasharray="4 5" opacity=".6"/>')
    g.append(f'<ellipse cx="0" cy="-74" rx="84" ry="62" fill="url(#{ids}y)"/>')
    g.append('<ellipse cx="-52" cy="-8" rx="26" ry="10" fill="#ffc9a8"/><ellipse cx="52" cy="-8" rx="26" ry="10" fill="#ffc9a8"/>')
    for ex in (-44, 44):
        g.append(f'<ellipse cx="{ex}" cy="-150" rx="22" ry="25" fill="url(#{ids}e)"/>'
                 f'<circle cx="{ex+7}" cy="-159" r="7" fill="#fff"/><circle cx="{ex-7}" cy="-141" r="3" fill="#fff" opacity=".8"/>')
    g.append('<ellipse cx="-74" cy="-118" rx="18" ry="9" fill="#ff9ccb" opacity=".8"/><ellipse cx="74" cy="-118" rx="18" ry="9" fill="#ff9ccb" opacity=".8"/>')
    g.append('<path d="M-12 -120q6 7 12 0q6 7 12 0" stroke="#3a2a66" stroke-width="3.5" fill="none" stroke-linecap="round"/>')
    g.append('<ellipse cx="-44" cy="-246" rx="36" ry="18" fill="#fff" opacity=".18" transform="rotate(-24 -44 -246)"/>')
    return d, "".join(g)


def button_char(ids="bt", wave=True):
    """Button (round, stitched). Origin: ground under it. ~300 wide, ~360 tall."""
    d = (rad(f"{ids}b", [(0, "#ffe7b8"), (.55, "#ffb547"), (1, "#e98a25")], cx=.38, cy=.32, r=.75) +
         rad(f"{ids}e", [(0, "#3a2a66"), (1, "#130b26")], cx=.4, cy=.35, r=.7))
    g = ['<ellipse cx="0" cy="0" rx="120" ry="14" fill="url(#shadow)"/>']
    # legs
    g.append('<path d="M-40 -60V-14M40 -60V-14" stroke="#c96f1b" stroke-width="16" stroke-linecap="round"/>'
             '<ellipse cx="-46" cy="-10" rx="24" ry="12" fill="#7c5cff"/><ellipse cx="46" cy="-10" rx="24" ry="12" fill="#7c5cff"/>')
    # arms
    if wave:
        g.append('<path d="M-140 -200C-175 -230 -185 -260 -180 -292" stroke="#e98a25" stroke-width="16" fill="none" stroke-linecap="round"/>'
                 '<circle cx="-180" cy="-298" r="17" fill="#fff"/>')
    else:
        g.append('<path d="M-140 -170C-170 -150 -180 -130 -178 -110" stroke="#e98a25" stroke-width="16" fill="none" stroke-linecap="round"/>'
                 '<circle cx="-178" cy="-104" r="17" fill="#fff"/>')
    g.append('<path d="M140 -170C170 -150 180 -130 178 -110" stroke="#e98a25" stroke-width="16" fill="none" stroke-linecap="round"/>'
             '<circle cx="178" cy="-104" r="17" fill="#fff"/>')
    g.append(f'<circle cx="0" cy="-200" r="150" fill="url(#{ids}b)"/>')
    g.append('<circle cx="0" cy="-200" r="150" fill="none" stroke="#c96f1b" stroke-opacity=".35" stroke-width="8"/>')
    g.append('<circle cx="0" cy="-200" r="124" fill="none" stroke="#fff" stroke-opacity=".75" stroke-width="5" stroke-dasharray="12 11" stroke-linecap="round"/>')
    # two little thread holes as a forelock
    g.append('<circle cx="-16" cy="-296" r="8" fill="#c96f1b" opacity=".55"/><circle cx="16" cy="-296" r="8" fill="#c96f1b" opacity=".55"/>'
             '<path d="M-16 -296L16 -296" stroke="#fff" stroke-width="4" stroke-linecap="round" opacity=".85"/>')
    for ex in (-44, 44):
        g.append(f'<ellipse cx="{ex}" cy="-210" rx="16" ry="20" fill="url(#{ids}e)"/><circle cx="{ex+5}" cy="-217" r="5.5" fill="#fff"/>')
    g.append('<ellipse cx="-76" cy="-172" rx="18" ry="10" fill="#ff7cb6" opacity=".55"/><ellipse cx="76" cy="-172" rx="18" ry="10" fill="#ff7cb6" opacity=".55"/>')
    g.append('<path d="M-26 -170Q0 -146 26 -170" stroke="#3a2a66" stroke-width="6" fill="none" stroke-linecap="round"/>')
    g.append('<ellipse cx="-60" cy="-286" rx="40" ry="16" fill="#fff" opacity=".28" transform="rotate(-28 -60 -286)"/>')
    return d, "".join(g)


BEAN_D = ("M30.5 31C34 20 44 14.5 52 17C62 20 66 32 61 42C58.5 47 56 52 53 57C49 63.5 40 64 36 57"
          "C33 52 35 47 33.5 43C32 39.5 29 37 30.5 31Z")


def bean_char(ids="bn"):
    """Bean (tilted kidney bean). Origin: ground under it. ~230 wide, ~380 tall."""
    d = (lin(f"{ids}b", [(0, "#ffb3d6"), (.5, "#ff4fa3"), (1, "#c42c7d")], 0, 0, 1, 1) +
         rad(f"{ids}e", [(0, "#3a2a66"), (1, "#130b26")], cx=.4, cy=.35, r=.7))
    g = ['<ellipse cx="0" cy="0" rx="110" ry="13" fill="url(#shadow)"/>']
    g.append('<path d="M-36 -60V-14M34 -60V-14" stroke="#b8286f" stroke-width="15" stroke-linecap="round"/>'
             '<ellipse cx="-42" cy="-10" rx="22" ry="11" fill="#ffb547"/><ellipse cx="40" cy="-10" rx="22" ry="11" fill="#ffb547"/>')
    g.append('<path d="M90 -230C130 -250 150 -280 150 -312" stroke="#d8348a" stroke-width="15" fill="none" stroke-linecap="round"/>'
             '<circle cx="150" cy="-318" r="16" fill="#fff"/>')
    g.append('<path d="M-92 -170C-120 -150 -128 -128 -124 -106" stroke="#d8348a" stroke-width="15" fill="none" stroke-linecap="round"/>'
             '<circle cx="-124" cy="-100" r="16" fill="#fff"/>')
    # the bean body, scaled from the partner mark's outline
    g.append(f'<g transform="translate(-330 -470) scale(7.4)"><path d="{BEAN_D}" fill="url(#{ids}b)"/>'
             f'<path d="M36 26C39 21 44 19 48 19.5" stroke="#fff" stroke-opacity=".45" stroke-width="2.2" fill="none" stroke-linecap="round"/></g>')
    g.append('<g transform="rotate(14 32 -260)">')
    for ex in (0, 62):
        g.append(f'<ellipse cx="{ex}" cy="-262" rx="14" ry="18" fill="url(#{ids}e)"/><circle cx="{ex+4}" cy="-268" r="5" fill="#fff"/>')
    g.append('<path d="M10 -222Q31 -202 52 -222" stroke="#3a2a66" stroke-width="6" fill="none" stroke-linecap="round"/>'
             '<ellipse cx="-22" cy="-228" rx="14" ry="8" fill="#ffd0e6" opacity=".6"/><ellipse cx="86" cy="-228" rx="14" ry="8" fill="#ffd0e6" opacity=".6"/>')
    g.append('</g>')
    return d, "".join(g)


def heart(x, y, s, fill, op=1.0, rot=0):
    return (f'<path transform="translate({x} {y}) rotate({rot}) scale({s/20})" d="M0 18C-4 14 -20 4 -20 -6C-20 -14 -14 -19 -8 -19'
            f'C-4 -19 -1 -17 0 -14C1 -17 4 -19 8 -19C14 -19 20 -14 20 -6C20 4 4 14 0 18Z" fill="{fill}" opacity="{op}"/>')


def balloon(x, y, s, color, ids, string=160):
    d = rad(ids, [(0, "#ffffff"), (.25, color), (1, color)], cx=.35, cy=.3, r=.8)
    g = (f'<path d="M{x} {y+s*1.15}c-10 30 14 60 -4 {string}" stroke="#d9d2f2" stroke-opacity=".5" stroke-width="2" fill="none"/>'
         f'<ellipse cx="{x}" cy="{y}" rx="{s}" ry="{s*1.15}" fill="url(#{ids})"/>'
         f'<path d="M{x-8} {y+s*1.22}L{x} {y+s*1.1}L{x+8} {y+s*1.22}Z" fill="{color}"/>')
    return d, g


def gem(x, y, s, c1, c2, ids, rot=0):
    """A faceted Gift Gem, centred at x,y, ~2s wide."""
    d = lin(ids, [(0, c1), (1, c2)], 0, 0, 1, 1)
    return d, (f'<g transform="translate({x} {y}) rotate({rot}) scale({s/50})">'
               f'<path d="M-50 -14L-28 -40H28L50 -14L0 46Z" fill="url(#{ids})"/>'
               f'<path d="M-50 -14H50M-28 -40L-14 -14L0 -40L14 -14L28 -40M-14 -14L0 46L14 -14" stroke="#fff" stroke-opacity=".55" stroke-width="2.5" fill="none" stroke-linejoin="round"/>'
               f'<path d="M-28 -40H0L-14 -14H-50Z" fill="#fff" opacity=".35"/></g>')


def crowd(seed, w, h, rows=((("#0d0a18"), 56, 76, 120, 150, .3), ("#05040a", 80, 104, 80, 115, .28))):
    r = random.Random(seed)

    def person(cx, top, pw, arm_p):
        rr = pw * .2
        hy = top + rr
        sh = hy + rr * 1.45
        o = [f'<ellipse cx="{cx:.0f}" cy="{hy:.0f}" rx="{rr*.92:.1f}" ry="{rr*1.08:.1f}"/>',
             f'<path d="M{cx-pw/2:.0f} {h+5}L{cx-pw/2:.0f} {sh+rr*1.2:.0f}C{cx-pw/2:.0f} {sh:.0f} {cx-pw*.36:.0f} {sh-rr*.25:.0f} {cx-rr*.5:.0f} {sh-rr*.35:.0f}'
             f'L{cx-rr*.42:.0f} {hy+rr*.7:.0f}L{cx+rr*.42:.0f} {hy+rr*.7:.0f}L{cx+rr*.5:.0f} {sh-rr*.35:.0f}'
             f'C{cx+pw*.36:.0f} {sh-rr*.25:.0f} {cx+pw/2:.0f} {sh:.0f} {cx+pw/2:.0f} {sh+rr*1.2:.0f}L{cx+pw/2:.0f} {h+5}Z"/>']
        if r.random() < arm_p:
            side = r.choice([-1, 1])
            bx, by = cx + side * pw * .36, sh + rr * .2
            L = pw * r.uniform(.95, 1.25)
            ang = math.radians(side * r.uniform(6, 28))
            ex, ey = bx + L * math.sin(ang), by - L * math.cos(ang)
            nx, ny = math.cos(ang), math.sin(ang)
            t0, t1 = pw * .1, pw * .06
            o.append(f'<path d="M{bx-nx*t0:.0f} {by-ny*t0:.0f}L{ex-nx*t1:.0f} {ey-ny*t1:.0f}L{ex+nx*t1:.0f} {ey+ny*t1:.0f}L{bx+nx*t0:.0f} {by+ny*t0:.0f}Z"/>')
            hx, hy2 = ex + pw * .05 * math.sin(ang), ey - pw * .05 * math.cos(ang)
            o.append(f'<ellipse cx="{hx:.0f}" cy="{hy2:.0f}" rx="{pw*.085:.1f}" ry="{pw*.11:.1f}" transform="rotate({math.degrees(ang):.0f} {hx:.0f} {hy2:.0f})"/>')
        return "".join(o)

    out = []
    for fill, wmin, wmax, tmin, tmax, arm_p in rows:
        parts = []
        x = r.uniform(-60, -20)
        while x < w + 60:
            pw = r.uniform(wmin, wmax)
            parts.append(person(x + pw / 2, h - r.uniform(tmin, tmax), pw, arm_p))
            x += pw * r.uniform(.8, 1.05)
        out.append(f'<g fill="{fill}">{"".join(parts)}</g>')
    return "".join(out)


def string_lights(seed, w, spans, n=26, r_=4):
    out = []
    for (x0, y0, x1, y1, sag) in spans:
        pts = []
        for i in range(n + 1):
            t = i / n
            pts.append((x0 + (x1 - x0) * t, y0 + (y1 - y0) * t + sag * math.sin(math.pi * t)))
        out.append('<path d="M' + "L".join(f"{x:.0f} {y:.0f}" for x, y in pts) + '" fill="none" stroke="#000" stroke-opacity=".55" stroke-width="2"/>')
        for i, (x, y) in enumerate(pts[1:-1]):
            c = [V, P, A][i % 3]
            out.append(f'<circle cx="{x:.0f}" cy="{y+7:.0f}" r="{r_*3.2:.0f}" fill="{c}" opacity=".5" filter="url(#b6)"/>'
                       f'<circle cx="{x:.0f}" cy="{y+7:.0f}" r="{r_}" fill="#fff" opacity=".95"/>')
    return "".join(out)


# --------------------------------------------------------------------------------------------
# Featured images (1200 x 630)
# --------------------------------------------------------------------------------------------

def img_crane_booth():
    w, h = 1200, 630
    d = [lin("cbody", [(0, "#4a35b8"), (1, "#21175a")]),
         lin("cint", [(0, "#2d1f66"), (1, "#140e33")]),
         lin("cglass", [(0, "#fff", .22), (1, "#fff", 0)], 0, 0, 1, 0),
         lin("cpillar", [(0, V2), (.5, P), (1, A)]),
         lin("cpanel", [(0, "#6a52e0"), (1, "#3a2a95")]),
         rad("cbtn", [(0, "#fff3d6"), (.5, A), (1, "#d27b16")], cx=.4, cy=.35),
         rad("cknob", [(0, "#ffd0e6"), (.5, P), (1, "#b02a72")], cx=.4, cy=.35),
         lin("cmetal", [(0, "#f2eeff"), (1, "#9c92c4")], 0, 0, 1, 0)]
    b = [backdrop(w, h, 23, [(190, 160, 260, V, .45), (1030, 190, 250, P, .35), (600, 300, 260, V, .35), (620, 600, 260, A, .22)], horizon=500)]
    # distant booths
    r = random.Random(5)
    for x in (70, 210, 960, 1110):
        ww = r.uniform(100, 130)
        b.append(f'<g opacity=".55"><rect x="{x-ww/2:.0f}" y="420" width="{ww:.0f}" height="80" fill="#1a1236"/>'
                 f'<path d="M{x-ww/2-10:.0f} 424L{x:.0f} 392L{x+ww/2+10:.0f} 424Z" fill="{r.choice([V, P, "#5a3fc4"])}" opacity=".7"/>'
                 f'<rect x="{x-ww/2+12:.0f}" y="440" width="{ww-24:.0f}" height="22" rx="4" fill="{A}" opacity=".35"/></g>')
    b.append(string_lights(1, w, [(280, -6, 450, 4, 26), (760, 4, 1220, -6, 34)], n=8))
    cx = 600
    b.append(f'<ellipse cx="{cx}" cy="566" rx="260" ry="30" fill="url(#shadow)"/>')
    b.append(f'<ellipse cx="{cx}" cy="560" rx="230" ry="26" fill="{P}" opacity=".25" filter="url(#b14)"/>')
    # cabinet lower body
    b.append(f'<rect x="{cx-170}" y="400" width="340" height="160" rx="18" fill="url(#cbody)"/>')
    # prize chute + coin slot
    b.append(f'<rect x="{cx-140}" y="450" width="110" height="80" rx="12" fill="#0d0920"/>'
             f'<rect x="{cx-132}" y="458" width="94" height="36" rx="8" fill="#2a1f5c"/>'
             f'<text x="{cx-85}" y="516" font-size="15" font-weight="700" fill="{A2}" text-anchor="middle" letter-spacing=".12em">PRIZE</text>')
    b.append(f'<rect x="{cx+40}" y="452" width="100" height="76" rx="12" fill="#1a1240" stroke="{V2}" stroke-opacity=".4" stroke-width="2"/>'
             f'<rect x="{cx+82}" y="466" width="16" height="34" rx="5" fill="#05030a"/>'
             + heart(cx + 90, 512 + 4, 9, P) + '')
    b.append(f'<use href="#mark" x="{cx-20}" y="470" width="40" height="40" fill="url(#kw)"/>')
    # glass box
    gx0, gx1, gy0, gy1 = cx - 160, cx + 160, 150, 398
    b.append(f'<rect x="{gx0}" y="{gy0}" width="{gx1-gx0}" height="{gy1-gy0}" fill="url(#cint)"/>')
    b.append(f'<ellipse cx="{cx}" cy="{gy1-30}" rx="170" ry="60" fill="{P}" opacity=".25" filter="url(#b14)"/>')
    # prize pile
    r = random.Random(9)
    pile = []
    for row, (y, n, s) in enumerate([(382, 7, 26), (356, 6, 25), (334, 4, 23)]):
        xs = [gx0 + 30 + i * (gx1 - gx0 - 60) / (n - 1) + r.uniform(-6, 6) for i in range(n)]
        if row == 2:
            xs = [cx - 110, cx - 40, cx + 40, cx + 105]
        for x in xs:
            c = r.choice([V, P, A, V2, P2, A2])
            yy = y + r.uniform(-4, 4)
            pile.append(f'<circle cx="{x:.0f}" cy="{yy:.0f}" r="{s}" fill="{c}"/>'
                        f'<circle cx="{x-s*.35:.0f}" cy="{yy-s*.4:.0f}" r="{s*.35:.1f}" fill="#fff" opacity=".25"/>'
                        f'<circle cx="{x-s*.3:.1f}" cy="{yy-2:.1f}" r="3.2" fill="{INK}"/><circle cx="{x+s*.3:.1f}" cy="{yy-2:.1f}" r="3.2" fill="{INK}"/>'
                        f'<path d="M{x-4:.1f} {yy+6:.1f}q4 4 8 0" stroke="{INK}" stroke-width="2" fill="none" stroke-linecap="round"/>')
    b.append(f'<clipPath id="gclip"><rect x="{gx0}" y="{gy0}" width="{gx1-gx0}" height="{gy1-gy0}"/></clipPath><g clip-path="url(#gclip)">{"".join(pile)}</g>')
    # rail, carriage, cable and claw
    b.append(f'<rect x="{gx0}" y="{gy0+10}" width="{gx1-gx0}" height="10" fill="#8f84c0"/>'
             f'<rect x="{cx+10}" y="{gy0+4}" width="54" height="24" rx="5" fill="url(#cmetal)"/>'
             f'<path d="M{cx+37} {gy0+28}V252" stroke="#d9d2f2" stroke-width="3"/>'
             f'<path d="M{cx+17} 268C{cx+17} 248 {cx+57} 248 {cx+57} 268Z" fill="url(#cmetal)"/>'
             f'<path d="M{cx+20} 266C{cx+4} 282 {cx+4} 298 {cx+16} 312M{cx+54} 266C{cx+70} 282 {cx+70} 298 {cx+58} 312M{cx+37} 268V306" '
             f'stroke="#e5e0f7" stroke-width="6" fill="none" stroke-linecap="round"/>')
    # glass sheen
    b.append(f'<path d="M{gx0+40} {gy0}L{gx0+110} {gy0}L{gx0+10} {gy1}L{gx0} {gy1}L{gx0} {gy0+120}Z" fill="url(#cglass)" opacity=".8"/>'
             f'<path d="M{gx0+150} {gy0}L{gx0+176} {gy0}L{gx0+90} {gy1}L{gx0+64} {gy1}Z" fill="#fff" opacity=".06"/>')
    # control ledge
    b.append(f'<path d="M{cx-190} 404L{cx+190} 404L{cx+176} 436L{cx-176} 436Z" fill="url(#cpanel)"/>'
             f'<rect x="{cx-190}" y="398" width="380" height="10" rx="5" fill="#8c78ff"/>')
    b.append(f'<path d="M{cx-90} 404L{cx-72} 352" stroke="#d9d2f2" stroke-width="8" stroke-linecap="round"/>'
             f'<ellipse cx="{cx-90}" cy="405" rx="22" ry="7" fill="#140e33"/><circle cx="{cx-71}" cy="348" r="18" fill="url(#cknob)"/>')
    b.append(f'<ellipse cx="{cx+80}" cy="406" rx="36" ry="10" fill="#8a4d0e"/><ellipse cx="{cx+80}" cy="399" rx="32" ry="12" fill="url(#cbtn)"/>')
    # pillars with light strips
    for x in (gx0 - 14, gx1 - 6):
        b.append(f'<rect x="{x}" y="{gy0-4}" width="20" height="{gy1-gy0+8}" rx="6" fill="#1d1448"/>'
                 f'<rect x="{x+7}" y="{gy0+6}" width="6" height="{gy1-gy0-12}" rx="3" fill="url(#cpillar)"/>'
                 f'<rect x="{x+4}" y="{gy0+6}" width="12" height="{gy1-gy0-12}" rx="6" fill="url(#cpillar)" opacity=".6" filter="url(#b6)"/>')
    # marquee
    b.append(f'<path d="M{cx-180} 160V112C{cx-180} 78 {cx-150} 56 {cx-110} 56H{cx+110}C{cx+150} 56 {cx+180} 78 {cx+180} 112V160Z" fill="url(#kw)"/>')
    b.append(f'<path d="M{cx-166} 150V114C{cx-166} 88 {cx-142} 70 {cx-110} 70H{cx+110}C{cx+142} 70 {cx+166} 88 {cx+166} 114V150Z" fill="#150e31" opacity=".55"/>')
    bulbs = []
    for i in range(15):
        x = cx - 150 + i * 300 / 14
        bulbs.append(f'<circle cx="{x:.0f}" cy="63" r="4" fill="#fff"/><circle cx="{x:.0f}" cy="63" r="10" fill="{A2}" opacity=".4" filter="url(#b2)"/>')
    b.append("".join(bulbs))
    b.append(f'<text x="{cx}" y="128" font-size="50" font-weight="800" fill="#fff" text-anchor="middle" letter-spacing=".14em">CRANE</text>'
             f'<text x="{cx}" y="148" font-size="13" font-weight="600" fill="{A2}" text-anchor="middle" letter-spacing=".32em">DONATION BOOTH</text>')
    b.append(chip(60, 52, "NEW BOOTH", size=20))
    b.append(chip(60, 104, "42,000 CREDITS", size=20, fill="url(#kwh)", stroke="none", weight=700))
    return svg(w, h, "".join(b), "".join(d))


def img_blimp():
    w, h = 1200, 630
    d = [lin("bl", [(0, "#c9bcff"), (.4, "#8f74ff"), (.75, "#6a4ae8"), (1, "#ff4fa3")]),
         lin("blfin", [(0, P2), (1, P)]),
         lin("blgon", [(0, "#2a1f5c"), (1, "#140e33")]),
         lin("beam", [(0, "#fff", .32), (1, "#fff", 0)], 0, 1, 0, 0),
         lin("scr", [(0, "#120b2b"), (1, "#24164f")]),
         lin("bnr", [(0, P), (1, A)], 0, 0, 1, 0)]
    b = [backdrop(w, h, 31, [(200, 120, 280, V, .5), (1050, 120, 260, P, .38), (700, 520, 300, A, .22), (560, 260, 260, V, .3)], stars=110)]
    # clouds
    r = random.Random(3)
    for (x, y, s, op) in [(150, 420, 1.2, .1), (980, 360, 1.0, .09), (1080, 470, 1.4, .08), (420, 470, .9, .07)]:
        blobs = "".join(f'<circle cx="{x + dx*s:.0f}" cy="{y + dy*s:.0f}" r="{rr*s:.0f}"/>' for dx, dy, rr in
                        [(-80, 10, 40), (-30, -12, 56), (40, -4, 48), (95, 12, 34), (0, 22, 40)])
        b.append(f'<g fill="#e9e2ff" opacity="{op}" filter="url(#b6)">{blobs}</g>')
    # searchlights
    b.append(f'<g filter="url(#b6)"><path d="M300 640L430 250L500 260Z" fill="url(#beam)"/><path d="M900 640L700 262L770 250Z" fill="url(#beam)"/></g>')
    # skyline of plaza roofs
    sk = ['<g fill="#07050e">']
    x = -10
    r = random.Random(8)
    lights = []
    while x < w + 20:
        ww = r.uniform(60, 130)
        top = r.uniform(520, 575)
        kind = r.random()
        if kind < .33:
            sk.append(f'<path d="M{x:.0f} 640V{top+18:.0f}L{x+ww/2:.0f} {top-14:.0f}L{x+ww:.0f} {top+18:.0f}V640Z"/>')
        elif kind < .66:
            sk.append(f'<path d="M{x:.0f} 640V{top+10:.0f}A{ww/2:.0f} {ww/2.4:.0f} 0 0 1 {x+ww:.0f} {top+10:.0f}V640Z"/>')
        else:
            sk.append(f'<rect x="{x:.0f}" y="{top:.0f}" width="{ww:.0f}" height="{640-top:.0f}"/>')
        for _ in range(r.randint(1, 3)):
            lx, ly = x + r.uniform(12, ww - 18), r.uniform(top + 26, 610)
            lights.append(f'<rect x="{lx:.0f}" y="{ly:.0f}" width="8" height="6" rx="1" fill="{r.choice([A2, P2, V2])}" opacity=".7"/>')
        x += ww + r.uniform(-8, 6)
    sk.append("</g>")
    b.append("".join(sk) + "".join(lights))
    # blimp (facing right)
    bx, by = 600, 250
    g = []
    g.append(f'<path d="M-300 -30L-390 -120L-360 -124L-250 -52Z" fill="url(#blfin)"/>')           # top fin
    g.append(f'<path d="M-300 30L-390 120L-360 124L-250 52Z" fill="url(#blfin)"/>')                 # bottom fin
    # gondola + propeller
    g.append(f'<path d="M-90 112H90C84 142 62 152 30 152H-30C-62 152 -84 142 -90 112Z" fill="url(#blgon)"/>'
             + "".join(f'<rect x="{-64 + i*34}" y="120" width="22" height="14" rx="4" fill="{A2}" opacity=".85"/>' for i in range(4)))
    g.append(f'<ellipse cx="-110" cy="132" rx="5" ry="26" fill="#d9d2f2" opacity=".7"/>')
    g.append(f'<ellipse cx="0" cy="0" rx="330" ry="124" fill="url(#bl)"/>')
    g.append(f'<path d="M-300 -30C-200 -96 160 -110 300 -20" stroke="#fff" stroke-opacity=".28" stroke-width="18" fill="none" stroke-linecap="round"/>')
    for sx in (-220, -110, 0, 110, 220):
        k = math.sqrt(1 - (sx / 330) ** 2)
        g.append(f'<path d="M{sx} {-124*k:.0f}Q{sx+22} 0 {sx} {124*k:.0f}" stroke="#2a1770" stroke-opacity=".22" stroke-width="3" fill="none"/>')
    g.append(f'<path d="M-360 0L-250 0" stroke="{P2}" stroke-width="20" stroke-linecap="round"/>')   # side fin
    g.append(f'<ellipse cx="322" cy="0" rx="10" ry="34" fill="#fff" opacity=".35"/>')
    # side screen with the promoted booth
    g.append(f'<rect x="-150" y="-52" width="300" height="104" rx="20" fill="url(#scr)" stroke="url(#kwh)" stroke-width="4"/>'
             f'<use href="#mark" x="-130" y="-30" width="60" height="60" fill="url(#kw)"/>'
             f'<text x="-56" y="-6" font-size="30" font-weight="800" fill="#fff" letter-spacing=".04em">VISIT MY</text>'
             f'<text x="-56" y="30" font-size="30" font-weight="800" fill="{A2}" letter-spacing=".04em">BOOTH!</text>')
    b.append(f'<g transform="translate({bx} {by}) rotate(-5)">{"".join(g)}</g>')
    # tow banner trailing from the tail
    b.append(f'<path d="M268 276L196 286M268 276L196 334" stroke="#d9d2f2" stroke-opacity=".55" stroke-width="2"/>'
             f'<path d="M-20 292C40 270 120 306 196 286V334C120 354 40 318 -20 340Z" fill="url(#bnr)"/>'
             + heart(34, 316, 12, "#fff", .9) + heart(92, 320, 12, "#fff", .9) + heart(150, 316, 12, "#fff", .9))
    b.append(chip(60, 52, "2,500 CREDITS", size=20, fill="url(#kwh)", stroke="none", weight=700))
    b.append(chip(60, 104, "25,000 GIFT GEMS", size=20))
    return svg(w, h, "".join(b), "".join(d))


def trophy(ids, metal, plate_text=None, star="#fff"):
    """Cup trophy. Origin: bottom centre; ~200 wide, ~330 tall."""
    g = [f'<rect x="-86" y="-56" width="172" height="56" rx="8" fill="#1f1640"/>',
         f'<rect x="-86" y="-56" width="172" height="8" rx="4" fill="#3a2c70"/>']
    if plate_text:
        g.append(f'<rect x="-56" y="-42" width="112" height="30" rx="5" fill="url(#{metal})"/>'
                 f'<text x="0" y="-20" font-size="19" font-weight="800" fill="#5a3208" text-anchor="middle" letter-spacing=".1em">{plate_text}</text>')
    g.append(f'<path d="M-62 -56L-52 -80H52L62 -56Z" fill="url(#{metal})"/>')
    g.append(f'<path d="M-14 -80C-12 -104 -10 -120 -8 -134H8C10 -120 12 -104 14 -80Z" fill="url(#{metal})"/>')
    g.append(f'<ellipse cx="0" cy="-136" rx="26" ry="9" fill="url(#{metal})"/>')
    g.append(f'<path d="M-88 -300C-150 -300 -150 -214 -68 -200" stroke="url(#{metal})" stroke-width="15" fill="none" stroke-linecap="round"/>'
             f'<path d="M88 -300C150 -300 150 -214 68 -200" stroke="url(#{metal})" stroke-width="15" fill="none" stroke-linecap="round"/>')
    g.append(f'<path d="M-100 -310H100C100 -220 62 -150 0 -144C-62 -150 -100 -220 -100 -310Z" fill="url(#{metal})"/>')
    g.append(f'<ellipse cx="0" cy="-310" rx="100" ry="14" fill="#fff3d6" opacity=".55"/><ellipse cx="0" cy="-308" rx="86" ry="9" fill="#000" opacity=".18"/>')
    g.append(f'<path d="M-70 -290C-72 -232 -54 -190 -30 -168" stroke="#fff" stroke-opacity=".5" stroke-width="10" fill="none" stroke-linecap="round"/>')
    g.append(f'<path transform="translate(0 -236)" d="M0 -30L8.8 -12.1L28.5 -9.3L14.3 4.6L17.6 24.3L0 15L-17.6 24.3L-14.3 4.6L-28.5 -9.3L-8.8 -12.1Z" fill="{star}" opacity=".9"/>')
    return "".join(g)


def img_trophies():
    w, h = 1200, 630
    d = [lin("tsil", [(0, "#f1ecff"), (.4, "#b7a6ff"), (.75, "#7c5cff"), (1, "#4a33b0")], 0, 0, 1, 1),
         lin("trose", [(0, "#ffe3f0"), (.4, "#ff8cc6"), (.75, "#ff4fa3"), (1, "#a9246b")], 0, 0, 1, 1),
         lin("tbeam", [(0, "#fff", .28), (1, "#fff", 0)]),
         lin("pod", [(0, "#3a2a7a"), (1, "#1a1238")])]
    b = [backdrop(w, h, 41, [(600, 260, 320, V, .5), (250, 150, 220, P, .3), (960, 150, 220, A, .25), (600, 560, 260, P, .25)], horizon=480, sparkles=10)]
    b.append(f'<g filter="url(#b14)"><path d="M520 -20L680 -20L860 500L340 500Z" fill="url(#tbeam)"/>'
             f'<path d="M230 -20L300 -20L430 500L180 500Z" fill="url(#tbeam)" opacity=".6"/><path d="M900 -20L970 -20L1020 500L770 500Z" fill="url(#tbeam)" opacity=".6"/></g>')
    b.append(confetti(7, 90, (0, 0, w, 430)))
    # podiums
    for x, wd, top in [(340, 200, 470), (600, 250, 440), (860, 200, 470)]:
        b.append(f'<ellipse cx="{x}" cy="{top+62}" rx="{wd*.7}" ry="20" fill="url(#shadow)"/>'
                 f'<path d="M{x-wd/2} {top}H{x+wd/2}V{top+56}C{x+wd/2} {top+66} {x-wd/2} {top+66} {x-wd/2} {top+56}Z" fill="url(#pod)"/>'
                 f'<ellipse cx="{x}" cy="{top}" rx="{wd/2}" ry="14" fill="#4d3a9e"/><ellipse cx="{x}" cy="{top}" rx="{wd/2-10}" ry="9" fill="url(#kwh)" opacity=".6"/>')
    b.append(f'<g transform="translate(340 470) scale(.7)">{trophy("ts", "tsil")}</g>')
    b.append(f'<g transform="translate(860 470) scale(.7)">{trophy("tr", "trose")}</g>')
    b.append(f'<ellipse cx="600" cy="290" rx="170" ry="200" fill="{A}" opacity=".2" filter="url(#b40)"/>')
    b.append(f'<g transform="translate(600 440) scale(1.05)">{trophy("tg", "gold", "TOP 10", star="#fff6dd")}</g>')
    for x, y, s in [(470, 120, 14), (735, 96, 10), (760, 180, 16), (430, 230, 9)]:
        b.append(sparkle(x, y, s, "#fff", .9))
    b.append(chip(60, 52, "MONTHLY TOP 10", size=20))
    return svg(w, h, "".join(b), "".join(d))


def img_button_bean():
    w, h = 1200, 630
    d1, btn = button_char("bt")
    d2, bean = bean_char("bn")
    d = [d1, d2]
    b = [backdrop(w, h, 53, [(600, 330, 320, V, .45), (250, 200, 220, A, .3), (960, 220, 240, P, .35)], horizon=520, sparkles=8)]
    for i, (x, y, s, c) in enumerate([(170, 230, 46, A), (250, 170, 40, P), (1030, 200, 48, V2), (1100, 280, 40, A)]):
        dd, gg = balloon(x, y, s, c, f"bal{i}", 200)
        d.append(dd)
        b.append(gg)
    for x, y, s, c, rot in [(330, 300, 22, P, -12), (900, 330, 26, A2, 10), (780, 130, 16, P2, 8), (410, 130, 14, A2, -8)]:
        b.append(heart(x, y, s, c, .85, rot))
    b.append(confetti(12, 50, (0, 0, w, 480), op=(.4, .8)))
    b.append(f'<g transform="translate(470 548) scale(.95)">{btn}</g>')
    b.append(f'<g transform="translate(730 548) scale(.95)">{bean}</g>')
    b.append(logo_lockup(414, 70, .9, partner="partners/button-and-bean.svg"))
    return svg(w, h, "".join(b), "".join(d))


def img_plush_box():
    w, h = 1200, 630
    de, em = emberling("emb")
    de2, em2 = emberling("emf")
    d = [de, de2, lin("boxf", [(0, "#8f74ff"), (.6, "#6a4ae8"), (1, "#4b32c2")], 0, 0, 1, 1),
         lin("boxs", [(0, "#3a2695"), (1, "#2a1b70")]),
         lin("boxt", [(0, "#b3a2ff"), (1, "#8f74ff")]),
         lin("win", [(0, "#f6f2ff"), (1, "#d9cffc")]),
         lin("film", [(0, "#fff", .35), (.5, "#fff", .05), (1, "#fff", .2)], 0, 0, 1, 1),
         lin("tick", [(0, "#fff6e6"), (1, "#ffe0b3")])]
    b = [backdrop(w, h, 61, [(380, 250, 300, V, .45), (900, 230, 260, P, .35), (650, 600, 260, A, .22)], horizon=540, sparkles=8)]
    # box: front face, right side, top
    x0, x1, y0, y1, dx, dy = 250, 580, 90, 560, 70, -40
    b.append(f'<ellipse cx="{(x0+x1)/2+30}" cy="{y1+4}" rx="230" ry="22" fill="url(#shadow)"/>')
    b.append(f'<path d="M{x1} {y0}L{x1+dx} {y0+dy}V{y1+dy}L{x1} {y1}Z" fill="url(#boxs)"/>')
    b.append(f'<path d="M{x0} {y0}L{x0+dx} {y0+dy}H{x1+dx}L{x1} {y0}Z" fill="url(#boxt)"/>')
    b.append(f'<rect x="{x0}" y="{y0}" width="{x1-x0}" height="{y1-y0}" fill="url(#boxf)"/>')
    b.append(f'<path d="M{x0} {y0+110}L{x1} {y0+50}V{y0+80}L{x0} {y0+140}Z" fill="{P}" opacity=".35"/>')
    # header band with Tumbletop logo
    b.append(f'<rect x="{x0}" y="{y0}" width="{x1-x0}" height="88" fill="#1b1240" opacity=".55"/>'
             f'<image href="{pub("partners/tumbletop-toys.svg")}" x="{(x0+x1)/2-120}" y="{y0+4}" width="240" height="80"/>')
    # window with plush inside
    wx0, wx1, wy0, wy1 = x0 + 36, x1 - 36, y0 + 112, y1 - 92
    b.append(f'<rect x="{wx0}" y="{wy0}" width="{wx1-wx0}" height="{wy1-wy0}" rx="26" fill="url(#win)"/>')
    b.append(f'<clipPath id="wclip"><rect x="{wx0}" y="{wy0}" width="{wx1-wx0}" height="{wy1-wy0}" rx="26"/></clipPath>')
    b.append(f'<g clip-path="url(#wclip)"><circle cx="{(wx0+wx1)/2}" cy="{wy0+120}" r="150" fill="#fff" opacity=".6" filter="url(#b14)"/>'
             f'<g transform="translate({(wx0+wx1)/2} {wy1-18}) scale(.7)">{em}</g>'
             f'<path d="M{wx0} {wy0}L{wx0+120} {wy0}L{wx0+10} {wy1}L{wx0} {wy1}Z" fill="url(#film)"/></g>')
    b.append(f'<rect x="{wx0}" y="{wy0}" width="{wx1-wx0}" height="{wy1-wy0}" rx="26" fill="none" stroke="#fff" stroke-opacity=".7" stroke-width="5"/>')
    b.append(f'<text x="{(x0+x1)/2}" y="{y1-48}" font-size="34" font-weight="800" fill="#fff" text-anchor="middle" letter-spacing=".04em">Emberling</text>'
             f'<text x="{(x0+x1)/2}" y="{y1-22}" font-size="14" font-weight="600" fill="{A2}" text-anchor="middle" letter-spacing=".22em">PLUSH + IN-GAME CODE</text>')
    # free plush on the right
    b.append(f'<g transform="translate(880 560) scale(1.08)">{em2}</g>')
    # code ticket
    b.append(f'<g transform="translate(1010 150) rotate(10)" filter="url(#drop)"><path d="M-90 -44H90V-12A12 12 0 0 0 90 12V44H-90V12A12 12 0 0 0 -90 -12Z" fill="url(#tick)"/>'
             f'<text x="0" y="-8" font-size="14" font-weight="700" fill="{V}" text-anchor="middle" letter-spacing=".2em">IN-GAME CODE</text>'
             f'<text x="0" y="22" font-size="22" font-weight="800" fill="#2a1f5c" text-anchor="middle" letter-spacing=".12em">EMBR-7Q2K</text></g>')
    for x, y, s in [(720, 120, 12), (760, 330, 9), (1120, 360, 11), (680, 470, 8)]:
        b.append(sparkle(x, y, s, A2, .9))
    return svg(w, h, "".join(b), "".join(d))


def musician(x, y, kind):
    """Tiny stage silhouette, origin at feet."""
    c = "#07050d"
    o = [f'<g transform="translate({x} {y})" fill="{c}">',
         '<circle cx="0" cy="-104" r="11"/>',
         '<path d="M-13 -90H13L16 -48H-16Z"/>',
         '<path d="M-14 -50L-18 0H-9L0 -36L9 0H18L14 -50Z"/>']
    if kind == "sing":
        o.append('<path d="M10 -84L26 -100" stroke="#07050d" stroke-width="7" stroke-linecap="round"/>'
                 '<path d="M26 0V-96M16 0H36" stroke="#07050d" stroke-width="3"/><circle cx="26" cy="-100" r="4"/>'
                 '<path d="M-10 -84L-28 -118" stroke="#07050d" stroke-width="7" stroke-linecap="round"/>')
    elif kind == "guitar":
        o.append('<g transform="rotate(-24 0 -60)"><ellipse cx="-4" cy="-58" rx="20" ry="14"/><ellipse cx="-20" cy="-60" rx="14" ry="11"/>'
                 '<rect x="0" y="-63" width="56" height="5"/><rect x="54" y="-66" width="10" height="11" rx="2"/></g>'
                 '<path d="M-10 -82L-4 -60M10 -82L24 -70" stroke="#07050d" stroke-width="7" stroke-linecap="round"/>')
    o.append("</g>")
    return "".join(o)


def stage_scene(w, h, seed, screen=True):
    """Concert stage with LED wall, truss, beams and crowd (shared by the poster and the teaser)."""
    d = [lin("stg", [(0, "#2a1f5c"), (1, "#0d0920")]),
         lin("led", [(0, "#2b1a66"), (.5, "#5a2a8f"), (1, "#a0306f")], 0, 0, 1, 1),
         lin("bm0", [(0, V, .7), (.6, V, .15), (1, V, 0)]),
         lin("bm1", [(0, P, .7), (.6, P, .15), (1, P, 0)]),
         lin("bm2", [(0, A, .65), (.6, A, .12), (1, A, 0)])]
    sx = w / 1200
    b = [backdrop(w, h, seed, [(600 * sx, 200, 340, V, .45), (200 * sx, 120, 220, P, .3), (1000 * sx, 120, 220, A, .22), (600 * sx, 520, 300, P, .3)], stars=60, sparkles=4)]
    return d, b


def img_concert(w=1200, h=630, t=None):
    d, b = stage_scene(w, h, 71)
    cx = w / 2
    # LED wall
    b.append(f'<rect x="{cx-260}" y="96" width="520" height="250" rx="10" fill="url(#led)"/>')
    b.append(f'<rect x="{cx-260}" y="96" width="520" height="250" rx="10" fill="none" stroke="#fff" stroke-opacity=".15" stroke-width="2"/>')
    b.append(f'<image href="{pub("partners/paper-comets.svg")}" x="{cx-216}" y="146" width="432" height="144"/>')
    # truss with lamps
    b.append(f'<path d="M{cx-480} 460V64H{cx+480}V460" stroke="#3b2f6a" stroke-width="14" fill="none"/>'
             f'<path d="M{cx-480} 64H{cx+480}" stroke="#4a3d80" stroke-width="4" stroke-dasharray="10 10" transform="translate(0 -6)"/>')
    lamps = [cx - 400, cx - 240, cx - 80, cx + 80, cx + 240, cx + 400]
    beams = []
    for i, lx in enumerate(lamps):
        ang = [-16, 10, -8, 8, -10, 16][i]
        a = math.radians(ang)
        L, sp = 520, math.radians(5)
        x1, y1 = lx + L * math.sin(a - sp), 70 + L * math.cos(a - sp)
        x2, y2 = lx + L * math.sin(a + sp), 70 + L * math.cos(a + sp)
        beams.append(f'<path d="M{lx} 70L{x1:.0f} {y1:.0f}L{x2:.0f} {y2:.0f}Z" fill="url(#bm{i%3})"/>')
    b.append(f'<g filter="url(#b6)" style="mix-blend-mode:screen">{"".join(beams)}</g>')
    for lx in lamps:
        b.append(f'<rect x="{lx-14}" y="62" width="28" height="22" rx="5" fill="#1a1236"/><circle cx="{lx}" cy="84" r="16" fill="#fff" opacity=".4" filter="url(#b6)"/><circle cx="{lx}" cy="82" r="5" fill="#fff"/>')
    # stage deck
    b.append(f'<path d="M{cx-520} 410H{cx+520}L{cx+560} 470H{cx-560}Z" fill="url(#stg)"/>'
             f'<rect x="{cx-520}" y="406" width="1040" height="5" fill="url(#kwh)" opacity=".9"/>')
    b.append(f'<ellipse cx="{cx}" cy="410" rx="360" ry="26" fill="{P}" opacity=".25" filter="url(#b14)"/>')
    # band
    b.append(musician(cx - 200, 408, "guitar") + musician(cx, 408, "sing") + musician(cx + 200, 408, "guitar"))
    b.append(f'<g fill="#07050d"><circle cx="{cx+104}" cy="382" r="26"/><rect x="{cx+70}" y="362" width="22" height="20" rx="4"/>'
             f'<rect x="{cx+116}" y="362" width="24" height="22" rx="4"/><path d="M{cx+150} 408V350M{cx+60} 408V356" stroke="#07050d" stroke-width="3"/>'
             f'<ellipse cx="{cx+150}" cy="350" rx="22" ry="4"/><ellipse cx="{cx+60}" cy="356" rx="18" ry="3.5"/></g>'
             f'<circle cx="{cx+104}" cy="382" r="19" fill="none" stroke="{P}" stroke-opacity=".55" stroke-width="2"/>')
    # paper comet swooping over the stage
    b.append(paper_comet(cx + 360, 140, .9))
    # crowd
    b.append(crowd(77, w, h, rows=(("#0d0a18", 50, 68, 150, 175, .3), ("#05040a", 74, 96, 95, 130, .25))))
    b.append(f'<rect y="{h-200}" width="{w}" height="200" fill="url(#floorfill)" opacity=".4"/>')
    return svg(w, h, "".join(b), "".join(d))


def paper_comet(x, y, s, trail=True, op=1.0):
    o = [f'<g transform="translate({x} {y}) scale({s}) rotate(-18)" opacity="{op}">']
    if trail:
        o.append(f'<path d="M-30 6C-120 20 -210 60 -300 130" stroke="{P}" stroke-width="10" fill="none" stroke-linecap="round" opacity=".6" filter="url(#b2)"/>'
                 f'<path d="M-30 14C-110 36 -180 80 -240 150" stroke="{A}" stroke-width="6" fill="none" stroke-linecap="round" opacity=".5"/>'
                 f'<path d="M-34 -2C-130 0 -220 30 -330 80" stroke="{V2}" stroke-width="4" fill="none" stroke-linecap="round" opacity=".5"/>')
    o.append('<path fill="#ffffff" d="M60 0L-42 -36L-18 0Z"/><path fill="#ffffff" fill-opacity=".7" d="M60 0L-18 0L-42 36Z"/>'
             '<path fill="#ffffff" fill-opacity=".45" d="M60 0L-18 0L-9 24Z"/></g>')
    return "".join(o)


def img_charity():
    w, h = 1200, 630
    d = [lin("win2", [(0, "#1a1238"), (1, "#0e0a22")]),
         lin("mldrop", [(0, "#ff8cc6"), (.5, "#ff4fa3"), (1, "#c42c7d")], 0, 0, 1, 1),
         lin("bar", [(0, V), (.6, P), (1, A)], 0, 0, 1, 0)]
    b = [backdrop(w, h, 83, [(420, 300, 300, P, .4), (980, 180, 240, V, .4), (200, 560, 220, A, .2)], stars=60)]
    x0, y0, x1, y1 = 110, 60, 1090, 570
    b.append(f'<rect x="{x0}" y="{y0}" width="{x1-x0}" height="{y1-y0}" rx="28" fill="url(#win2)" opacity=".92" filter="url(#drop)"/>')
    b.append(f'<rect x="{x0}" y="{y0}" width="{x1-x0}" height="{y1-y0}" rx="28" fill="none" stroke="url(#kw)" stroke-width="3" opacity=".8"/>')
    # top bar
    b.append(f'<rect x="{x0+28}" y="{y0+26}" width="92" height="38" rx="19" fill="#ff3b6b"/>'
             f'<circle cx="{x0+50}" cy="{y0+45}" r="6" fill="#fff"/>'
             f'<text x="{x0+88}" y="{y0+52}" font-size="19" font-weight="800" fill="#fff" text-anchor="middle" letter-spacing=".1em">LIVE</text>'
             f'<text x="{x0+140}" y="{y0+52}" font-size="20" font-weight="600" fill="#d9d2f2">Charity Stream · Marrow &amp; Light Foundation</text>')
    # stage area (left)
    sx0, sy0, sx1, sy1 = x0 + 28, y0 + 86, 760, y1 - 110
    b.append(f'<rect x="{sx0}" y="{sy0}" width="{sx1-sx0}" height="{sy1-sy0}" rx="18" fill="#150f30"/>')
    b.append(f'<clipPath id="sclip"><rect x="{sx0}" y="{sy0}" width="{sx1-sx0}" height="{sy1-sy0}" rx="18"/></clipPath>')
    mx, my = (sx0 + sx1) / 2, (sy0 + sy1) / 2 + 8
    inner = [f'<circle cx="{mx}" cy="{my}" r="200" fill="{P}" opacity=".35" filter="url(#b40)"/>']
    for i, rr in enumerate((110, 150, 190)):
        inner.append(f'<circle cx="{mx}" cy="{my}" r="{rr}" fill="none" stroke="{P2}" stroke-opacity="{.25 - i*.07:.2f}" stroke-width="2"/>')
    inner.append(f'<g transform="translate({mx} {my-10}) scale(3.3) translate(-30 -34)">'
                 f'<path d="M30 10C30 10 13 31 13 44A17 17 0 0 0 47 44C47 31 30 10 30 10Z" fill="url(#mldrop)"/>'
                 f'<path d="M30 57C30 57 20 50.5 20 44.2C20 40.6 22.7 38.3 25.5 38.3C27.6 38.3 29.2 39.5 30 41C30.8 39.5 32.4 38.3 34.5 38.3C37.3 38.3 40 40.6 40 44.2C40 50.5 30 57 30 57Z" fill="#fff"/>'
                 f'<path d="M22 30C20 34 18.5 37 18 40" stroke="#fff" stroke-opacity=".5" stroke-width="2" fill="none" stroke-linecap="round"/></g>')
    for x, y, s, c in [(sx0 + 70, sy0 + 70, 16, P2), (sx1 - 80, sy0 + 90, 22, A2), (sx0 + 110, sy1 - 70, 20, V2), (sx1 - 120, sy1 - 60, 14, P)]:
        inner.append(heart(x, y, s, c, .8))
    b.append(f'<g clip-path="url(#sclip)">{"".join(inner)}</g>')
    # goal bar
    gy = y1 - 78
    b.append(f'<text x="{sx0}" y="{gy+4}" font-size="18" font-weight="700" fill="#fff" letter-spacing=".08em">GOAL</text>'
             f'<rect x="{sx0+76}" y="{gy-12}" width="{sx1-sx0-76}" height="20" rx="10" fill="#2a2050"/>'
             f'<rect x="{sx0+76}" y="{gy-12}" width="{(sx1-sx0-76)*.97:.0f}" height="20" rx="10" fill="url(#bar)"/>'
             f'<text x="{sx0}" y="{gy+44}" font-size="20" font-weight="600" fill="#d9d2f2">$48,310 raised for blood-cancer research</text>')
    # chat column
    cx0 = 790
    r = random.Random(4)
    y = y0 + 96
    for i in range(6):
        c = r.choice([V, P, A, V2])
        lw = r.uniform(120, 220)
        b.append(f'<circle cx="{cx0+16}" cy="{y+14}" r="15" fill="{c}"/>'
                 f'<rect x="{cx0+42}" y="{y}" width="{r.uniform(60, 90):.0f}" height="10" rx="5" fill="{c}" opacity=".8"/>'
                 f'<rect x="{cx0+42}" y="{y+18}" width="{lw:.0f}" height="10" rx="5" fill="#d9d2f2" opacity=".35"/>')
        if i in (1, 4):
            dd, gg = gem(cx0 + 62 + lw, y + 20, 11, P2, P, f"cg{i}")
            d.append(dd)
            b.append(gg)
        if i in (2, 5):
            b.append(heart(cx0 + 60 + lw, y + 22, 9, P))
        y += 56
    b.append(f'<rect x="{cx0}" y="{y1-70}" width="270" height="40" rx="20" fill="#231a48" stroke="#fff" stroke-opacity=".12"/>'
             f'<text x="{cx0+20}" y="{y1-44}" font-size="16" fill="#9a90c4">Send a Gift Gem…</text>')
    return svg(w, h, "".join(b), "".join(d))


def disco_ball(x, y, r, ids):
    d = rad(ids, [(0, "#ffffff"), (.35, "#d9d2f2"), (.8, "#7c6cc4"), (1, "#3a2a7a")], cx=.38, cy=.32, r=.75)
    tiles = []
    rr = random.Random(2)
    n = 10
    for i in range(-n, n + 1):
        yy = y + i * r / n * .95
        half = math.sqrt(max(r * r - (yy - y) ** 2, 0))
        k = max(2, int(half / (r / n * .95)))
        for j in range(-k, k + 1):
            xx = x + j * half / k * .95
            c = rr.choice(["#ffffff", V2, P2, A2, "#e9e4ff", "#c7bcf5"])
            tiles.append(f'<rect x="{xx-5:.1f}" y="{yy-5:.1f}" width="9" height="9" fill="{c}" opacity="{rr.uniform(.15, .55):.2f}"/>')
    g = (f'<path d="M{x} 0V{y-r}" stroke="#9a90c4" stroke-width="2"/>'
         f'<circle cx="{x}" cy="{y}" r="{r*1.6}" fill="{V2}" opacity=".25" filter="url(#b40)"/>'
         f'<circle cx="{x}" cy="{y}" r="{r}" fill="url(#{ids})"/>'
         f'<clipPath id="{ids}c"><circle cx="{x}" cy="{y}" r="{r}"/></clipPath><g clip-path="url(#{ids}c)">{"".join(tiles)}</g>'
         + sparkle(x - r * .38, y - r * .42, 18, "#fff", .95))
    return d, g


def img_party():
    w, h = 1200, 630
    d = [lin("badge", [(0, "#1f1644"), (1, "#120c2a")]), lin("strap", [(0, V), (1, P)], 0, 0, 1, 0)]
    b = [backdrop(w, h, 91, [(300, 200, 260, V, .5), (900, 200, 260, P, .38), (600, 560, 260, A, .25)], horizon=None, sparkles=4)]
    b.append(string_lights(2, w, [(-20, 30, 1220, 40, 70)], n=22))
    dd, gg = disco_ball(280, 250, 110, "disco")
    d.append(dd)
    b.append(gg)
    # light rays from the disco ball
    for ang, c in [(200, P), (230, A), (320, V2), (345, P2), (20, A2), (160, V2)]:
        a = math.radians(ang)
        b.append(f'<path d="M280 250L{280 + 700*math.cos(a-.04):.0f} {250 + 700*math.sin(a-.04):.0f}L{280 + 700*math.cos(a+.04):.0f} {250 + 700*math.sin(a+.04):.0f}Z" fill="{c}" opacity=".12" filter="url(#b6)"/>')
    b.append(gg)
    for i, (x, y, s, c) in enumerate([(1000, 230, 52, P), (1080, 300, 46, A), (930, 320, 44, V2), (120, 470, 40, A)]):
        dd, gg2 = balloon(x, y, s, c, f"pb{i}", 260)
        d.append(dd)
        b.append(gg2)
    b.append(confetti(19, 140, (0, 60, w, h)))
    # invite badge on a lanyard
    bx, by = 640, 330
    b.append(f'<path d="M{bx-60} -10L{bx-14} {by-150}M{bx+70} -10L{bx+14} {by-150}" stroke="url(#strap)" stroke-width="22"/>')
    g = [f'<rect x="-140" y="-150" width="280" height="360" rx="26" fill="url(#badge)" stroke="url(#kw)" stroke-width="4"/>',
         f'<rect x="-26" y="-140" width="52" height="12" rx="6" fill="#05030a"/>',
         f'<path d="M-140 -60V-124A26 26 0 0 1 -114 -150H114A26 26 0 0 1 140 -124V-60Z" fill="url(#kwh)"/>',
         f'<use href="#mark" x="-24" y="-122" width="48" height="48" fill="#fff"/>',
         f'<text x="0" y="10" font-size="56" font-weight="800" fill="#fff" text-anchor="middle" letter-spacing=".08em">GUEST</text>',
         f'<text x="0" y="46" font-size="16" font-weight="600" fill="{A2}" text-anchor="middle" letter-spacing=".16em">DEVELOPER CONFERENCE</text>',
         f'<text x="0" y="70" font-size="16" font-weight="600" fill="{A2}" text-anchor="middle" letter-spacing=".16em">PARTY</text>']
    r = random.Random(12)
    bars = "".join(f'<rect x="{-100 + i*7}" y="110" width="{r.choice([2, 3, 4])}" height="60" fill="#fff" opacity=".8"/>' for i in range(29))
    g.append(bars)
    g.append(f'<text x="0" y="196" font-size="13" font-weight="700" fill="#9a90c4" text-anchor="middle" letter-spacing=".3em">INVITE ONLY</text>')
    b.append(f'<g transform="translate({bx} {by}) rotate(6)" filter="url(#drop)">{"".join(g)}</g>')
    return svg(w, h, "".join(b), "".join(d))


def img_holiday():
    w, h = 1200, 630
    d = [lin("tree", [(0, "#b3a2ff"), (.5, "#7c5cff"), (1, "#4a2fc0")], 0, 0, 1, 1),
         lin("snow", [(0, "#d9d0f7"), (1, "#8f82c9")]),
         lin("aur", [(0, V, 0), (.3, V, .6), (.6, P, .5), (1, A, 0)], 0, 0, 1, 0),
         rad("stary", [(0, "#fff6dd"), (.6, A), (1, "#e08a1c")], cx=.45, cy=.4)]
    b = [backdrop(w, h, 101, [(220, 160, 240, V, .45), (980, 150, 240, P, .32), (600, 300, 260, V, .25)], stars=90, sparkles=5)]
    b.append(f'<g filter="url(#b14)"><path d="M-50 170C200 60 420 220 640 130S1000 40 1260 120L1260 180C1000 110 860 210 640 200S220 120 -50 240Z" fill="url(#aur)" opacity=".6"/></g>')
    # snow hills
    b.append(f'<path d="M0 520C160 470 320 480 480 510C640 540 820 470 1000 480C1100 486 1160 500 1200 510V630H0Z" fill="url(#snow)" opacity=".28"/>')
    b.append(f'<path d="M0 560C200 520 420 530 600 552C780 574 980 520 1200 540V630H0Z" fill="url(#snow)"/>')
    cx = 600
    # tree
    b.append(f'<circle cx="{cx}" cy="360" r="220" fill="{V}" opacity=".35" filter="url(#b40)"/>')
    b.append(f'<ellipse cx="{cx}" cy="560" rx="190" ry="22" fill="#3a2a7a" opacity=".45"/>')
    b.append(f'<rect x="{cx-20}" y="480" width="40" height="70" fill="#5a3a2a"/>')
    for (top, bot, wd) in [(330, 510, 190), (240, 400, 150), (150, 300, 110)]:
        b.append(f'<path d="M{cx} {top}C{cx+20} {top+40} {cx+wd*.7} {bot-40} {cx+wd} {bot}C{cx+wd*.5} {bot+16} {cx-wd*.5} {bot+16} {cx-wd} {bot}'
                 f'C{cx-wd*.7} {bot-40} {cx-20} {top+40} {cx} {top}Z" fill="url(#tree)"/>')
        b.append(f'<path d="M{cx+wd} {bot}C{cx+wd*.5} {bot+16} {cx-wd*.5} {bot+16} {cx-wd} {bot}C{cx-wd*.5} {bot+4} {cx+wd*.5} {bot+4} {cx+wd} {bot}Z" fill="#2a1770" opacity=".5"/>')
    # garlands
    r = random.Random(6)
    for (y0_, y1_, x0_, x1_) in [(262, 286, cx - 62, cx + 82), (352, 384, cx - 100, cx + 124), (444, 482, cx - 138, cx + 166)]:
        pts = [(x0_ + (x1_ - x0_) * t, y0_ + (y1_ - y0_) * t + 14 * math.sin(math.pi * t)) for t in [i / 10 for i in range(11)]]
        b.append('<path d="M' + "L".join(f"{x:.0f} {y:.0f}" for x, y in pts) + f'" stroke="{A2}" stroke-opacity=".5" stroke-width="2" fill="none"/>')
        for i, (x, y) in enumerate(pts[1:-1]):
            c = [A, P, "#fff"][i % 3]
            b.append(f'<circle cx="{x:.0f}" cy="{y:.0f}" r="11" fill="{c}" opacity=".45" filter="url(#b2)"/><circle cx="{x:.0f}" cy="{y:.0f}" r="4.5" fill="{c}"/>')
    # star
    b.append(f'<circle cx="{cx}" cy="140" r="60" fill="{A}" opacity=".4" filter="url(#b14)"/>'
             f'<path transform="translate({cx} 140) scale(1.5)" d="M0 -30L8.8 -12.1L28.5 -9.3L14.3 4.6L17.6 24.3L0 15L-17.6 24.3L-14.3 4.6L-28.5 -9.3L-8.8 -12.1Z" fill="url(#stary)"/>')
    # presents
    for (x, y, wd, ht, c, rb) in [(cx - 250, 470, 110, 90, P, A2), (cx - 140, 500, 80, 60, A, V), (cx + 150, 486, 100, 74, V2, P), (cx + 256, 500, 76, 60, P2, "#fff")]:
        b.append(f'<rect x="{x-wd/2}" y="{y}" width="{wd}" height="{ht}" rx="6" fill="{c}"/>'
                 f'<rect x="{x-wd/2}" y="{y}" width="{wd}" height="{ht*.22:.0f}" rx="6" fill="#fff" opacity=".18"/>'
                 f'<rect x="{x-6}" y="{y}" width="12" height="{ht}" fill="{rb}"/>'
                 f'<path d="M{x} {y}C{x-30} {y-30} {x-40} {y-6} {x} {y}C{x+30} {y-30} {x+40} {y-6} {x} {y}Z" fill="none" stroke="{rb}" stroke-width="6"/>')
    # snowflakes
    r = random.Random(14)
    for _ in range(70):
        x, y = r.uniform(0, w), r.uniform(0, 540)
        b.append(f'<circle cx="{x:.0f}" cy="{y:.0f}" r="{r.uniform(1.5, 4):.1f}" fill="#fff" opacity="{r.uniform(.35, .85):.2f}"/>')
    for (x, y, s) in [(170, 260, 22), (1040, 300, 26), (900, 110, 16), (300, 90, 14), (1110, 470, 18), (90, 430, 16)]:
        arms = "".join(f'<path d="M0 0L0 {-s}M0 {-s*.6}l{-s*.22} {-s*.22}M0 {-s*.6}l{s*.22} {-s*.22}" transform="rotate({k*60})"/>' for k in range(6))
        b.append(f'<g transform="translate({x} {y})" stroke="#fff" stroke-opacity=".8" stroke-width="2.4" stroke-linecap="round" fill="none">{arms}</g>')
    b.append(chip(60, 52, "HOLIDAY EVENT", size=20))
    return svg(w, h, "".join(b), "".join(d))


CROWN = ["j......j......j",
         "#......#......#",
         "##....###....##",
         "###..#####..###",
         "####.#####.####",
         "###############",
         "##o###v#p###o##",
         "###############",
         "...............",
         "###############"]


def img_pixel_crown():
    w, h = 1200, 630
    px = 30
    cw, ch = len(CROWN[0]) * px, len(CROWN) * px
    ox, oy = (w - cw) / 2, 96
    d = [f'<linearGradient id="cg" gradientUnits="userSpaceOnUse" x1="{ox}" y1="{oy}" x2="{ox+cw}" y2="{oy+ch}">'
         f'<stop offset="0" stop-color="#fff1c9"/><stop offset=".4" stop-color="#ffc55c"/><stop offset=".75" stop-color="#f29a2e"/><stop offset="1" stop-color="#c46a18"/></linearGradient>',
         lin("rib", [(0, "#ff8cc6"), (1, "#d8348a")]), lin("ribd", [(0, "#a9246b"), (1, "#7a1850")])]
    b = [backdrop(w, h, 111, [(600, 260, 320, V, .5), (260, 160, 220, P, .32), (960, 170, 220, A, .3)], stars=80, sparkles=3)]
    b.append(f'<circle cx="600" cy="250" r="230" fill="{A}" opacity=".2" filter="url(#b40)"/>')
    # rays
    for k in range(16):
        a = math.radians(k * 22.5 + 5)
        b.append(f'<path d="M600 260L{600+700*math.cos(a-.05):.0f} {260+700*math.sin(a-.05):.0f}L{600+700*math.cos(a+.05):.0f} {260+700*math.sin(a+.05):.0f}Z" fill="#fff" opacity=".035"/>')
    # pixel confetti (behind the crown)
    r = random.Random(21)
    for _ in range(26):
        sz = r.choice([6, 8, 10, 12])
        b.append(f'<rect x="{r.uniform(60, 1140):.0f}" y="{r.uniform(30, 590):.0f}" width="{sz}" height="{sz}" fill="{r.choice([A2, P2, V2, "#fff"])}" opacity="{r.uniform(.35, .85):.2f}"/>')
    # laurel wreath: two arcs of leaves around the crown
    lcx, lcy, lrx, lry = 600, 300, 320, 250
    for side in (-1, 1):
        leaves = [f'<path d="M{lcx + side*lrx*math.cos(math.radians(75)):.0f} {lcy + lry*math.sin(math.radians(75)):.0f}'
                  f'A{lrx} {lry} 0 0 {1 if side < 0 else 0} {lcx + side*lrx*math.cos(math.radians(-28)):.0f} {lcy + lry*math.sin(math.radians(-28)):.0f}" '
                  f'stroke="{V2}" stroke-width="4" fill="none"/>']
        for k in range(11):
            th = math.radians(75 - k * 10)            # 75deg (bottom) .. -25deg (upper side)
            x, y = lcx + side * lrx * math.cos(th), lcy + lry * math.sin(th)
            tx, ty = side * math.sin(th) * lrx, -math.cos(th) * lry    # tangent pointing "up" the branch
            tang = math.degrees(math.atan2(ty, tx))
            for off in (-1, 1):
                rot = tang + off * 32
                lx, ly = x + 22 * math.cos(math.radians(rot)), y + 22 * math.sin(math.radians(rot))
                leaves.append(f'<ellipse cx="{lx:.1f}" cy="{ly:.1f}" rx="24" ry="9" transform="rotate({rot:.1f} {lx:.1f} {ly:.1f})"/>')
        b.append(f'<g fill="{V2}" opacity=".55">{"".join(leaves)}</g>')
    cells = []
    for j, row in enumerate(CROWN):
        for i, ch_ in enumerate(row):
            if ch_ == ".":
                continue
            x, y = ox + i * px, oy + j * px
            fill = {"#": "url(#cg)", "o": P, "v": V, "p": "#ff6ab4", "j": P}[ch_]
            cells.append(f'<rect x="{x}" y="{y}" width="{px}" height="{px}" fill="{fill}"/>')
            if ch_ != "#":
                cells.append(f'<rect x="{x+5}" y="{y+5}" width="9" height="9" fill="#fff" opacity=".6"/>')
    b.append(f'<g filter="url(#drop)">{"".join(cells)}</g>')
    # pixel bevel highlights
    b.append(f'<g fill="#fff" opacity=".35"><rect x="{ox}" y="{oy+5*px}" width="{cw}" height="5"/><rect x="{ox}" y="{oy+9*px}" width="{cw}" height="5"/></g>')
    # ribbon
    ry = oy + ch + 34
    b.append(f'<path d="M{600-300} {ry+10}H{600-230}V{ry+70}H{600-300}L{600-276} {ry+40}Z" fill="url(#ribd)"/>'
             f'<path d="M{600+300} {ry+10}H{600+230}V{ry+70}H{600+300}L{600+276} {ry+40}Z" fill="url(#ribd)"/>'
             f'<rect x="{600-240}" y="{ry}" width="480" height="62" rx="6" fill="url(#rib)"/>'
             f'<text x="600" y="{ry+43}" font-size="32" font-weight="800" fill="#fff" text-anchor="middle" letter-spacing=".3em">NOMINEE</text>')
    return svg(w, h, "".join(b), "".join(d))


def img_vip():
    w, h = 1200, 630
    d = [lin("card", [(0, "#2a1b5c"), (.55, "#170f36"), (1, "#2b1240")], 0, 0, 1, 1),
         lin("vip", [(0, "#c9bcff"), (.45, P2), (1, A)], 0, 0, 1, 0),
         lin("shine", [(0, "#fff", 0), (.5, "#fff", .18), (1, "#fff", 0)], 0, 0, 1, 0)]
    b = [backdrop(w, h, 121, [(600, 300, 330, V, .5), (250, 180, 230, P, .32), (960, 480, 240, A, .25)], stars=80, sparkles=8)]
    for k in range(12):
        a = math.radians(k * 30 + 8)
        b.append(f'<path d="M600 315L{600+760*math.cos(a-.06):.0f} {315+760*math.sin(a-.06):.0f}L{600+760*math.cos(a+.06):.0f} {315+760*math.sin(a+.06):.0f}Z" fill="#fff" opacity=".03"/>')
    gems = [(200, 170, 40, P2, P, -12), (1010, 150, 46, "#c9bcff", V, 14), (1060, 420, 34, A2, A, -8), (150, 440, 30, "#c9bcff", V, 10),
            (300, 320, 22, A2, A, 20), (880, 530, 24, P2, P, -18)]
    for i, (x, y, s, c1, c2, rot) in enumerate(gems):
        dd, gg = gem(x, y, s, c1, c2, f"vg{i}", rot)
        d.append(dd)
        b.append(f'<circle cx="{x}" cy="{y}" r="{s*1.4}" fill="{c2}" opacity=".3" filter="url(#b14)"/>' + gg)
    g = [f'<rect x="-270" y="-165" width="540" height="330" rx="30" fill="url(#card)"/>',
         f'<rect x="-270" y="-165" width="540" height="330" rx="30" fill="none" stroke="url(#kw)" stroke-width="4"/>',
         f'<clipPath id="cardc"><rect x="-270" y="-165" width="540" height="330" rx="30"/></clipPath>',
         f'<g clip-path="url(#cardc)"><path d="M-60 -200L60 -200L-80 200L-200 200Z" fill="url(#shine)"/>'
         f'<circle cx="240" cy="-150" r="160" fill="{P}" opacity=".22" filter="url(#b40)"/></g>',
         f'<use href="#mark" x="-230" y="-132" width="54" height="54" fill="url(#kw)"/>',
         f'<text x="-164" y="-94" font-size="20" font-weight="700" fill="#fff" letter-spacing=".22em">DONATION PLAZA</text>',
         f'<rect x="-230" y="-36" width="64" height="48" rx="9" fill="url(#gold)"/>'
         f'<path d="M-230 -12H-166M-198 -36V12M-214 -36V-12M-182 -12V12" stroke="#8a5410" stroke-opacity=".55" stroke-width="2" fill="none"/>',
         f'<text x="-140" y="30" font-size="112" font-weight="800" fill="url(#vip)" letter-spacing=".06em">VIP</text>',
         f'<text x="-230" y="122" font-size="18" font-weight="600" fill="#b7acd9" letter-spacing=".26em">MEMBER</text>',
         f'<text x="230" y="122" font-size="26" font-weight="800" fill="#fff" text-anchor="end">$2.99<tspan font-size="17" font-weight="600" fill="#b7acd9"> / month</tspan></text>']
    b.append(f'<g transform="translate(600 320) rotate(-6)" filter="url(#drop)">{"".join(g)}</g>')
    return svg(w, h, "".join(b), "".join(d))


# --------------------------------------------------------------------------------------------
# In-body images (960 x 540)
# --------------------------------------------------------------------------------------------

def img_golf_cart_colors():
    w, h = 960, 540
    defs = []
    b = [backdrop(w, h, 131, [(160, 160, 220, V, .45), (480, 140, 200, P, .3), (800, 160, 220, A, .28)], horizon=400, sparkles=4)]
    for i, (x, body, hi, seat, name) in enumerate([(170, V, V2, P, "VIOLET"), (480, P, P2, A, "ROSE"), (790, "#f29a2e", A2, V, "SUNSET")]):
        dd, cart = golf_cart(body=body, body_hi=hi, seat=seat, ids=f"c{i}")
        defs.append(dd)
        b.append(f'<g transform="translate({x} 430) scale(.5)">{cart}</g>')
        b.append(chip(x - 70, 462, name, size=16, w=140))
    return svg(w, h, "".join(b), "".join(defs))


def img_crane_prizes():
    w, h = 960, 540
    d = [lin("shelf", [(0, "#4a35b8"), (1, "#21175a")]), lin("dome", [(0, "#fff", .38), (1, "#fff", .06)], 0, 0, 1, 1)]
    b = [backdrop(w, h, 141, [(200, 200, 220, V, .45), (760, 200, 220, P, .35), (480, 480, 220, A, .22)], stars=50, sparkles=4)]
    b.append(f'<rect x="60" y="380" width="840" height="26" rx="8" fill="url(#shelf)"/><rect x="60" y="380" width="840" height="6" rx="3" fill="#8c78ff"/>')
    b.append(f'<ellipse cx="480" cy="420" rx="420" ry="20" fill="url(#shadow)"/>')
    r = random.Random(3)
    for i, x in enumerate([150, 315, 480, 645, 810]):
        c = [P, V, A, P2, V2][i]
        cr = 74 if i != 2 else 90
        cy = 380 - cr
        d.append(rad(f"cap{i}", [(0, "#ffffff"), (.3, c), (1, c)], cx=.35, cy=.3, r=.9))
        b.append(f'<circle cx="{x}" cy="{cy}" r="{cr+30}" fill="{c}" opacity=".25" filter="url(#b14)"/>')
        b.append(f'<path d="M{x-cr} {cy}A{cr} {cr} 0 0 0 {x+cr} {cy}Z" fill="url(#cap{i})"/>')
        b.append(f'<path d="M{x-cr} {cy}A{cr} {cr} 0 0 1 {x+cr} {cy}Z" fill="#1a1238" opacity=".55"/>')
        # critter peeking
        s = cr * .52
        b.append(f'<circle cx="{x}" cy="{cy+4}" r="{s}" fill="{[A2, P2, P, V2, A][i]}"/>'
                 f'<circle cx="{x-s*.36:.0f}" cy="{cy-s*.1:.0f}" r="{s*.13:.1f}" fill="{INK}"/><circle cx="{x+s*.36:.0f}" cy="{cy-s*.1:.0f}" r="{s*.13:.1f}" fill="{INK}"/>'
                 f'<circle cx="{x-s*.32:.0f}" cy="{cy-s*.16:.0f}" r="{s*.05:.1f}" fill="#fff"/><circle cx="{x+s*.4:.0f}" cy="{cy-s*.16:.0f}" r="{s*.05:.1f}" fill="#fff"/>'
                 f'<path d="M{x-s*.15:.0f} {cy+s*.2:.0f}q{s*.15:.0f} {s*.15:.0f} {s*.3:.0f} 0" stroke="{INK}" stroke-width="3" fill="none" stroke-linecap="round"/>')
        b.append(f'<path d="M{x-cr} {cy}A{cr} {cr} 0 0 1 {x+cr} {cy}Z" fill="url(#dome)"/>'
                 f'<rect x="{x-cr}" y="{cy-4}" width="{2*cr}" height="8" rx="4" fill="#fff" opacity=".5"/>'
                 f'<ellipse cx="{x-cr*.45:.0f}" cy="{cy-cr*.55:.0f}" rx="{cr*.22:.0f}" ry="{cr*.1:.0f}" transform="rotate(-40 {x-cr*.45:.0f} {cy-cr*.55:.0f})" fill="#fff" opacity=".6"/>')
    b.append(chip(380, 450, "PRIZE DROP", size=18, w=200))
    return svg(w, h, "".join(b), "".join(d))


def img_button_bean_booth():
    w, h = 960, 540
    d1, btn = button_char("bt2", wave=True)
    d2, bean = bean_char("bn2")
    d = [d1, d2, lin("counter", [(0, "#6a52e0"), (1, "#3a2a95")]), lin("post", [(0, "#f4f0ff"), (1, "#bfb3ea")], 0, 0, 1, 0)]
    b = [backdrop(w, h, 151, [(480, 260, 280, V, .45), (160, 160, 180, A, .3), (800, 160, 200, P, .32)], horizon=440, sparkles=5)]
    x0, x1 = 190, 770
    # posts
    b.append(f'<rect x="{x0+10}" y="150" width="18" height="290" fill="url(#post)"/><rect x="{x1-28}" y="150" width="18" height="290" fill="url(#post)"/>')
    # back wall
    b.append(f'<rect x="{x0+28}" y="170" width="{x1-x0-56}" height="200" fill="#1a1238"/>')
    for i in range(12):
        b.append(heart(x0 + 70 + (i % 6) * 85, 210 + (i // 6) * 60 + (i % 2) * 14, 11, [P, A, V2][i % 3], .35))
    # characters behind the counter
    b.append(f'<g transform="translate(385 372) scale(.5)">{btn}</g><g transform="translate(585 372) scale(.5)">{bean}</g>')
    # counter
    b.append(f'<rect x="{x0}" y="340" width="{x1-x0}" height="100" rx="10" fill="url(#counter)"/>'
             f'<rect x="{x0-10}" y="330" width="{x1-x0+20}" height="16" rx="8" fill="#a896ff"/>'
             f'<image href="{pub("partners/button-and-bean.svg")}" x="{(x0+x1)/2-120}" y="352" width="240" height="80"/>')
    # striped awning
    n = 10
    sw = (x1 - x0 + 40) / n
    stripes = []
    for i in range(n):
        xx = x0 - 20 + i * sw
        c = A if i % 2 == 0 else "#fff4e6"
        stripes.append(f'<path d="M{xx:.0f} 110H{xx+sw:.0f}V160A{sw/2:.0f} {sw/2.6:.0f} 0 0 1 {xx:.0f} 160Z" fill="{c}"/>')
    b.append("".join(stripes))
    b.append(f'<rect x="{x0-30}" y="92" width="{x1-x0+60}" height="24" rx="12" fill="{P}"/>')
    b.append(confetti(33, 30, (0, 0, w, 100), op=(.4, .8)))
    return svg(w, h, "".join(b), "".join(d))


def img_milestone_rewards():
    w, h = 960, 540
    d = [lin("pedestal", [(0, "#3a2a7a"), (1, "#1a1238")]),
         lin("wing", [(0, "#ffffff"), (.35, "#c9bcff"), (.7, P2), (1, A2)], 0, 0, 0, 1),
         lin("lantern", [(0, "#fff1c9"), (1, A)]),
         rad("flame", [(0, "#fff6dd"), (.4, A), (1, P)], cy=.65, r=.6)]
    b = [backdrop(w, h, 161, [(250, 220, 220, A, .3), (700, 220, 240, V, .45), (480, 480, 220, P, .25)], horizon=420, sparkles=6)]
    for x, label, item in [(260, "1 MILLION", "KINDLE LANTERN"), (700, "10 MILLION", "AURORA WINGS")]:
        b.append(f'<ellipse cx="{x}" cy="430" rx="150" ry="18" fill="url(#shadow)"/>'
                 f'<path d="M{x-110} 360H{x+110}V420C{x+110} 432 {x-110} 432 {x-110} 420Z" fill="url(#pedestal)"/>'
                 f'<ellipse cx="{x}" cy="360" rx="110" ry="14" fill="#4d3a9e"/>'
                 f'<ellipse cx="{x}" cy="360" rx="96" ry="9" fill="url(#kwh)" opacity=".6"/>'
                 f'<text x="{x}" y="402" font-size="22" font-weight="800" fill="#fff" text-anchor="middle" letter-spacing=".12em">{label}</text>')
        b.append(chip(x - 110, 452, item, size=16, w=220))
    # Kindle Lantern (1M)
    x = 260
    b.append(f'<circle cx="{x}" cy="240" r="120" fill="{A}" opacity=".3" filter="url(#b40)"/>'
             f'<path d="M{x} 110V130" stroke="#d9d2f2" stroke-width="4"/><circle cx="{x}" cy="104" r="10" fill="none" stroke="#d9d2f2" stroke-width="4"/>'
             f'<path d="M{x-50} 140H{x+50}L{x+40} 160H{x-40}Z" fill="url(#gold)"/>'
             f'<rect x="{x-46}" y="160" width="92" height="150" rx="20" fill="#fff3d6" opacity=".16" stroke="url(#gold)" stroke-width="6"/>'
             f'<path d="M{x} 182C{x+30} 220 {x+30} 262 {x} 290C{x-30} 262 {x-30} 220 {x} 182Z" fill="url(#flame)"/>'
             f'<path d="M{x} 230C{x+12} 248 {x+12} 268 {x} 282C{x-12} 268 {x-12} 248 {x} 230Z" fill="#fff6dd"/>'
             f'<path d="M{x-50} 310H{x+50}L{x+56} 334H{x-56}Z" fill="url(#gold)"/>')
    # Aurora Wings (10M): a fan of feathers under a rounded covert, mirrored
    x = 700
    feathers = []
    for k in range(7):
        t = k / 6
        ax, ay = -190 + 170 * t, -96 + 70 * t * t            # attach point along the top edge, tip -> root
        ln = 130 - 70 * t
        ang = 100 + 20 * (1 - t)                              # hang down and slightly outwards
        ex, ey = ax + ln * math.cos(math.radians(ang)), ay + ln * math.sin(math.radians(ang))
        mx, my = (ax + ex) / 2, (ay + ey) / 2
        feathers.append(f'<ellipse cx="{mx:.1f}" cy="{my:.1f}" rx="{ln/2:.1f}" ry="17" transform="rotate({ang:.1f} {mx:.1f} {my:.1f})" '
                        f'fill="url(#wing)" stroke="#fff" stroke-opacity=".45" stroke-width="2"/>')
    covert = ('<path d="M0 -6C-30 -40 -90 -110 -196 -108C-214 -106 -216 -88 -200 -80C-150 -60 -80 -40 -20 16Z" '
              'fill="url(#wing)" stroke="#fff" stroke-opacity=".6" stroke-width="2"/>')
    one = "".join(feathers) + covert
    b.append(f'<circle cx="{x}" cy="230" r="140" fill="{P}" opacity=".3" filter="url(#b40)"/>')
    b.append(f'<g transform="translate({x} 232) scale(.84)"><g>{one}</g><g transform="scale(-1 1)">{one}</g>'
             f'<circle cx="0" cy="0" r="16" fill="url(#gold)"/><circle cx="-5" cy="-5" r="5" fill="#fff" opacity=".7"/></g>')
    for sx, sy, s in [(620, 140, 10), (790, 120, 14), (200, 130, 9), (330, 170, 12)]:
        b.append(sparkle(sx, sy, s, "#fff", .9))
    return svg(w, h, "".join(b), "".join(d))



# --------------------------------------------------------------------------------------------
# Teaser clip for The Paper Comets concert (1280 x 720, 24 fps, 7 s), rendered frame by frame
# --------------------------------------------------------------------------------------------

TEASER_FPS, TEASER_SECONDS = 24, 7


def _ease(t0, t1, t):
    x = min(max((t - t0) / (t1 - t0), 0.0), 1.0)
    return x * x * (3 - 2 * x)


def _bez(p, u):
    (x0, y0), (x1, y1), (x2, y2), (x3, y3) = p
    a, b_, c, d = (1 - u) ** 3, 3 * u * (1 - u) ** 2, 3 * u * u * (1 - u), u ** 3
    return a * x0 + b_ * x1 + c * x2 + d * x3, a * y0 + b_ * y1 + c * y2 + d * y3


def teaser_frame(t):
    w, h = 1280, 720
    d = [lin("tb0", [(0, V, .75), (.6, V, .16), (1, V, 0)]), lin("tb1", [(0, P, .75), (.6, P, .16), (1, P, 0)]),
         lin("tb2", [(0, A, .7), (.6, A, .14), (1, A, 0)])]
    ph = 2 * math.pi * t / TEASER_SECONDS
    b = [backdrop(w, h, 171, [(260 + 40 * math.sin(ph), 220, 300, V, .5), (1040 - 40 * math.sin(ph), 200, 280, P, .38),
                              (640, 700, 320, A, .22), (640, 380, 280, V, .28)], stars=90, sparkles=6)]
    # sweeping stage beams from below
    beams = []
    for i, (bx, base, amp, phase) in enumerate([(160, 14, 10, 0), (470, 6, 9, 1.7), (810, -6, 9, 3.1), (1120, -14, 10, 4.4)]):
        a = math.radians(base + amp * math.sin(ph + phase))
        L, sp = 900, math.radians(4.5)
        x1, y1 = bx + L * math.sin(a - sp), h + 10 - L * math.cos(a - sp)
        x2, y2 = bx + L * math.sin(a + sp), h + 10 - L * math.cos(a + sp)
        beams.append(f'<path d="M{bx} {h+10}L{x1:.1f} {y1:.1f}L{x2:.1f} {y2:.1f}Z" fill="url(#tb{i%3})" opacity=".55"/>')
    d.append('<linearGradient id="tbx" x1="0" y1="1" x2="0" y2="0"><stop offset="0" stop-color="#fff" stop-opacity="1"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></linearGradient>')
    b.append(f'<g filter="url(#b6)">{"".join(beams).replace("url(#tb0)", "url(#tbv)").replace("url(#tb1)", "url(#tbp)").replace("url(#tb2)", "url(#tba)")}</g>')
    for n, c in (("tbv", V), ("tbp", P), ("tba", A)):
        d.append(f'<linearGradient id="{n}" x1="0" y1="1" x2="0" y2="0"><stop offset="0" stop-color="{c}" stop-opacity=".8"/>'
                 f'<stop offset=".55" stop-color="{c}" stop-opacity=".18"/><stop offset="1" stop-color="{c}" stop-opacity="0"/></linearGradient>')
    b.append(f'<ellipse cx="640" cy="735" rx="520" ry="90" fill="{P}" opacity=".35" filter="url(#b40)"/>')
    # falling confetti (wraps around vertically)
    r = random.Random(5)
    conf = []
    for _ in range(70):
        x0, y0, sp, c, rot0, rs = r.uniform(0, w), r.uniform(0, h), r.uniform(40, 90), r.choice(PAL), r.uniform(0, 180), r.uniform(-90, 90)
        y = (y0 + sp * t) % (h + 40) - 20
        x = x0 + 14 * math.sin(ph * 2 + x0)
        conf.append(f'<rect x="-5" y="-2.5" width="10" height="5" rx="1" fill="{c}" opacity=".75" transform="translate({x:.1f} {y:.1f}) rotate({rot0 + rs*t:.0f})"/>')
    b.append("".join(conf))
    # the comet: flies across once, leaving a fading trail
    path = ((-160, 640), (360, 60), (860, 640), (1460, 150))
    u_of = lambda tt: _ease(0.15, 2.7, tt)
    u = u_of(t)
    if 0 < u < 1 or t < 3.4:
        trail = []
        steps = 26
        for k in range(steps):
            ta, tb = t - 0.7 * (k + 1) / steps, t - 0.7 * k / steps
            (xa, ya), (xb, yb) = _bez(path, u_of(ta)), _bez(path, u_of(tb))
            fade = (1 - k / steps) * (1 - _ease(2.7, 3.4, t))
            for off, c, wd in ((-8, V2, 4), (0, P, 9), (8, A, 5)):
                trail.append(f'<path d="M{xa:.1f} {ya+off:.1f}L{xb:.1f} {yb+off:.1f}" stroke="{c}" stroke-width="{wd*(1-k/steps*.6):.1f}" '
                             f'stroke-linecap="round" opacity="{.85*fade:.2f}"/>')
        b.append(f'<g>{"".join(trail)}</g>')
        if 0 < u < 1:
            x, y = _bez(path, u)
            x2, y2 = _bez(path, min(u + .01, 1))
            ang = math.degrees(math.atan2(y2 - y, x2 - x))
            b.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="46" fill="#fff" opacity=".25" filter="url(#b14)"/>'
                     f'<g transform="translate({x:.1f} {y:.1f}) rotate({ang:.1f}) scale(1.15)">'
                     '<path fill="#ffffff" d="M60 0L-42 -36L-18 0Z"/><path fill="#ffffff" fill-opacity=".7" d="M60 0L-18 0L-42 36Z"/>'
                     '<path fill="#ffffff" fill-opacity=".45" d="M60 0L-18 0L-9 24Z"/></g>')
    # title card
    a1 = _ease(1.7, 2.7, t)
    if a1 > 0:
        sc = 3.3 * (.94 + .06 * a1)
        b.append(f'<circle cx="640" cy="300" r="260" fill="{V}" opacity="{.35*a1:.2f}" filter="url(#b40)"/>')
        b.append(f'<g opacity="{a1:.3f}" transform="translate(640 300) scale({sc:.4f}) translate(-120 -40)">'
                 f'<image href="{pub("partners/paper-comets.svg")}" width="240" height="80"/></g>')
    a2 = _ease(2.6, 3.4, t)
    if a2 > 0:
        b.append(f'<g opacity="{a2:.3f}" transform="translate(0 {14*(1-a2):.1f})">'
                 f'<text x="645" y="478" font-size="36" font-weight="800" fill="url(#kwh)" text-anchor="middle" letter-spacing=".28em">LIVE IN DONATION PLAZA</text></g>')
    a3 = _ease(3.3, 4.1, t)
    if a3 > 0:
        b.append(f'<g opacity="{a3:.3f}">' + chip(640 - 190, 512, "MAIN STAGE · ONE NIGHT ONLY", size=19, w=380) + '</g>')
    a4 = _ease(4.2, 5.0, t)
    if a4 > 0:
        b.append(f'<g opacity="{a4:.3f}"><use href="#mark" x="540" y="640" width="34" height="34" fill="url(#kw)"/>'
                 f'<text x="584" y="665" font-size="20" font-weight="600" fill="#d9d2f2" letter-spacing=".06em">Kindlewave Studios</text></g>')
    # a soft glint sweeping across the title once it is in place
    g = _ease(4.6, 5.8, t)
    if 0 < g < 1:
        gx = -200 + 1700 * g
        d.append('<linearGradient id="glint" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#fff" stop-opacity="0"/>'
                 '<stop offset=".5" stop-color="#fff" stop-opacity=".16"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></linearGradient>')
        b.append(f'<rect x="{gx-120:.0f}" y="160" width="240" height="300" fill="url(#glint)" transform="skewX(-20)"/>')
    return svg(w, h, "".join(b), "".join(d))


def img_teaser_poster():
    return teaser_frame(6.0)


IMAGES = {
    "golf-cart": (1200, 630, img_golf_cart),
    "crane-booth": (1200, 630, img_crane_booth),
    "promotion-blimp": (1200, 630, img_blimp),
    "donor-trophies": (1200, 630, img_trophies),
    "button-and-bean": (1200, 630, img_button_bean),
    "tumbletop-plush": (1200, 630, img_plush_box),
    "paper-comets-concert": (1200, 630, img_concert),
    "charity-stream": (1200, 630, img_charity),
    "conference-party": (1200, 630, img_party),
    "holiday-event": (1200, 630, img_holiday),
    "pixel-crown-nomination": (1200, 630, img_pixel_crown),
    "vip-membership": (1200, 630, img_vip),
    "paper-comets-teaser-poster": (1280, 720, img_teaser_poster),
    "golf-cart-colors": (960, 540, img_golf_cart_colors),
    "crane-prizes": (960, 540, img_crane_prizes),
    "button-and-bean-booth": (960, 540, img_button_bean_booth),
    "milestone-rewards": (960, 540, img_milestone_rewards),
}


def main():
    if sys.argv[1:2] == ["--teaser"]:
        out = sys.argv[2]
        os.makedirs(out, exist_ok=True)
        for i in range(TEASER_FPS * TEASER_SECONDS):
            with open(os.path.join(out, f"f{i:04d}.svg"), "w") as f:
                f.write(teaser_frame(i / TEASER_FPS))
        return
    if sys.argv[1:] == ["--list"]:
        for k, (w, h, _) in IMAGES.items():
            print(k, w, h)
        return
    out = sys.argv[1]
    names = sys.argv[2:] or list(IMAGES)
    os.makedirs(out, exist_ok=True)
    for n in names:
        w, h, fn = IMAGES[n]
        with open(os.path.join(out, n + ".svg"), "w") as f:
            f.write(fn())


if __name__ == "__main__":
    main()
