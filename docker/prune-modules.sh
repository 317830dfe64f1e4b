#!/bin/sh
# Removes from a production node_modules what Node.js never loads when the server runs, for the
# image (Dockerfile): type declarations and TypeScript sources (Node 20 runs no .ts), source maps,
# readmes and changelogs, and the musl builds of native packages (the image is glibc). Licences stay.
#   sh docker/prune-modules.sh <node_modules>
set -eu
DIR="$1"
[ -d "$DIR" ] || { echo "no such folder: $DIR" >&2; exit 1; }
before=$(du -sk "$DIR" | cut -f1)
find "$DIR" -type f \( -name '*.ts' -o -name '*.mts' -o -name '*.cts' -o -name '*.tsx' -o -name '*.map' \
  -o -name '*.tsbuildinfo' -o -iname 'README*' -o -iname 'CHANGELOG*' -o -iname 'HISTORY.md' \) -delete
rm -rf "$DIR"/@types "$DIR"/@img/*linuxmusl*
after=$(du -sk "$DIR" | cut -f1)
echo "node_modules pruned: $((before / 1024)) MB -> $((after / 1024)) MB"
