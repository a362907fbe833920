#!/usr/bin/env bash
# Checks, in a real VS Code (code-server + headless Chromium, as installed by the shared
# vscode-probe), that accepting a completion item inserts the whole action: on a new line of
# `actions` a user types `"`, asks for suggestions and accepts `p2 cc`;
# the saved file must read `  "p2 cc",` there. See completion-driver.js.
#
# usage: vscode-extension/scripts/completion-check.sh [OUTDIR]
# env:   VSCODE_PROBE  path of the probe's run.sh (default: ../shared/tools/vscode-probe/run.sh)
set -euo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/code-server.sh"
code_server_prepare completion "${1:-}"
mkdir -p "$run/workspace"
cp "$ext_dir/test-fixtures/completion.phh" "$run/workspace/"
code_server_start

URL="http://127.0.0.1:$port/?folder=$run/workspace" REL_FILE=completion.phh FILE="$run/workspace/completion.phh" \
  LOGS_DIR="$run/udd/logs" CHROMIUM="${CHROMIUM:-/usr/bin/chromium}" OUT="$out" \
  NODE_PATH="$playwright" node "$ext_dir/scripts/completion-driver.js"
