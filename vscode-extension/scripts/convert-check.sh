#!/usr/bin/env bash
# Checks, in a real VS Code (code-server + headless Chromium, as installed by the shared
# vscode-probe), that "PHH: Convert Hand History to PHH" on a PokerStars file with one
# broken hand opens the converted hand beside it and says which hand failed; then, if
# $SITE_FILES names histories of other sites (one path per line), converts each of them.
# See convert-driver.js.
#
# usage: vscode-extension/scripts/convert-check.sh [OUTDIR]
# env:   VSCODE_PROBE  path of the probe's run.sh (default: ../shared/tools/vscode-probe/run.sh)
set -euo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/code-server.sh"
code_server_prepare convert "${1:-}"
mkdir -p "$run/workspace"
cp "$ext_dir/../tests/convert/samples/pokerstars/cash-with-a-typo.txt" "$run/workspace/stars.txt"
# $SITE_FILES (optional): histories of other sites, one per line, converted after stars.txt
site_files=""
if [ -n "${SITE_FILES:-}" ]; then
  mkdir -p "$run/workspace/sites"
  while IFS= read -r file; do
    [ -n "$file" ] || continue
    name="$(basename "$(dirname "$file")")-$(basename "$file")" # samples/ggpoker/x.txt -> ggpoker-x.txt
    cp "$file" "$run/workspace/sites/$name"
    site_files+="sites/$name"$'\n'
  done <<< "$SITE_FILES"
fi
code_server_start

URL="http://127.0.0.1:$port/?folder=$run/workspace" REL_FILE=stars.txt SITE_FILES="$site_files" LOGS_DIR="$run/udd/logs" \
  CHROMIUM="${CHROMIUM:-/usr/bin/chromium}" OUT="$out" \
  NODE_PATH="$playwright" node "$ext_dir/scripts/convert-driver.js"
