"""Generate the five (fictional) partner logos in public/partners/ — white, 240x80."""
import os
from textpath import text_path, glyphs, metrics

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
OUT = os.path.join(ROOT, "public", "partners")
W = "#ffffff"


def fit(text, max_w, **kw):
    """text_path whose width is <= max_w (shrinks size if needed). Returns d, width, size."""
    d, w = text_path(text, **kw)
    if w > max_w:
        kw = dict(kw, size=kw["size"] * max_w / w)
        if "tracking" in kw:
            kw["tracking"] *= max_w / w
        d, w = text_path(text, **kw)
    return d, w, kw["size"]


def svg(title, body, defs=""):
    d = f"<defs>{defs}</defs>" if defs else ""
    return ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 80" width="240" height="80" '
            f'role="img" aria-label="{title}"><title>{title}</title>{d}{body}</svg>\n')


# ---------------------------------------------------------------- Tumbletop Toys
def tumbletop():
    def block(x, y, s, inner):
        r = 3.5
        outer = (f"M{x+r} {y}H{x+s-r}A{r} {r} 0 0 1 {x+s} {y+r}V{y+s-r}A{r} {r} 0 0 1 {x+s-r} {y+s}"
                 f"H{x+r}A{r} {r} 0 0 1 {x} {y+s-r}V{y+r}A{r} {r} 0 0 1 {x+r} {y}Z")
        return outer + inner
    s = 22
    # bottom-left block: circle cut-out
    cx, cy = 8 + s / 2, 47 + s / 2
    b1 = block(8, 47, s, f"M{cx-6} {cy}a6 6 0 1 0 12 0a6 6 0 1 0 -12 0Z")
    # bottom-right block: triangle cut-out
    x2 = 33
    cx2 = x2 + s / 2
    b2 = block(x2, 47, s, f"M{cx2} {cy-6.5}L{cx2+6.5} {cy+5}H{cx2-6.5}Z")
    # top block (tilted): star cut-out
    import math
    tx, ty = 20.5, 23
    star = []
    for i in range(10):
        a = -math.pi / 2 + i * math.pi / 5
        rr = 7 if i % 2 == 0 else 3.2
        star.append((tx + s / 2 + rr * math.cos(a), ty + s / 2 + 0.6 + rr * math.sin(a)))
    sp = "M" + "L".join(f"{x:.2f} {y:.2f}" for x, y in star) + "Z"
    b3 = block(tx, ty, s, sp)
    icon = (f'<g fill="{W}" fill-rule="evenodd"><path d="{b1}"/><path d="{b2}"/>'
            f'<path d="{b3}" transform="rotate(-14 {tx+s/2} {ty+s/2})"/></g>')
    # bouncy wordmark
    gl, w = glyphs("Tumbletop", font="outfit", size=31, wght=800, tracking=-0.6)
    x0, base = 72, 46
    parts = []
    for i, (d, gx, adv, ch) in enumerate(gl):
        rot = (-4, 3, -2, 4, -3, 2, -4, 3, -2)[i]
        dy = (-1.5, 0.5, -0.5, 1, -1, 0.8, -1.2, 0.6, -0.4)[i]
        parts.append(f'<path transform="rotate({rot} {gx+adv/2:.2f} -10) translate(0 {dy})" d="{d}"/>')
    word = f'<g fill="{W}" transform="translate({x0} {base})">{"".join(parts)}</g>'
    td, tw, _ = fit("TOYS", 80, font="outfit", size=11, wght=700, tracking=6)
    # small pill-shaped tag with knocked-out "TOYS"
    px, py, ph = x0 + 1, 53, 17
    pw = tw + 20
    pill = (f'<mask id="tt-m"><rect x="{px}" y="{py}" width="{pw:.1f}" height="{ph}" rx="{ph/2}" fill="#fff"/>'
            f'<path fill="#000" transform="translate({px+10} {py+12.3})" d="{td}"/></mask>')
    tag = f'<rect x="{px}" y="{py}" width="{pw:.1f}" height="{ph}" rx="{ph/2}" fill="{W}" mask="url(#tt-m)"/>'
    return svg("Tumbletop Toys", icon + word + tag, pill)


