#!/usr/bin/env bash
# Regenerates the seed blog artwork in public/blog/ from gen_blog.py (see src/content/seed-posts.ts).
#
# Needs: python3, chromium, ffmpeg (libx264; libwebp if cwebp is missing). cwebp is used for stills
# when available (apt-get install webp).
#
#   bash scripts/assets/blog/make-blog-assets.sh           # everything
#   bash scripts/assets/blog/make-blog-assets.sh stills    # the WebP pictures only
#   bash scripts/assets/blog/make-blog-assets.sh teaser    # the Paper Comets teaser clip only
#   JOBS=8 bash scripts/assets/blog/make-blog-assets.sh    # render teaser frames 8 at a time
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../../.." && pwd)"
OUT="$ROOT/public/blog"
TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT
STEPS="${*:-stills teaser}"
export CHROME="${CHROMIUM:-chromium}"

shot() { # shot OUT.png W H URL — one headless Chromium per picture, each with its own profile
  local out=$1 w=$2 h=$3 url=$4 prof
  prof="$(mktemp -d)"
  "$CHROME" --headless --no-sandbox --disable-gpu --disable-background-networking \
    --disable-component-update --no-first-run --hide-scrollbars --user-data-dir="$prof" \
    --screenshot="$out" --window-size="$w,$h" "$url" >/dev/null 2>&1
  rm -rf "$prof"
}
export -f shot
webp() { # webp IN.png OUT.webp QUALITY
  if command -v cwebp >/dev/null; then cwebp -quiet -m 6 -sharp_yuv -q "$3" "$1" -o "$2"
  else ffmpeg -v error -y -i "$1" -c:v libwebp -quality "$3" -compression_level 6 "$2"; fi
}

mkdir -p "$OUT"
for step in $STEPS; do
  echo "==> $step"
  case $step in
    stills)
      python3 "$HERE/gen_blog.py" "$TMP/svg"
      python3 "$HERE/gen_blog.py" --list | while read -r name w h; do
        shot "$TMP/$name.png" "$w" "$h" "file://$TMP/svg/$name.svg"
        webp "$TMP/$name.png" "$OUT/$name.webp" 90
        echo "   $name.webp $(stat -c %s "$OUT/$name.webp") bytes"
      done ;;
    teaser)
      python3 "$HERE/gen_blog.py" --teaser "$TMP/frames"
      ( cd "$TMP/frames" && ls f*.svg | sed 's/\.svg$//' \
        | xargs -P "${JOBS:-4}" -I{} bash -c 'shot "$0/{}.png" 1280 720 "file://$0/{}.svg"' "$TMP/frames" )
      ffmpeg -v error -y -framerate 24 -i "$TMP/frames/f%04d.png" -an -c:v libx264 -preset slow -crf 23 \
        -profile:v high -pix_fmt yuv420p -g 48 -movflags +faststart "$OUT/paper-comets-teaser.mp4"
      echo "   paper-comets-teaser.mp4 $(stat -c %s "$OUT/paper-comets-teaser.mp4") bytes" ;;
    *) echo "unknown step: $step" >&2; exit 1 ;;
  esac
done
echo "done."
