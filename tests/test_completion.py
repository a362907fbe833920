"""``phh-lsp completion``: the scripts completed in the real shells.

The bash script is loaded into bash and its function called as bash's
completion calls it (``COMP_WORDS``, ``COMP_CWORD``); fish's is asked
with fish's own ``complete -C``; zsh's is checked by ``zsh -n`` and
registered by ``compinit``. Whatever the parser of a command accepts
must complete, so a new flag needs no edit of the scripts.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
from pathlib import Path

import pytest

from phh_lsp import cli


def script(shell: str, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> Path:
    assert cli.main(["completion", shell]) == 0
    path = tmp_path / f"phh-lsp.{shell}"
    path.write_text(capsys.readouterr().out)
    return path


def bash_completes(path: Path, *words: str) -> list[str]:
    """What bash offers for the command line ``phh-lsp WORDS`` (the last one being typed)."""
    quoted = " ".join(f"'{word}'" for word in ("phh-lsp", *words))
    program = (
        f'source "{path}"; COMP_WORDS=({quoted}); COMP_CWORD={len(words)}; _phh_lsp; printf "%s\\n" "${{COMPREPLY[@]}}"'
    )
    done = subprocess.run(["bash", "--norc", "--noprofile", "-c", program], capture_output=True, text=True, check=True)
    return sorted(line for line in done.stdout.splitlines() if line)


def test_bash_completes_commands_flags_and_their_values(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = script("bash", capsys, tmp_path)
    registered = subprocess.run(
        ["bash", "--norc", "--noprofile", "-c", f'source "{path}"; complete -p phh-lsp'],
        capture_output=True,
        text=True,
        check=True,
    )
    assert registered.stdout == "complete -o default -F _phh_lsp phh-lsp\n"
    assert bash_completes(path, "c") == ["check", "clean", "completion", "convert"]
    assert bash_completes(path, "check", "--output-format", "j") == ["json", "json-lines", "junit"]
    assert bash_completes(path, "check", "--f") == ["--fix"]
    assert bash_completes(path, "check", "hands/", "--unsafe") == ["--unsafe-fixes"]
    assert bash_completes(path, "completion", "") == ["bash", "fish", "zsh"]
    assert bash_completes(path, "check", "") == []  # file names: bash's own (-o default)


def test_every_command_and_flag_of_the_parser_completes(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = script("bash", capsys, tmp_path)
    assert bash_completes(path, "")[2:] == sorted(cli.COMMANDS)  # after --help, --version
    (commands,) = [a for a in cli._parser()._actions if isinstance(a, argparse._SubParsersAction)]
    for name, parser in commands.choices.items():
        flags = sorted(
            flag
            for action in parser._actions
            if action.help != argparse.SUPPRESS  # serve's --stdio: for editors only
            for flag in action.option_strings
            if flag.startswith("--")
        )
        assert [word for word in bash_completes(path, name, "--") if word != "--help"] == [
            flag for flag in flags if flag != "--help"
        ], name


@pytest.mark.skipif(shutil.which("fish") is None, reason="fish is not installed (Debian: apt-get install fish)")
def test_fish_completes_commands_flags_and_their_values(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = script("fish", capsys, tmp_path)
    assert subprocess.run(["fish", "--no-execute", str(path)], check=False).returncode == 0

    def completes(line: str) -> list[str]:
        done = subprocess.run(
            ["fish", "--no-config", "-c", f"source '{path}'; complete -C '{line}'"],
            capture_output=True,
            text=True,
            check=True,
        )
        return sorted(entry.split("\t")[0] for entry in done.stdout.splitlines())

    assert completes("phh-lsp c") == ["check", "clean", "completion", "convert"]
    assert completes("phh-lsp check --output-format j") == ["json", "json-lines", "junit"]
    assert completes("phh-lsp show --color ") == ["always", "auto", "never"]
    assert completes("phh-lsp completion ") == ["bash", "fish", "zsh"]
    assert "--unsafe-fixes" in completes("phh-lsp check --")


@pytest.mark.skipif(shutil.which("zsh") is None, reason="zsh is not installed (Debian: apt-get install zsh)")
def test_zsh_reads_the_script_and_registers_it(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = script("zsh", capsys, tmp_path)
    assert subprocess.run(["zsh", "-n", str(path)], check=False).returncode == 0
    program = f'autoload -U compinit && compinit -u -D && source "{path}" && print -r -- $_comps[phh-lsp]'
    done = subprocess.run(["zsh", "-f", "-c", program], capture_output=True, text=True, check=True)
    assert done.stdout == "_phh_lsp\n"
    functions = tmp_path / "functions"  # installed as README says: a file _phh-lsp in $fpath
    functions.mkdir()
    path.rename(functions / "_phh-lsp")
    program = f'fpath=("{functions}" $fpath); autoload -U compinit && compinit -u -D && print -r -- $_comps[phh-lsp]'
    done = subprocess.run(["zsh", "-f", "-c", program], capture_output=True, text=True, check=True)
    assert done.stdout == "_phh-lsp\n"


def test_an_unknown_shell_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        cli.main(["completion", "powershell"])
    assert exit_.value.code == 2
    assert "invalid choice: 'powershell'" in capsys.readouterr().err
