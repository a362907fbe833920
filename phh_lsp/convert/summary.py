"""What a conversion says of its hands, in one wording for every front end.

``phh-lsp convert`` ends with it, and the server's ``phh.convert`` answers it
for the editors to show, so that VS Code, Neovim and the command line count
the same hands the same way: hands converted (those with problems among
them) of all the hands found, and the hands that failed.
"""

from __future__ import annotations

from phh_lsp.core.wording import counted


def conversion_summary(converted: int, with_problems: int, failed: int) -> str:
    """The count: "converted 2 of 3 hands (1 with problems, 1 failed)": ``converted``
    counts the hands written, ``with_problems`` those of them with a problem."""
    hands = counted(converted + failed, "hand")
    return f"converted {converted} of {hands} ({with_problems} with problems, {failed} failed)"