# ------------------------------------------------------------- The Paper Comets
def paper_comets():
    # paper plane heading up-right, with a comet trail behind it
    plane = (f'<g transform="translate(36 34) rotate(-18)">'
             f'<path fill="{W}" d="M20 0L-14 -12L-6 0Z"/>'
             f'<path fill="{W}" fill-opacity=".62" d="M20 0L-6 0L-14 12Z"/>'
             f'<path fill="{W}" fill-opacity=".38" d="M20 0L-6 0L-3 8Z"/></g>')
    trail = (f'<g fill="none" stroke="{W}" stroke-linecap="round">'
             f'<path d="M21 38C14 44 10 52 9 62" stroke-width="3" stroke-opacity=".9"/>'
             f'<path d="M25 44C20 51 18 57 18 66" stroke-width="2.2" stroke-opacity=".6"/>'
             f'<path d="M17 34C10 38 6 43 3 49" stroke-width="1.6" stroke-opacity=".4"/></g>'
             f'<g fill="{W}"><circle cx="30" cy="60" r="1.6" fill-opacity=".7"/><circle cx="6" cy="32" r="1.2" fill-opacity=".5"/>'
             f'<path d="M52 54l1.2 3.3 3.3 1.2-3.3 1.2-1.2 3.3-1.2-3.3-3.3-1.2 3.3-1.2Z" fill-opacity=".85"/></g>')
    x0 = 70
    thed, thew, _ = fit("THE", 60, font="outfit", size=9.5, wght=500, tracking=5)
    size = 24.0
    for _ in range(3):
        pd, pw, ps = fit("PAPER", 200, font="outfit", size=size, wght=700, tracking=size * 0.09)
        cd, cw, cs = fit("COMETS", 200, font="outfit", size=size, wght=300, tracking=size * 0.09)
        total = pw + 8 + cw
        if total <= 152:
            break
        size *= 152 / total
    body = (f'<g fill="{W}" transform="skewX(-10)">'
            f'<g transform="translate({x0+8} 0)">'
            f'<path fill-opacity=".7" transform="translate(0 24)" d="{thed}"/>'
            f'<rect x="{thew+6:.1f}" y="19.5" width="{pw+cw+8-thew-6:.1f}" height="1.2" fill-opacity=".45"/>'
            f'<path transform="translate(0 50)" d="{pd}"/>'
            f'<path transform="translate({pw+8:.1f} 50)" d="{cd}"/></g></g>')
    return svg("The Paper Comets", plane + trail + body)


# ---------------------------------------------------------- Pixel Crown Awards
PIX = {
    "P": ["11110", "10001", "10001", "11110", "10000", "10000", "10000"],
    "I": ["111", "010", "010", "010", "010", "010", "111"],
    "X": ["10001", "10001", "01010", "00100", "01010", "10001", "10001"],
    "E": ["11111", "10000", "10000", "11110", "10000", "10000", "11111"],
    "L": ["10000", "10000", "10000", "10000", "10000", "10000", "11111"],
    "C": ["01111", "10000", "10000", "10000", "10000", "10000", "01111"],
    "R": ["11110", "10001", "10001", "11110", "10100", "10010", "10001"],
    "O": ["01110", "10001", "10001", "10001", "10001", "10001", "01110"],
    "W": ["10001", "10001", "10001", "10101", "10101", "10101", "01010"],
    "N": ["10001", "11001", "10101", "10011", "10001", "10001", "10001"],
    " ": ["00", "00", "00", "00", "00", "00", "00"],
}
CROWN = ["1....1....1",
         "11..111..11",
         "111.111.111",
         "11111111111",
         "11.11111.11",
         "11111111111",
         "...........",
         "11111111111"]


