#!/usr/bin/env bash
# Writes a 640 px wide copy (name-640.webp) of every 1200 px wide image in public/blog, for srcset.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../../../public/blog"
for f in *.webp; do
  case "$f" in *-640.webp) continue ;; esac
  width=$(ffprobe -v error -select_streams v:0 -show_entries stream=width -of csv=p=0 "$f")
  [ "$width" = "1200" ] && ffmpeg -v error -y -i "$f" -vf scale=640:-2 -c:v libwebp -quality 80 "${f%.webp}-640.webp"
done
