#!/usr/bin/env bash
# Checks, in a real VS Code (code-server + headless Chromium, as installed by the shared
# vscode-probe), that hovering the flop of Dwan-Ivey 2009 shows who is ahead: both players'
# equity and EHS (the probe itself hovers only the first squiggle). See hover-driver.js.
#
# usage: vscode-extension/scripts/hover-check.sh [OUTDIR]
# env:   VSCODE_PROBE  path of the probe's run.sh (default: ../shared/tools/vscode-probe/run.sh)
set -euo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/code-server.sh"
code_server_prepare hover "${1:-}"
mkdir -p "$run/workspace"
cp "$ext_dir/test-fixtures/dwan-ivey-2009.phh" "$run/workspace/"
code_server_start

URL="http://127.0.0.1:$port/?folder=$run/workspace" REL_FILE=dwan-ivey-2009.phh LOGS_DIR="$run/udd/logs" \
  CHROMIUM="${CHROMIUM:-/usr/bin/chromium}" OUT="$out" \
  NODE_PATH="$playwright" node "$ext_dir/scripts/hover-driver.js"
