#!/usr/bin/env python3
"""Generate scripts/assets/party-bg.svg — abstract party scene (stage beams, bokeh, confetti,
crowd silhouettes) in the Kindlewave palette. Deterministic (seeded)."""
import math
import os
import random

W, H = 1600, 1000
R = random.Random(20240611)
PAL = ["#7c5cff", "#ff4fa3", "#ffb547", "#9d84ff", "#ff7cc0", "#ffd08a"]
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "party-bg.svg")

p = []
p.append(f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}" width="{W}" height="{H}">')
p.append('''<defs>
<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
  <stop offset="0" stop-color="#07060d"/><stop offset="0.55" stop-color="#140d2a"/><stop offset="1" stop-color="#2a1240"/>
</linearGradient>
<radialGradient id="stage" cx="50%" cy="100%" r="60%">
  <stop offset="0" stop-color="#ff4fa3" stop-opacity=".55"/><stop offset=".45" stop-color="#7c5cff" stop-opacity=".25"/><stop offset="1" stop-color="#7c5cff" stop-opacity="0"/>
</radialGradient>
<radialGradient id="bok" cx="50%" cy="50%" r="50%">
  <stop offset="0" stop-color="#fff" stop-opacity=".55"/><stop offset=".75" stop-color="#fff" stop-opacity=".75"/><stop offset=".92" stop-color="#fff" stop-opacity="1"/><stop offset="1" stop-color="#fff" stop-opacity="0"/>
</radialGradient>
<filter id="b2" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="2"/></filter>
<filter id="b6" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="6"/></filter>
<filter id="b14" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="14"/></filter>
<filter id="b60" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="60"/></filter>
''')
# beam gradients (bright at source, fading out)
for i, c in enumerate(PAL[:3]):
    p.append(f'<linearGradient id="beam{i}" x1="0" y1="1" x2="0" y2="0">'
             f'<stop offset="0" stop-color="{c}" stop-opacity=".75"/><stop offset=".55" stop-color="{c}" stop-opacity=".18"/>'
             f'<stop offset="1" stop-color="{c}" stop-opacity="0"/></linearGradient>')
    p.append(f'<linearGradient id="tbeam{i}" x1="0" y1="0" x2="0" y2="1">'
             f'<stop offset="0" stop-color="{c}" stop-opacity=".6"/><stop offset=".6" stop-color="{c}" stop-opacity=".1"/>'
             f'<stop offset="1" stop-color="{c}" stop-opacity="0"/></linearGradient>')
p.append('</defs>')
p.append(f'<rect width="{W}" height="{H}" fill="url(#sky)"/>')
# big colour haze
for cx, cy, r, c, o in [(260, 260, 320, "#7c5cff", .35), (1340, 220, 300, "#ff4fa3", .28),
                        (820, 520, 380, "#7c5cff", .22), (1250, 760, 280, "#ffb547", .18), (300, 820, 260, "#ff4fa3", .22)]:
    p.append(f'<circle cx="{cx}" cy="{cy}" r="{r}" fill="{c}" opacity="{o}" filter="url(#b60)"/>')
p.append(f'<rect width="{W}" height="{H}" fill="url(#stage)"/>')

# stage beams from the floor (fanning) and from the rig at the top
p.append('<g style="mix-blend-mode:screen" filter="url(#b6)">')
sources = [(200, 1010), (560, 1010), (1040, 1010), (1400, 1010)]
for k, (sx, sy) in enumerate(sources):
    for j in range(2):
        ang = math.radians(R.uniform(-32, 32))
        length = R.uniform(900, 1150)
        spread = math.radians(R.uniform(3.5, 6))
        x1 = sx + length * math.sin(ang - spread); y1 = sy - length * math.cos(ang - spread)
        x2 = sx + length * math.sin(ang + spread); y2 = sy - length * math.cos(ang + spread)
        g = (k + j) % 3
        p.append(f'<path d="M{sx} {sy}L{x1:.0f} {y1:.0f}L{x2:.0f} {y2:.0f}Z" fill="url(#beam{g})" '
                 f'transform="rotate(0)" opacity=".8"/>')
