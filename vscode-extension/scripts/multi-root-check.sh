#!/usr/bin/env bash
# Checks, in a real VS Code (code-server + headless Chromium, as installed by the shared
# vscode-probe), that each folder of a multi-root workspace gets its own phh.* settings: the
# server asks workspace/configuration per folder (scopeUri). See multi-root-driver.js.
#   folder-a/.vscode/settings.json  {"phh.diagnostics.severity": {"PHH208": "error"}}
#   folder-b/.vscode/settings.json  {"phh.diagnostics.severity": {"PHH208": "off"}}
# and the same hand, with an unknown field `foo = 1` (PHH208, a warning by default), in both.
#
# usage: vscode-extension/scripts/multi-root-check.sh [OUTDIR]   (default: probe-out/multi-root)
# env:   VSCODE_PROBE  path of the probe's run.sh (default: ../shared/tools/vscode-probe/run.sh)
set -euo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/code-server.sh"
code_server_prepare multi-root "${1:-}"
ws=$run/workspace
for folder in folder-a folder-b; do
  mkdir -p "$ws/$folder/.vscode"
  { cat "$ext_dir/test-fixtures/dwan-ivey-2009.phh"; echo 'foo = 1'; } >"$ws/$folder/unknown-field.phh"
done
echo '{"phh.diagnostics.severity": {"PHH208": "error"}}' >"$ws/folder-a/.vscode/settings.json"
echo '{"phh.diagnostics.severity": {"PHH208": "off"}}' >"$ws/folder-b/.vscode/settings.json"
echo '{"folders": [{"path": "folder-a"}, {"path": "folder-b"}], "settings": {}}' >"$ws/hands.code-workspace"
# The verbose trace (in the PHH output) shows the server's workspace/configuration requests and
# the diagnostics it publishes, per file: the driver reads the latter.
code_server_start '"phh.trace.server": "verbose"'

URL="http://127.0.0.1:$port/?workspace=$ws/hands.code-workspace" WORKSPACE="$ws" REL_FILE=unknown-field.phh \
  LOGS_DIR="$run/udd/logs" CHROMIUM="${CHROMIUM:-/usr/bin/chromium}" OUT="$out" \
  NODE_PATH="$playwright" node "$ext_dir/scripts/multi-root-driver.js"