def runs(rows, x0, y0, px, on="1"):
    """Bitmap -> path of horizontal runs (tiny overlap avoids seams)."""
    out = []
    for r, row in enumerate(rows):
        c = 0
        while c < len(row):
            if row[c] == on:
                s = c
                while c < len(row) and row[c] == on:
                    c += 1
                x, y = x0 + s * px, y0 + r * px
                out.append(f"M{x:.2f} {y:.2f}h{(c-s)*px:.2f}v{px+0.05:.2f}h{-(c-s)*px:.2f}Z")
            else:
                c += 1
    return "".join(out)


def pixel_crown():
    px = 4.4
    icon = f'<path fill="{W}" d="{runs(CROWN, 8, 22, px)}"/>'
    # sparkles
    icon += (f'<g fill="{W}" fill-opacity=".55"><rect x="4" y="12" width="2.2" height="2.2"/>'
             f'<rect x="57" y="14" width="2.2" height="2.2"/><rect x="31" y="9" width="2.2" height="2.2" fill-opacity=".9"/></g>')
    text = "PIXEL CROWN"
    p = 2.55
    x = 72.0
    y = 20.0
    parts = []
    for ch in text:
        bm = PIX[ch]
        parts.append(runs(bm, x, y, p))
        x += (len(bm[0]) + 1) * p
    textw = x - p - 72
    word = f'<path fill="{W}" d="{"".join(parts)}"/>'
    ad, aw, _ = fit("AWARDS", textw, font="outfit", size=10.5, wght=600, tracking=7.5)
    # centre AWARDS under the pixel line, flanked by rules
    ax = 72 + (textw - aw) / 2
    rule_w = (aw and (ax - 72 - 6))
    sub = (f'<path fill="{W}" transform="translate({ax:.2f} 58.5)" d="{ad}"/>'
           f'<g fill="{W}" fill-opacity=".5"><rect x="72" y="53.6" width="{max(rule_w,0):.2f}" height="1.4"/>'
           f'<rect x="{ax+aw+6:.2f}" y="53.6" width="{max(rule_w,0):.2f}" height="1.4"/></g>')
    return svg("Pixel Crown Awards", icon + word + sub)


# --------------------------------------------------- Marrow & Light Foundation
def marrow_light():
    drop = "M30 10C30 10 13 31 13 44A17 17 0 0 0 47 44C47 31 30 10 30 10Z"
    heart = ("M30 57C30 57 20 50.5 20 44.2C20 40.6 22.7 38.3 25.5 38.3C27.6 38.3 29.2 39.5 30 41"
             "C30.8 39.5 32.4 38.3 34.5 38.3C37.3 38.3 40 40.6 40 44.2C40 50.5 30 57 30 57Z")
    icon = (f'<path d="{drop}" fill="none" stroke="{W}" stroke-width="2.6" stroke-linejoin="round"/>'
            f'<path d="{heart}" fill="{W}"/>'
            # light: a small four-point glint and rays at the upper right
            f'<path fill="{W}" d="M49 12l1.6 4.4 4.4 1.6-4.4 1.6-1.6 4.4-1.6-4.4-4.4-1.6 4.4-1.6Z"/>'
            f'<g stroke="{W}" stroke-width="1.6" stroke-linecap="round" stroke-opacity=".55">'
            f'<path d="M40 10.5l1.8-3.2M57.5 26l3.2-1.2M58.5 10l2.2-2.2"/></g>')
    x0 = 68
    md, mw, ms = fit("Marrow", 90, font="p052", size=25)
    amp, aw, _ = fit("&", 20, font="p052-italic", size=25)
    ld, lw, _ = fit("Light", 80, font="p052", size=25)
    gap = 5
    total = mw + gap + aw + gap + lw
    sc = min(1.0, 164 / total)
    base = 43
    word = (f'<g fill="{W}" transform="translate({x0} {base}) scale({sc:.4f})">'
            f'<path d="{md}"/><path fill-opacity=".7" transform="translate({mw+gap:.2f} 0)" d="{amp}"/>'
            f'<path transform="translate({mw+gap+aw+gap:.2f} 0)" d="{ld}"/></g>')
    fd, fw = text_path("FOUNDATION", font="outfit", size=9.5, wght=500, tracking=4.2)
    end = x0 + total * sc
    sub = (f'<path fill="{W}" fill-opacity=".78" transform="translate({x0+1} 56)" d="{fd}"/>'
           f'<rect x="{x0+1+fw+7:.2f}" y="51.6" width="{end-(x0+1+fw+7):.2f}" height="1.3" fill="{W}" fill-opacity=".45"/>')
    return svg("Marrow &amp; Light Foundation", icon + word + sub)


