#!/usr/bin/env bash
# Checks, in a real VS Code (code-server + headless Chromium, as installed by the shared
# vscode-probe), what the probe itself cannot: that "PHH: Restart Server" restarts the server
# and that a changed setting reaches it without a window reload. See restart-driver.js.
#
# usage: vscode-extension/scripts/restart-check.sh [OUTDIR]
# env:   VSCODE_PROBE  path of the probe's run.sh (default: ../shared/tools/vscode-probe/run.sh)
set -euo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/code-server.sh"
code_server_prepare restart "${1:-}"
mkdir -p "$run/workspace"
cp "$ext_dir/test-fixtures/unknown-variant.phh" "$run/workspace/"
code_server_start

URL="http://127.0.0.1:$port/?folder=$run/workspace" REL_FILE=unknown-variant.phh LOGS_DIR="$run/udd/logs" \
  SETTINGS="$run/udd/User/settings.json" CHROMIUM="${CHROMIUM:-/usr/bin/chromium}" OUT="$out" \
  NODE_PATH="$playwright" node "$ext_dir/scripts/restart-driver.js"
