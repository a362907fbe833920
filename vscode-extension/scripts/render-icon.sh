#!/usr/bin/env bash
# Render images/icon.svg to images/icon.png (128x128, transparent corners), the icon the
# Marketplace and Open VSX show. Run it after changing the SVG; the PNG is committed.
set -euo pipefail
cd "$(dirname "$0")/../images"
chromium --headless --no-sandbox --disable-gpu --disable-background-networking \
  --disable-component-update --no-first-run --hide-scrollbars --window-size=128,128 \
  --default-background-color=00000000 --screenshot="$PWD/icon.png" "file://$PWD/icon.svg"
