#!/usr/bin/env bash
# End-to-end check of the packaged extension in a real VS Code (code-server, headless
# Chromium) with ../shared/tools/vscode-probe: builds the .vsix as a user would get it
# (vsce runs vscode:prepublish: typecheck, bundle, bundle-python), installs it, and opens
#   1. a hand with an unknown variant: the Problems panel must show PHH201;
#   2. a hand with an unclosed array: PHH101, with `phh.interpreter` written as a plain
#      string ("python3"), as people write it (the setting is an array);
#   3. a valid corpus hand: no diagnostic may appear.
# The extension finds its Python by itself (python3 on PATH, 3.11+).
#
# usage: vscode-extension/scripts/probe.sh [OUTDIR]     (default: probe-out/vscode)
# env:   VSCODE_PROBE  path of the probe's run.sh (default: ../shared/tools/vscode-probe/run.sh)
set -euo pipefail

ext_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
root=$(dirname "$ext_dir")
probe=${VSCODE_PROBE:-$root/../shared/tools/vscode-probe/run.sh}
out=$(mkdir -p "${1:-$root/probe-out/vscode}" && cd "${1:-$root/probe-out/vscode}" && pwd)
vsix=$out/phh-lsp.vsix
fixtures=vscode-extension/test-fixtures

cd "$ext_dir"
[ -d node_modules ] || npm ci
npm run package -- --out "$vsix"

# The probe wants FILE inside the workspace and given from where it runs: the repo root.
cd "$root"
"$probe" --expect-code PHH201 "$vsix" "$fixtures/unknown-variant.phh" "$out/unknown-variant"
"$probe" --expect-code PHH101 --settings '{"phh.interpreter": "python3"}' \
  "$vsix" "$fixtures/unclosed-array.phh" "$out/unclosed-array"
# PokerKit's import and the first replay take a few seconds: watch longer than the default.
"$probe" --expect-none --settle 20 "$vsix" "$fixtures/dwan-ivey-2009.phh" "$out/valid"
echo "probe.sh: all three runs passed; screenshots and logs in $out"
