#!/bin/sh
# Makes the base image the Dockerfile names (BASE_IMAGE, debian:trixie-slim) from Debian's own
# packages, for machines that reach Debian's mirror but not Docker Hub: a minimal trixie (its
# Node.js is 20.19, what the server needs; bookworm's is 18) made by debootstrap, imported and
# tagged locally. Needs root, debootstrap and a running Docker daemon.
#   sh docker/base-image.sh [tag] [mirror]
set -eu
TAG="${1:-debian:trixie-slim}"
MIRROR="${2:-http://deb.debian.org/debian}"
if docker image inspect "$TAG" >/dev/null 2>&1; then
  echo "$TAG is already here"
  exit 0
fi
ROOT="$(mktemp -d)"
trap 'rm -rf "$ROOT"' EXIT
debootstrap --variant=minbase trixie "$ROOT" "$MIRROR"
# What an image does not need: package lists and caches are fetched again by apt-get update.
rm -rf "$ROOT"/var/lib/apt/lists/* "$ROOT"/var/cache/apt/archives/*.deb
tar -C "$ROOT" -c . | docker import -c 'CMD ["bash"]' - "$TAG"
docker image ls "$TAG"
