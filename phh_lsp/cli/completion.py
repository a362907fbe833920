"""``phh-lsp completion bash|zsh|fish``: a shell completion script, on stdout.

Why generated: the script is written from the command line's own parser
(every command of the table in :mod:`phh_lsp.cli` with the arguments its
module adds), so a new command or flag completes without anyone editing a
list. Commands complete after ``phh-lsp``; after a command, its flags, the
values of a flag with fixed choices (``--output-format``), and file names
for the rest. Install: ``phh-lsp completion bash > ~/.local/share/bash-completion/completions/phh-lsp``
(zsh: a file ``_phh-lsp`` in a folder of ``$fpath``; fish:
``~/.config/fish/completions/phh-lsp.fish``).
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from dataclasses import dataclass

from phh_lsp.cli.command import Command, Streams

SHELLS = ("bash", "zsh", "fish")


@dataclass(frozen=True, slots=True)
class _Option:
    """One flag: its spellings, help, whether it takes a value, and its choices."""

    flags: tuple[str, ...]
    help: str
    takes_value: bool
    choices: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class _Subcommand:
    name: str
    help: str
    options: tuple[_Option, ...]
    #: The choices of its first positional argument, if it has fixed ones.
    words: tuple[str, ...]


def command(parser: Callable[[], argparse.ArgumentParser]) -> Command:
    """The ``completion`` command, given how to build the whole command line's
    parser (passed in, so that this module does not import the table)."""

    def run(args: argparse.Namespace, streams: Streams) -> int:
        subcommands = _subcommands(parser())
        streams.stdout.write(_WRITERS[args.shell](subcommands))
        return 0

    return Command(_add_arguments, run)


def _add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("shell", choices=SHELLS, help="the shell to complete in")


def _subcommands(root: argparse.ArgumentParser) -> list[_Subcommand]:
    found = []
    for action in root._actions:
        if isinstance(action, argparse._SubParsersAction):
            helps = {choice.dest: choice.help or "" for choice in action._choices_actions}
            for name, sub in action.choices.items():
                options = tuple(
                    _Option(
                        tuple(option.option_strings),
                        _help(option),
                        option.nargs != 0,
                        tuple(str(choice) for choice in option.choices or ()),
                    )
                    for option in sub._actions
                    if option.option_strings and option.help != argparse.SUPPRESS
                )
                positional = [option for option in sub._actions if not option.option_strings]
                words = tuple(str(choice) for choice in positional[0].choices or ()) if positional else ()
                found.append(_Subcommand(name, helps.get(name, ""), options, words))
    return found


def _help(option: argparse.Action) -> str:
    """The flag's help line as ``--help`` shows it (``%(default)s`` filled in)."""
    try:
        return (option.help or "") % vars(option)
    except (KeyError, TypeError, ValueError):
        return option.help or ""


def _bash(subcommands: list[_Subcommand]) -> str:
    names = " ".join(sub.name for sub in subcommands)
    lines = [
        "# bash completion for phh-lsp (written by `phh-lsp completion bash`)",
        "_phh_lsp() {",
        '    local cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD-1]}" command="" i',
        "    for ((i = 1; i < COMP_CWORD; i++)); do",
        '        case "${COMP_WORDS[i]}" in -*) ;; *) command="${COMP_WORDS[i]}"; break ;; esac',
        "    done",
        '    case "$command" in',
        f'    "") COMPREPLY=($(compgen -W "{names} --help --version" -- "$cur")) ;;',
    ]
    for sub in subcommands:
        flags = " ".join(flag for option in sub.options for flag in option.flags)
        lines.append(f"    {sub.name})")
        valued = [option for option in sub.options if option.choices]
        if valued:
            lines.append('        case "$prev" in')
            for option in valued:
                choices = " ".join(option.choices)
                lines.append(
                    f'        {"|".join(option.flags)}) COMPREPLY=($(compgen -W "{choices}" -- "$cur")); return ;;'
                )
            lines.append("        esac")
        words = " ".join(sub.words)
        lines += [
            f'        if [[ "$cur" == -* ]]; then COMPREPLY=($(compgen -W "{flags}" -- "$cur"))',
            f'        else COMPREPLY=($(compgen -W "{words}" -- "$cur")); fi ;;' if words else "        fi ;;",
        ]
    lines += ["    esac", "}", "complete -o default -F _phh_lsp phh-lsp", ""]
    return "\n".join(lines)


