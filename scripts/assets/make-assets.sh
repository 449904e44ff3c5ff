#!/usr/bin/env bash
# Regenerates every Kindlewave visual asset under public/ from the sources in scripts/assets/.
#
# Needs: python3 (+ fonttools, brotli, numpy), chromium, ffmpeg (libx264, libvpx, libwebp), npm.
# cwebp is used for stills when available (apt-get install webp), else ffmpeg's libwebp.
#
#   bash scripts/assets/make-assets.sh            # everything
#   bash scripts/assets/make-assets.sh brand      # one step: font|brand|partners|icons|merch|party|video
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
PUB="$ROOT/public"
TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT
STEPS="${*:-font brand partners icons merch party video}"

CHROME="${CHROMIUM:-chromium}"
shot() { # shot OUT.png W H URL [extra flags]
  local out=$1 w=$2 h=$3 url=$4; shift 4
  "$CHROME" --headless --no-sandbox --disable-gpu --disable-background-networking \
    --disable-component-update --no-first-run --hide-scrollbars "$@" \
    --screenshot="$out" --window-size="$w,$h" "$url" >/dev/null 2>&1
}
webp() { # webp IN.png OUT.webp QUALITY
  if command -v cwebp >/dev/null; then cwebp -quiet -m 6 -sharp_yuv -q "$3" "$1" -o "$2"
  else ffmpeg -v error -y -i "$1" -c:v libwebp -quality "$3" -compression_level 6 "$2"; fi
}
need_py() { python3 -c "import fontTools, brotli" 2>/dev/null || pip install --quiet fonttools brotli; }

mkdir -p "$PUB"/{brand,partners,merch,video,event,fonts}

for step in $STEPS; do
  echo "==> $step"
  case $step in
    font)
      ( cd "$TMP" && npm pack --silent @fontsource-variable/outfit@5.3.0 >/dev/null \
        && tar xzf fontsource-variable-outfit-5.3.0.tgz )
      cp "$TMP/package/files/outfit-latin-wght-normal.woff2" "$PUB/fonts/outfit-latin-wght.woff2"
      cp "$TMP/package/LICENSE" "$PUB/fonts/OFL.txt" ;;
    brand)     need_py; python3 "$HERE/gen_brand.py" ;;      # logo.svg, mark.svg, favicon.svg
    partners)  need_py; python3 "$HERE/gen_partners.py" ;;   # five partner logos
    icons)
      shot "$PUB/brand/icon-512.png" 512 512 "file://$HERE/icon.html?r=1" --default-background-color=00000000
      shot "$PUB/brand/icon-192.png" 192 192 "file://$HERE/icon.html?r=1" --default-background-color=00000000
      shot "$PUB/apple-touch-icon.png" 180 180 "file://$HERE/icon.html"
      ( cd "$ROOT" && bun scripts/assets/make-favicon-ico.ts ) ;;  # favicon.ico from favicon.svg
    merch)
      for m in hoodie plushie keychain; do
        shot "$TMP/$m.png" 800 800 "file://$HERE/merch/$m.svg"
        webp "$TMP/$m.png" "$PUB/merch/$m.webp" 88
      done ;;
    party)
      python3 "$HERE/gen_party.py" >/dev/null
      shot "$TMP/party.png" 1600 1000 "file://$HERE/party-bg.svg"
      webp "$TMP/party.png" "$PUB/event/party-bg.webp" 85 ;;
    video)
      python3 "$HERE/hero_video.py" \
        | ffmpeg -v error -y -f rawvideo -pix_fmt rgb24 -s 1280x720 -r 24 -i - -c:v ffv1 -pix_fmt bgr0 "$TMP/hero.mkv"
      ffmpeg -v error -y -i "$TMP/hero.mkv" -an -c:v libx264 -preset slow -crf 19 -profile:v high \
        -pix_fmt yuv420p -g 48 -movflags +faststart "$PUB/video/hero.mp4"
      ffmpeg -v error -y -i "$TMP/hero.mkv" -an -c:v libvpx-vp9 -b:v 0 -crf 30 -row-mt 1 \
        -deadline good -cpu-used 2 -pix_fmt yuv420p -g 96 "$PUB/video/hero.webm"
      ffmpeg -v error -y -i "$TMP/hero.mkv" -frames:v 1 "$TMP/poster.png"
      webp "$TMP/poster.png" "$PUB/video/hero-poster.webp" 92 ;;
    *) echo "unknown step: $step" >&2; exit 1 ;;
  esac
done
echo "done."
