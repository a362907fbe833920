# Sourced by the real-VS-Code checks (restart-check.sh, multi-root-check.sh): one way to package
# the extension, start a throwaway code-server with it installed, and stop it again.
#
# code_server_prepare NAME [OUTDIR]  sets ext_dir, root, out (default probe-out/NAME), run (a fresh
#                                    folder holding XDG dirs, udd, ext), port, code_server, playwright;
#                                    packages the .vsix into $out.
# code_server_start [SETTINGS]       writes the user settings (quiet defaults, plus SETTINGS: JSON
#                                    members such as '"phh.trace.server": "verbose"'), installs the
#                                    .vsix, starts code-server on $port and waits until it answers;
#                                    it is stopped and $run removed when the script exits.
# env: VSCODE_PROBE  path of the probe's run.sh (default: ../shared/tools/vscode-probe/run.sh)

code_server_prepare() {
  ext_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
  root=$(dirname "$ext_dir")
  local probe=${VSCODE_PROBE:-$root/../shared/tools/vscode-probe/run.sh}
  out=$(mkdir -p "${2:-$root/probe-out/$1}" && cd "${2:-$root/probe-out/$1}" && pwd)
  local cache="${PHH_PROBES_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/phh-probes}/vscode-probe"

  "$probe" --setup-only >/dev/null                      # code-server, playwright-core, chromium
  code_server=$(ls -d "$cache"/code-server-*/node_modules/code-server/out/node/entry.js | head -1)
  playwright=$(ls -d "$cache"/playwright-core-*/node_modules | head -1)

  cd "$ext_dir"
  [ -d node_modules ] || npm ci
  npm run package -- --out "$out/phh-lsp.vsix" >"$out/package.log" 2>&1 || { tail -20 "$out/package.log"; exit 2; }

  run=$(mktemp -d)
  export XDG_DATA_HOME="$run/xdg-data" XDG_CONFIG_HOME="$run/xdg-config" XDG_CACHE_HOME="$run/xdg-cache"
  mkdir -p "$run/udd/User" "$run/ext"
  port=$(python3 -c 'import socket;s=socket.socket();s.bind(("127.0.0.1",0));print(s.getsockname()[1])')
  printf 'bind-addr: 127.0.0.1:%s\nauth: none\ncert: false\n' "$port" >"$run/config.yaml"
}

code_server_start() {
  cat >"$run/udd/User/settings.json" <<JSON
{"workbench.startupEditor": "none", "telemetry.telemetryLevel": "off",
 "security.workspace.trust.enabled": false, "extensions.autoCheckUpdates": false,
 "extensions.autoUpdate": false, "update.mode": "none", "workbench.enableExperiments": false,
 "extensions.ignoreRecommendations": true${1:+, $1}}
JSON
  node "$code_server" --config "$run/config.yaml" --user-data-dir "$run/udd" --extensions-dir "$run/ext" \
    --install-extension "$out/phh-lsp.vsix" >"$out/install.log" 2>&1
  setsid node "$code_server" --config "$run/config.yaml" --user-data-dir "$run/udd" --extensions-dir "$run/ext" \
    --disable-telemetry --disable-update-check --disable-workspace-trust --disable-getting-started-override \
    >"$out/code-server.log" 2>&1 &
  pid=$!
  trap 'kill -- -$pid 2>/dev/null || true; cp -r "$run/udd/logs" "$out/" 2>/dev/null || true; rm -rf "$run"' EXIT
  for _ in $(seq 1 300); do curl -s -o /dev/null "http://127.0.0.1:$port/healthz" && break; sleep 0.1; done
}
