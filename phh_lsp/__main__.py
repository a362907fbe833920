"""``python -m phh_lsp``: the same entry point as the ``phh-lsp`` script."""

import sys

from phh_lsp.cli import main

sys.exit(main())