for k, sx in enumerate([380, 800, 1220]):
    for j in range(2):
        ang = math.radians(R.uniform(-28, 28))
        length = R.uniform(700, 950)
        spread = math.radians(R.uniform(3, 5))
        x1 = sx + length * math.sin(ang - spread); y1 = length * math.cos(ang - spread)
        x2 = sx + length * math.sin(ang + spread); y2 = length * math.cos(ang + spread)
        p.append(f'<path d="M{sx} -10L{x1:.0f} {y1:.0f}L{x2:.0f} {y2:.0f}Z" fill="url(#tbeam{(k+j+1)%3})" opacity=".7"/>')
p.append('</g>')
# rig lamps
for sx in [380, 800, 1220]:
    p.append(f'<circle cx="{sx}" cy="4" r="26" fill="#fff" opacity=".5" filter="url(#b14)"/>')
    p.append(f'<circle cx="{sx}" cy="4" r="8" fill="#fff" opacity=".9" filter="url(#b2)"/>')

# bokeh discs (background, blurred) then sharper mid-ground ones
p.append('<g style="mix-blend-mode:screen">')
for layer, (n, rmin, rmax, blur, omin, omax) in enumerate([(46, 40, 120, "b14", .10, .28), (60, 10, 46, "b2", .2, .55)]):
    for _ in range(n):
        x = R.uniform(-40, W + 40); y = R.uniform(-20, H * 0.78)
        r = R.uniform(rmin, rmax)
        c = R.choice(PAL)
        o = R.uniform(omin, omax)
        p.append(f'<g opacity="{o:.2f}" filter="url(#{blur})"><circle cx="{x:.0f}" cy="{y:.0f}" r="{r:.0f}" fill="{c}"/>'
                 f'<circle cx="{x:.0f}" cy="{y:.0f}" r="{r:.0f}" fill="url(#bok)" opacity=".35"/></g>')
p.append('</g>')

# string lights: two sagging wires with glowing bulbs
for (x0, y0, x1, y1, sag) in [(-20, 120, 1620, 60, 170), (-20, 40, 1620, 200, 120)]:
    pts = []
    for i in range(33):
        t = i / 32
        x = x0 + (x1 - x0) * t
        y = y0 + (y1 - y0) * t + sag * math.sin(math.pi * t)
        pts.append((x, y))
    d = "M" + "L".join(f"{x:.0f} {y:.0f}" for x, y in pts)
    p.append(f'<path d="{d}" fill="none" stroke="#000" stroke-opacity=".5" stroke-width="2"/>')
    for i, (x, y) in enumerate(pts[1:-1]):
        c = PAL[i % 3]
        p.append(f'<circle cx="{x:.0f}" cy="{y+8:.0f}" r="16" fill="{c}" opacity=".45" filter="url(#b6)"/>'
                 f'<circle cx="{x:.0f}" cy="{y+8:.0f}" r="4.5" fill="#fff" opacity=".9"/>')

# confetti
p.append('<g>')
for _ in range(230):
    x = R.uniform(0, W); y = R.uniform(0, H * 0.9)
    c = R.choice(PAL + ["#ffffff"])
    rot = R.uniform(0, 180)
    kind = R.random()
    depth = R.random()
    blur = ' filter="url(#b2)"' if depth < 0.35 else (' filter="url(#b6)"' if depth < 0.45 else "")
    s = 0.7 + depth * 1.1
    o = 0.55 + 0.45 * depth
    if kind < 0.55:
        p.append(f'<rect x="{-5*s:.1f}" y="{-2.5*s:.1f}" width="{10*s:.1f}" height="{5*s:.1f}" rx="1" fill="{c}" opacity="{o:.2f}" '
                 f'transform="translate({x:.0f} {y:.0f}) rotate({rot:.0f}) skewX({R.uniform(-30,30):.0f})"{blur}/>')
    elif kind < 0.8:
        p.append(f'<circle cx="{x:.0f}" cy="{y:.0f}" r="{3*s:.1f}" fill="{c}" opacity="{o:.2f}"{blur}/>')
    else:
        p.append(f'<path d="M{-10*s:.1f} 0q{5*s:.1f} {-6*s:.1f} {10*s:.1f} 0t{10*s:.1f} 0" fill="none" stroke="{c}" stroke-width="{2.2*s:.1f}" '
                 f'stroke-linecap="round" opacity="{o:.2f}" transform="translate({x:.0f} {y:.0f}) rotate({rot:.0f})"{blur}/>')
