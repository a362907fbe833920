#!/usr/bin/env bash
# Checks, in a real VS Code (code-server + headless Chromium, as installed by the shared
# vscode-probe), what the probe itself cannot: that "PHH: Restart Server" restarts the server
# and that a changed setting reaches it without a window reload. See restart-driver.js.
#
# usage: vscode-extension/scripts/restart-check.sh [OUTDIR]
# env:   VSCODE_PROBE  path of the probe's run.sh (default: ../shared/tools/vscode-probe/run.sh)
set -euo pipefail

ext_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
root=$(dirname "$ext_dir")
probe=${VSCODE_PROBE:-$root/../shared/tools/vscode-probe/run.sh}
out=$(mkdir -p "${1:-$root/probe-out/restart}" && cd "${1:-$root/probe-out/restart}" && pwd)
cache="${PHH_PROBES_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/phh-probes}/vscode-probe"

"$probe" --setup-only >/dev/null                      # code-server, playwright-core, chromium
code_server=$(ls -d "$cache"/code-server-*/node_modules/code-server/out/node/entry.js | head -1)
playwright=$(ls -d "$cache"/playwright-core-*/node_modules | head -1)

cd "$ext_dir"
[ -d node_modules ] || npm ci
npm run package -- --out "$out/phh-lsp.vsix" >"$out/package.log" 2>&1 || { tail -20 "$out/package.log"; exit 2; }

run=$(mktemp -d)
export XDG_DATA_HOME="$run/xdg-data" XDG_CONFIG_HOME="$run/xdg-config" XDG_CACHE_HOME="$run/xdg-cache"
mkdir -p "$run/udd/User" "$run/ext" "$run/workspace"
cp "$ext_dir/test-fixtures/unknown-variant.phh" "$run/workspace/"
port=$(python3 -c 'import socket;s=socket.socket();s.bind(("127.0.0.1",0));print(s.getsockname()[1])')
printf 'bind-addr: 127.0.0.1:%s\nauth: none\ncert: false\n' "$port" >"$run/config.yaml"
cat >"$run/udd/User/settings.json" <<'JSON'
{"workbench.startupEditor": "none", "telemetry.telemetryLevel": "off",
 "security.workspace.trust.enabled": false, "extensions.autoCheckUpdates": false,
 "extensions.autoUpdate": false, "update.mode": "none", "workbench.enableExperiments": false,
 "extensions.ignoreRecommendations": true}
JSON
node "$code_server" --config "$run/config.yaml" --user-data-dir "$run/udd" --extensions-dir "$run/ext" \
  --install-extension "$out/phh-lsp.vsix" >"$out/install.log" 2>&1
setsid node "$code_server" --config "$run/config.yaml" --user-data-dir "$run/udd" --extensions-dir "$run/ext" \
  --disable-telemetry --disable-update-check --disable-workspace-trust --disable-getting-started-override \
  >"$out/code-server.log" 2>&1 &
pid=$!
trap 'kill -- -$pid 2>/dev/null || true; cp -r "$run/udd/logs" "$out/" 2>/dev/null || true; rm -rf "$run"' EXIT
for _ in $(seq 1 300); do curl -s -o /dev/null "http://127.0.0.1:$port/healthz" && break; sleep 0.1; done

URL="http://127.0.0.1:$port/?folder=$run/workspace" REL_FILE=unknown-variant.phh LOGS_DIR="$run/udd/logs" \
  SETTINGS="$run/udd/User/settings.json" CHROMIUM="${CHROMIUM:-/usr/bin/chromium}" OUT="$out" \
  NODE_PATH="$playwright" node "$ext_dir/scripts/restart-driver.js"