# --------------------------------------------------------------- Button & Bean
def button_bean():
    # Button: a round button-character (four holes as eyes + mouth); Bean: a tilted bean buddy.
    defs = ('<mask id="bb-m" maskUnits="userSpaceOnUse" x="0" y="0" width="240" height="80">'
            '<rect width="240" height="80" fill="#fff"/>'
            # Button face
            '<circle cx="23" cy="46" r="14.3" fill="none" stroke="#000" stroke-width="1.6" stroke-dasharray="2.2 2.4"/>'
            '<circle cx="18.2" cy="43" r="2.4" fill="#000"/><circle cx="27.8" cy="43" r="2.4" fill="#000"/>'
            '<path d="M18.5 50.5Q23 55 27.5 50.5" fill="none" stroke="#000" stroke-width="2.2" stroke-linecap="round"/>'
            # Bean face
            '<g transform="rotate(14 49 36)">'
            '<circle cx="45.3" cy="33" r="2.1" fill="#000"/><circle cx="53.3" cy="33" r="2.1" fill="#000"/>'
            '<path d="M46.5 39Q49.3 42 52.1 39" fill="none" stroke="#000" stroke-width="2" stroke-linecap="round"/></g>'
            # gap where Bean overlaps Button
            '<path d="M30.5 31C34 20 44 14.5 52 17C62 20 66 32 61 42C58.5 47 56 52 53 57C49 63.5 40 64 36 57C33 52 35 47 33.5 43C32 39.5 29 37 30.5 31Z" '
            'fill="none" stroke="#000" stroke-width="4.4"/>'
            '</mask>')
    button = '<circle cx="23" cy="46" r="19"/>'
    bean = ('<path d="M30.5 31C34 20 44 14.5 52 17C62 20 66 32 61 42C58.5 47 56 52 53 57C49 63.5 40 64 36 57'
            'C33 52 35 47 33.5 43C32 39.5 29 37 30.5 31Z"/>')
    # little shine marks
    shine = (f'<g fill="none" stroke="{W}" stroke-width="1.8" stroke-linecap="round" stroke-opacity=".6">'
             '<path d="M8 22l3 3M14 16.5l1 4M4 29l4 1"/></g>')
    icon = f'<g fill="{W}" mask="url(#bb-m)">{button}{bean}</g>' + shine
    x0 = 74
    bd, bw, _ = fit("button", 120, font="gothic-demi", size=30)
    ad, aw, _ = fit("&", 30, font="gothic-demi", size=22)
    nd, nw, _ = fit("bean", 120, font="gothic-demi", size=30)
    # "button" on first line, "& bean" indented on the second — stacked, friendly
    word = (f'<g fill="{W}">'
            f'<path transform="translate({x0} 38)" d="{bd}"/>'
            f'<path fill-opacity=".7" transform="translate({x0+30} 64)" d="{ad}"/>'
            f'<path transform="translate({x0+30+aw+6:.2f} 64)" d="{nd}"/></g>')
    # soften corners of the geometric letters with a round-joined outline
    word = word.replace(f'<g fill="{W}">', f'<g fill="{W}" stroke="{W}" stroke-width="1.1" stroke-linejoin="round">', 1)
    return svg("Button &amp; Bean", icon + word, defs)


if __name__ == "__main__":
    os.makedirs(OUT, exist_ok=True)
    for name, fn in [("tumbletop-toys", tumbletop), ("paper-comets", paper_comets),
                     ("pixel-crown-awards", pixel_crown), ("marrow-and-light", marrow_light),
                     ("button-and-bean", button_bean)]:
        open(os.path.join(OUT, name + ".svg"), "w").write(fn())
        print("wrote", name)
