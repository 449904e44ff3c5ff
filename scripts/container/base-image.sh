#!/bin/sh
# Builds a local stand-in for the base image oven/bun:<version>-slim, for hosts that cannot pull it:
# Debian bookworm (minbase plus ca-certificates), the Bun binary the real image takes on x86-64 (the baseline
# build, here from npm's @oven/bun-linux-x64-baseline) at /usr/local/bin, its environment, and a `bun` user
# and group with id 1000, as in oven-sh/bun's dockerhub/debian-slim/Dockerfile. It also trusts the
# certificate authorities this host added (/usr/local/share/ca-certificates, e.g. an egress proxy's), so
# that `bun install` in the build reaches the registry from here; the real image trusts only the public ones.
# Usage: scripts/container/base-image.sh [bun-version]   (needs root, mmdebstrap, npm and podman)
set -eu
for tool in mmdebstrap npm podman; do
  command -v "$tool" >/dev/null || { echo "$0 needs $tool (on Debian: apt-get install mmdebstrap npm podman)" >&2; exit 1; }
done
version=${1:-1.4.5}
image="oven/bun:$version-slim"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

(cd "$work" && npm pack --silent "@oven/bun-linux-x64-baseline@$version" >/dev/null)
tar -xzf "$work"/*.tgz -C "$work" package/bin/bun
# The hooks get the new root as $1; single quotes keep it for mmdebstrap to fill in.
# Documentation and translations are left out as in debian:bookworm-slim, which the real image starts from.
mmdebstrap --quiet --variant=minbase --include=ca-certificates \
  --dpkgopt='path-exclude=/usr/share/doc/*' --dpkgopt='path-include=/usr/share/doc/*/copyright' \
  --dpkgopt='path-exclude=/usr/share/man/*' --dpkgopt='path-exclude=/usr/share/info/*' \
  --dpkgopt='path-exclude=/usr/share/locale/*' \
  --customize-hook="install -m 0755 $work/package/bin/bun \"\$1/usr/local/bin/bun\"" \
  --customize-hook='ln -s bun "$1/usr/local/bin/bunx"' \
  --customize-hook='mkdir "$1/usr/local/bun-node-fallback-bin" && ln -s /usr/local/bin/bun "$1/usr/local/bun-node-fallback-bin/node"' \
  --customize-hook='chroot "$1" groupadd --gid 1000 bun' \
  --customize-hook='chroot "$1" useradd --uid 1000 --gid bun --shell /bin/sh --create-home bun' \
  --customize-hook='cp /usr/local/share/ca-certificates/*.crt "$1/usr/local/share/ca-certificates/" 2>/dev/null || true' \
  --customize-hook='chroot "$1" update-ca-certificates >/dev/null 2>&1' \
  --customize-hook='rm -rf "$1"/var/lib/apt/lists/* "$1"/var/cache/apt/*.bin' \
  bookworm "$work/rootfs.tar" \
  "deb http://deb.debian.org/debian bookworm main" \
  "deb http://deb.debian.org/debian bookworm-updates main" \
  "deb http://deb.debian.org/debian-security bookworm-security main"
podman import --quiet \
  --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin:/usr/local/bun-node-fallback-bin' \
  --change 'ENV BUN_RUNTIME_TRANSPILER_CACHE_PATH=0' \
  --change 'ENV BUN_INSTALL_BIN=/usr/local/bin' \
  --change 'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt' \
  --change 'WORKDIR /home/bun/app' \
  --change 'CMD ["/usr/local/bin/bun"]' \
  "$work/rootfs.tar" "$image" >/dev/null
echo "built the stand-in $image"
