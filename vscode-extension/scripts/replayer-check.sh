#!/usr/bin/env bash
# Checks, in a real VS Code (code-server + headless Chromium, as installed by the shared
# vscode-probe), the replayer view of "PHH: Open Replayer" on Dwan-Ivey 2009: it opens from
# the command, shows the pot 33,500 after `p1 cbr 23000` where the cursor is, follows the
# cursor, moves the cursor when a step is clicked, and shows a broken hand's error. Then it
# takes the screenshots of a stud, a draw and an Omaha hi/lo hand that docs/ shows
# (SHOTS=DIR copies them there). See replayer-driver.js.
#
# usage: vscode-extension/scripts/replayer-check.sh [OUTDIR]
# env:   VSCODE_PROBE  path of the probe's run.sh (default: ../shared/tools/vscode-probe/run.sh)
set -euo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/code-server.sh"
code_server_prepare replayer "${1:-}"
corpus="$root/../shared/corpus"
mkdir -p "$run/workspace"
cp "$ext_dir/test-fixtures/dwan-ivey-2009.phh" "$run/workspace/"
cp "$corpus/wsop-2023-43-5/11-00-35-59.phh" "$run/workspace/stud.phh"
cp "$corpus/wsop-2023-43-5/57-02-36-12.phh" "$run/workspace/draw.phh"
cp "$corpus/wsop-2023-43-5/13-00-43-47.phh" "$run/workspace/omaha-hi-lo.phh"
# FILE:LINE:COLUMN of the action each screenshot shows (1-based, as Go to Line takes them)
at() { local line; line=$(grep -n -m1 -F "$2" "$run/workspace/$1" | cut -d: -f1); echo "$1:$line:4"; }
code_server_start

URL="http://127.0.0.1:$port/?folder=$run/workspace" LOGS_DIR="$run/udd/logs" \
  CHROMIUM="${CHROMIUM:-/usr/bin/chromium}" OUT="$out" \
  DWAN="dwan-ivey-2009.phh" RAISE="$(at dwan-ivey-2009.phh '"p1 cbr 23000"')" \
  FLOP_LINE="$(grep -n -m1 -F '"d db Jc3d5c"' "$run/workspace/dwan-ivey-2009.phh" | cut -d: -f1)" \
  SHOTS="$(at stud.phh '"d dh p2 9c"') $(at draw.phh '"p5 sd Qc"') $(at omaha-hi-lo.phh '"p4 sm"')" \
  NODE_PATH="$playwright" node "$ext_dir/scripts/replayer-driver.js"
if [ -n "${SHOTS_DIR:-}" ]; then
  mkdir -p "$SHOTS_DIR"
  cp "$out"/replayer-holdem.png "$out"/replayer-stud.png "$out"/replayer-draw.png "$out"/replayer-omaha-hi-lo.png "$SHOTS_DIR/"
fi