def _zsh_quote(text: str) -> str:
    """``text`` inside single quotes, as an ``_arguments`` description."""
    text = text.replace("\\", "\\\\").replace("[", "\\[").replace("]", "\\]").replace(":", "\\:")
    return text.replace("'", "'\\''")


def _zsh(subcommands: list[_Subcommand]) -> str:
    lines = [
        "#compdef phh-lsp",
        "# zsh completion for phh-lsp (written by `phh-lsp completion zsh`)",
        "_phh_lsp() {",
        "  local -a commands",
        "  commands=(",
        *(f"    '{sub.name}:{_zsh_quote(sub.help)}'" for sub in subcommands),
        "  )",
        "  local curcontext=$curcontext state line",
        "  _arguments -C '(- *)--version[print the version]' '1: :->command' '*:: :->argument'",
        "  case $state in",
        "  command) _describe 'command' commands ;;",
        "  argument)",
        "    case $line[1] in",
    ]
    for sub in subcommands:
        specs = []
        for option in sub.options:
            value = (
                f":value:({' '.join(option.choices)})"
                if option.choices
                else (":value:_files" if option.takes_value else "")
            )
            names = option.flags[0] if len(option.flags) == 1 else "{" + ",".join(option.flags) + "}"
            exclusive = f"'({' '.join(option.flags)})'" if len(option.flags) > 1 else ""
            specs.append(f"{exclusive}{names}'[{_zsh_quote(option.help)}]{value}'")
        specs.append(f"'1:word:({' '.join(sub.words)})'" if sub.words else "'*:file:_files'")
        lines.append(f"    {sub.name}) _arguments {' '.join(specs)} ;;")
    lines += [
        "    esac ;;",
        "  esac",
        "}",
        # As a file `_phh-lsp` of $fpath (autoloaded by compinit): complete now; sourced: register.
        'if [[ $funcstack[1] == _phh-lsp ]]; then _phh_lsp "$@"; else compdef _phh_lsp phh-lsp; fi',
        "",
    ]
    return "\n".join(lines)


def _fish_quote(text: str) -> str:
    return "'" + text.replace("\\", "\\\\").replace("'", "\\'") + "'"


def _fish(subcommands: list[_Subcommand]) -> str:
    names = " ".join(sub.name for sub in subcommands)
    lines = [
        "# fish completion for phh-lsp (written by `phh-lsp completion fish`)",
        "complete -c phh-lsp -f",
        f"complete -c phh-lsp -n 'not __fish_seen_subcommand_from {names}' -l version -d 'print the version'",
    ]
    for sub in subcommands:
        lines.append(
            f"complete -c phh-lsp -n 'not __fish_seen_subcommand_from {names}' -a {sub.name} -d {_fish_quote(sub.help)}"
        )
        seen = f"-n '__fish_seen_subcommand_from {sub.name}'"
        for option in sub.options:
            spellings = " ".join(
                f"-l {flag[2:]}" if flag.startswith("--") else f"-s {flag[1:]}" for flag in option.flags
            )
            value = (
                f" -x -a {_fish_quote(' '.join(option.choices))}"
                if option.choices
                else (" -r -F" if option.takes_value else "")
            )
            lines.append(f"complete -c phh-lsp {seen} {spellings}{value} -d {_fish_quote(option.help)}")
        if sub.words:
            lines.append(f"complete -c phh-lsp {seen} -a {_fish_quote(' '.join(sub.words))}")
        else:
            lines.append(f"complete -c phh-lsp {seen} -F")
    return "\n".join([*lines, ""])


_WRITERS: dict[str, Callable[[list[_Subcommand]], str]] = {"bash": _bash, "zsh": _zsh, "fish": _fish}
