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

ext_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
root=$(dirname "$ext_dir")
probe=${VSCODE_PROBE:-$root/../shared/tools/vscode-probe/run.sh}
out=$(mkdir -p "${1:-$root/probe-out/multi-root}" && cd "${1:-$root/probe-out/multi-root}" && pwd)
cache="${PHH_PROBES_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/phh-probes}/vscode-probe"

"$probe" --setup-only >/dev/null                      # code-server, playwright-core, chromium
code_server=$(ls -d "$cache"/code-server-*/node_modules/code-server/out/node/entry.js | head -1)
playwright=$(ls -d "$cache"/playwright-core-*/node_modules | head -1)

cd "$ext_dir"
[ -d node_modules ] || npm ci
npm run package -- --out "$out/phh-lsp.vsix" >"$out/package.log" 2>&1 || { tail -20 "$out/package.log"; exit 2; }

run=$(mktemp -d)
export XDG_DATA_HOME="$run/xdg-data" XDG_CONFIG_HOME="$run/xdg-config" XDG_CACHE_HOME="$run/xdg-cache"
mkdir -p "$run/udd/User" "$run/ext"
ws=$run/workspace
for folder in folder-a folder-b; do
  mkdir -p "$ws/$folder/.vscode"
  { cat "$ext_dir/test-fixtures/dwan-ivey-2009.phh"; echo 'foo = 1'; } >"$ws/$folder/unknown-field.phh"
done
echo '{"phh.diagnostics.severity": {"PHH208": "error"}}' >"$ws/folder-a/.vscode/settings.json"
echo '{"phh.diagnostics.severity": {"PHH208": "off"}}' >"$ws/folder-b/.vscode/settings.json"
echo '{"folders": [{"path": "folder-a"}, {"path": "folder-b"}], "settings": {}}' >"$ws/hands.code-workspace"
port=$(python3 -c 'import socket;s=socket.socket();s.bind(("127.0.0.1",0));print(s.getsockname()[1])')
printf 'bind-addr: 127.0.0.1:%s\nauth: none\ncert: false\n' "$port" >"$run/config.yaml"
# The verbose trace (in the PHH output) shows the server's workspace/configuration requests and
# the diagnostics it publishes, per file: the driver reads the latter.
cat >"$run/udd/User/settings.json" <<'JSON'
{"workbench.startupEditor": "none", "telemetry.telemetryLevel": "off",
 "security.workspace.trust.enabled": false, "extensions.autoCheckUpdates": false,
 "extensions.autoUpdate": false, "update.mode": "none", "workbench.enableExperiments": false,
 "extensions.ignoreRecommendations": true, "phh.trace.server": "verbose"}
JSON
node "$code_server" --config "$run/config.yaml" --user-data-dir "$run/udd" --extensions-dir "$run/ext" \
  --install-extension "$out/phh-lsp.vsix" >"$out/install.log" 2>&1
setsid node "$code_server" --config "$run/config.yaml" --user-data-dir "$run/udd" --extensions-dir "$run/ext" \
  --disable-telemetry --disable-update-check --disable-workspace-trust --disable-getting-started-override \
  >"$out/code-server.log" 2>&1 &
pid=$!
trap 'kill -- -$pid 2>/dev/null || true; cp -r "$run/udd/logs" "$out/" 2>/dev/null || true; rm -rf "$run"' EXIT
for _ in $(seq 1 300); do curl -s -o /dev/null "http://127.0.0.1:$port/healthz" && break; sleep 0.1; done

URL="http://127.0.0.1:$port/?workspace=$ws/hands.code-workspace" WORKSPACE="$ws" REL_FILE=unknown-field.phh \
  LOGS_DIR="$run/udd/logs" CHROMIUM="${CHROMIUM:-/usr/bin/chromium}" OUT="$out" \
  NODE_PATH="$playwright" node "$ext_dir/scripts/multi-root-driver.js"
