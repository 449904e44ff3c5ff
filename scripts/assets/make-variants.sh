#!/usr/bin/env bash
# Writes a smaller copy (name-SMALL.webp) of every FULL px wide webp in public/DIR, for srcset:
#   scripts/assets/make-variants.sh blog 1200 800
#   scripts/assets/make-variants.sh merch 800 400
#   scripts/assets/make-variants.sh event 1600 800
set -euo pipefail
dir=$1 full=$2 small=$3
cd "$(dirname "${BASH_SOURCE[0]}")/../../public/$dir"
for f in *.webp; do
  case "$f" in *-[0-9]*.webp) continue ;; esac
  width=$(ffprobe -v error -select_streams v:0 -show_entries stream=width -of csv=p=0 "$f")
  [ "$width" = "$full" ] && ffmpeg -v error -y -i "$f" -vf "scale=$small:-2" -c:v libwebp -quality 80 "${f%.webp}-$small.webp"
done
