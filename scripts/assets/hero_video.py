#!/usr/bin/env python3
"""Render the hero background loop (1280x720, 24 fps, 8 s) as raw rgb24 frames on stdout.

Soft palette light blobs drifting on Lissajous paths plus two faint flowing light ribbons.
Every time-dependent term uses an integer multiple of 2*pi*t/8, so frame 192 == frame 0
and the clip loops seamlessly.

  python3 hero_video.py | ffmpeg -f rawvideo -pix_fmt rgb24 -s 1280x720 -r 24 -i - ...
  python3 hero_video.py --frame 0 > frame.rgb    (single frame, e.g. for the poster)
"""
import sys
import numpy as np

W, H, FPS, SECONDS = 1280, 720, 24, 8
N = FPS * SECONDS

BG = np.array([11, 11, 18], np.float32) / 255
VIOLET = np.array([124, 92, 255], np.float32) / 255
PINK = np.array([255, 79, 163], np.float32) / 255
AMBER = np.array([255, 181, 71], np.float32) / 255
INDIGO = np.array([58, 44, 170], np.float32) / 255

ys, xs = np.mgrid[0:H, 0:W].astype(np.float32)
U = xs / H          # 0..1.78
V = ys / H          # 0..1
AR = W / H

# vignette: darker at the edges, a little darker still on the left where headline text sits
vx = (U / AR - 0.5) * 2
vy = (V - 0.5) * 2
VIG = np.clip(1 - 0.28 * vx ** 2 - 0.38 * vy ** 2, 0, 1) ** 1.2
VIG *= 0.78 + 0.22 * np.clip(U / AR * 1.6, 0, 1)

# static, tiny triangular dither to avoid banding in the dark gradients
rng = np.random.default_rng(7)
DITHER = (rng.random((H, W, 1), np.float32) - rng.random((H, W, 1), np.float32)) * (0.9 / 255)


def blob(u, v, cx, cy, r):
    d2 = (u - cx) ** 2 + (v - cy) ** 2
    return np.exp(-d2 / (r * r))


def frame(i):
    p = 2 * np.pi * i / N                       # one full cycle over the clip
    # gentle flowing warp of the coordinate field
    u = U + 0.05 * np.sin(2.2 * V + p) + 0.025 * np.sin(3.7 * V - 2 * p + 1.3)
    v = V + 0.04 * np.cos(1.7 * U - p + 0.4) + 0.02 * np.sin(3.1 * U + 2 * p)

    acc = np.zeros((H, W, 3), np.float32)
    acc += VIOLET[None, None] * (0.62 * blob(u, v, 0.55 + 0.20 * np.sin(p), 0.42 + 0.12 * np.cos(p), 0.42))[..., None]
    acc += PINK[None, None] * (0.42 * blob(u, v, 1.22 + 0.16 * np.cos(p + 0.8), 0.58 + 0.14 * np.sin(2 * p), 0.34))[..., None]
    acc += AMBER[None, None] * (0.26 * blob(u, v, 1.05 + 0.22 * np.sin(p + 2.2), 0.98 + 0.06 * np.cos(p), 0.26))[..., None]
    acc += INDIGO[None, None] * (0.55 * blob(u, v, 0.22 + 0.10 * np.cos(p + 1.0), 0.86 + 0.08 * np.sin(p), 0.45))[..., None]
    acc += VIOLET[None, None] * (0.30 * blob(u, v, 1.55 + 0.10 * np.sin(p + 3.0), 0.18 + 0.10 * np.cos(2 * p + 0.5), 0.30))[..., None]

    # two faint flowing ribbons of light, coloured violet -> pink -> amber along their length
    t = np.clip(U / AR, 0, 1)[..., None]
    rib_col = np.where(t < 0.55, VIOLET + (PINK - VIOLET) * (t / 0.55), PINK + (AMBER - PINK) * ((t - 0.55) / 0.45))
    c1 = 0.62 + 0.10 * np.sin(2.4 * U + p) + 0.04 * np.sin(5.1 * U - 2 * p + 0.7)
    c2 = 0.70 + 0.08 * np.sin(2.0 * U - p + 2.1) + 0.05 * np.sin(4.3 * U + p)
    r1 = np.exp(-((V - c1) / 0.018) ** 2) * 0.20 + np.exp(-((V - c1) / 0.09) ** 2) * 0.07
    r2 = np.exp(-((V - c2) / 0.012) ** 2) * 0.12 + np.exp(-((V - c2) / 0.06) ** 2) * 0.05
    fade = (np.sin(np.pi * np.clip(U / AR, 0, 1)) ** 1.5)
    acc += rib_col * ((r1 + r2) * fade)[..., None]

    # soft tone curve keeps highlights from clipping, then vignette over the dark base
    col = 1 - np.exp(-1.2 * acc)
    col = BG + col * VIG[..., None]
    col = np.clip(col + DITHER, 0, 1)
    return (col * 255 + 0.5).astype(np.uint8)


if __name__ == "__main__":
    out = sys.stdout.buffer
    if len(sys.argv) > 2 and sys.argv[1] == "--frame":
        out.write(frame(int(sys.argv[2])).tobytes())
    else:
        for i in range(N):
            out.write(frame(i).tobytes())
