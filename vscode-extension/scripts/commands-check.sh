#!/usr/bin/env bash
# Checks, in a real VS Code (code-server + headless Chromium, as installed by the shared
# vscode-probe), that the command palette lists every command package.json contributes and
# that "PHH: Show Output" shows the server's log; show-output.png is the README's picture
# docs/images/vscode-show-output.png. See commands-driver.js.
#
# usage: vscode-extension/scripts/commands-check.sh [OUTDIR]
# env:   VSCODE_PROBE  path of the probe's run.sh (default: ../shared/tools/vscode-probe/run.sh)
set -euo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/code-server.sh"
code_server_prepare commands "${1:-}"
mkdir -p "$run/workspace"
cp "$ext_dir/test-fixtures/dwan-ivey-2009.phh" "$run/workspace/"
code_server_start
titles=$(node -e 'for (const c of require(process.argv[1]).contributes.commands) console.log(`${c.category}: ${c.title}`)' "$ext_dir/package.json")

URL="http://127.0.0.1:$port/?folder=$run/workspace" REL_FILE=dwan-ivey-2009.phh LOGS_DIR="$run/udd/logs" \
  CHROMIUM="${CHROMIUM:-/usr/bin/chromium}" OUT="$out" TITLES="$titles" \
  NODE_PATH="$playwright" node "$ext_dir/scripts/commands-driver.js"