p.append('</g>')

# crowd silhouettes along the bottom (two rows: heads, necks, shoulders, some raised arms)
def person(cx, top, w, arm_p):
    r = w * 0.2
    hy = top + r
    sh = hy + r * 1.45          # shoulder line
    out = [f'<ellipse cx="{cx:.0f}" cy="{hy:.0f}" rx="{r*0.92:.1f}" ry="{r*1.08:.1f}"/>',
           f'<path d="M{cx-w/2:.0f} {H+5}L{cx-w/2:.0f} {sh+r*1.2:.0f}C{cx-w/2:.0f} {sh:.0f} {cx-w*0.36:.0f} {sh-r*0.25:.0f} {cx-r*0.5:.0f} {sh-r*0.35:.0f}'
           f'L{cx-r*0.42:.0f} {hy+r*0.7:.0f}L{cx+r*0.42:.0f} {hy+r*0.7:.0f}L{cx+r*0.5:.0f} {sh-r*0.35:.0f}'
           f'C{cx+w*0.36:.0f} {sh-r*0.25:.0f} {cx+w/2:.0f} {sh:.0f} {cx+w/2:.0f} {sh+r*1.2:.0f}L{cx+w/2:.0f} {H+5}Z"/>']
    if R.random() < arm_p:
        side = R.choice([-1, 1])
        bx, by = cx + side * w * 0.36, sh + r * 0.2          # shoulder joint
        L = w * R.uniform(1.5, 2.0)
        ang = math.radians(side * R.uniform(6, 28))
        ex, ey = bx + L * math.sin(ang), by - L * math.cos(ang)
        nx, ny = math.cos(ang), math.sin(ang)
        t0, t1 = w * 0.1, w * 0.06
        out.append(f'<path d="M{bx-nx*t0:.0f} {by-ny*t0:.0f}L{ex-nx*t1:.0f} {ey-ny*t1:.0f}L{ex+nx*t1:.0f} {ey+ny*t1:.0f}L{bx+nx*t0:.0f} {by+ny*t0:.0f}Z"/>')
        hx, hy2 = ex + w * 0.05 * math.sin(ang), ey - w * 0.05 * math.cos(ang)
        out.append(f'<ellipse cx="{hx:.0f}" cy="{hy2:.0f}" rx="{w*0.085:.1f}" ry="{w*0.11:.1f}" transform="rotate({math.degrees(ang):.0f} {hx:.0f} {hy2:.0f})"/>')
    return "".join(out)

for row, (fill, wmin, wmax, tmin, tmax, arm_p) in enumerate([("#0d0a18", 60, 80, 150, 185, 0.3), ("#050409", 85, 115, 100, 150, 0.28)]):
    parts = []
    x = R.uniform(-60, -20)
    while x < W + 60:
        w = R.uniform(wmin, wmax)
        parts.append(person(x + w / 2, H - R.uniform(tmin, tmax), w, arm_p))
        x += w * R.uniform(0.8, 1.05)
    p.append(f'<g fill="{fill}">{"".join(parts)}</g>')
# rim light on the crowd from the stage
p.append(f'<rect y="{H-240}" width="{W}" height="240" fill="url(#stage)" opacity=".35" style="mix-blend-mode:screen"/>')
p.append('</svg>')
open(OUT, "w").write("\n".join(p))
print("wrote", OUT)
