"""One configuration: a repository's `[tool.phh-lsp]` read alike by `check` and the server."""

from __future__ import annotations

import asyncio
from pathlib import Path, PurePath

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import LanguageClient, client_capabilities

from phh_lsp.config.cli_flags import options_from_flags
from phh_lsp.config.editor_options import options_from_editor
from phh_lsp.config.file_table import Config, config_from_table
from phh_lsp.config.files import ConfigFinder
from phh_lsp.config.settings import Layers, Settings, resolve
from phh_lsp.config.values import codes_named
from phh_lsp.core.rules.codes import Severity
from tests.core.test_diagnostic_codes import NT
from tests.lsp_client import SERVER, open_document
from tests.test_cli import run

#: A hand with one hint (PHH504, a fold where a check was free) and nothing else.
NEEDLESS_FOLD = NT.replace('"p1 cc",\n  "p2 cc",\n  "p3 cc",\n]', '"p1 cc",\n  "p2 f",\n]')


def repository(root: Path, table: str, name: str = "pyproject.toml") -> Path:
    """A repository with a configuration file and one hand two folders below it."""
    (root / name).write_text(table)
    hands = root / "hands" / "day1"
    hands.mkdir(parents=True)
    (hands / "a.phh").write_text(NEEDLESS_FOLD)
    return hands / "a.phh"


def test_the_hand_has_exactly_one_hint(tmp_path: Path) -> None:
    path = tmp_path / "a.phh"
    path.write_text(NEEDLESS_FOLD)
    assert run("check", "--output-format", "concise", str(path)).stdout.splitlines()[0].split()[1] == "PHH504"


def test_check_reads_the_nearest_pyproject(tmp_path: Path) -> None:
    hand = repository(tmp_path, '[project]\nname = "x"\n\n[tool.phh-lsp]\nignore = ["PHH504"]\n')
    result = run("check", str(tmp_path / "hands"))
    assert (result.returncode, result.stdout) == (0, "All good: no problems (1 file, 1 hand checked)\n")
    # a nearer file wins; a pyproject.toml without the table is passed over
    (hand.parent / "pyproject.toml").write_text('[project]\nname = "y"\n')
    (hand.parent.parent / "phh-lsp.toml").write_text('severity = { needless-fold = "error" }\n')
    result = run("check", "--output-format", "concise", str(hand))
    assert result.returncode == 1
    assert result.stdout.splitlines() == [
        f"{hand}:15:4: PHH504 p2 folds where checking was free: legal, but `cc` keeps the hand alive",
        "Found 1 error, 0 warnings (1 file, 1 hand checked)",
    ]


def test_command_line_select_replaces_and_ignore_adds(tmp_path: Path) -> None:
    hand = repository(tmp_path, '[tool.phh-lsp]\nselect = ["PHH1", "PHH2"]\n')
    assert "PHH504" not in run("check", str(hand)).stdout
    assert "PHH504" in run("check", "--select", "PHH5", str(hand)).stdout
    assert "PHH504" not in run("check", "--select", "PHH5", "--ignore", "needless-fold", str(hand)).stdout
    bad = run("check", "--select", "PHH999", str(hand))
    assert bad.returncode == 2 and "no code matches 'PHH999'" in bad.stderr


def test_an_explicit_config_and_statistics(tmp_path: Path) -> None:
    hand = repository(tmp_path, "")
    (tmp_path / "strict.toml").write_text('severity = { PHH504 = "warning" }\n')
    result = run("check", "--config", str(tmp_path / "strict.toml"), "--statistics", str(hand))
    assert result.stdout.splitlines() == [
        "1  PHH504  warning      needless-fold",
        "Found 0 errors, 1 warning (1 file, 1 hand checked)",
    ]


def test_exclude_skips_walked_files_not_named_ones(tmp_path: Path) -> None:
    hand = repository(tmp_path, '[tool.phh-lsp]\nexclude = ["hands/day1/**"]\n')
    (tmp_path / "hands" / "b.phh").write_text(NT)
    walked = run("check", str(tmp_path / "hands"))
    assert walked.stdout.endswith("(1 file, 1 hand checked)\n")
    assert "PHH504" in run("check", str(hand)).stdout


def test_a_broken_configuration_is_a_usage_error(tmp_path: Path) -> None:
    hand = repository(tmp_path, '[tool.phh-lsp]\nignor = ["PHH504"]\nselect = "PHH1"\n')
    result = run("check", str(hand))
    assert result.returncode == 2
    assert "unknown key 'ignor'" in result.stderr
    assert "select must be a list" in result.stderr
    (tmp_path / "pyproject.toml").write_text("[tool.phh-lsp\n")
    assert "not valid TOML" in run("check", str(hand)).stderr


def test_a_file_reports_its_errors_in_its_own_key_names(tmp_path: Path) -> None:
    """A bad value in phh-lsp.toml is named as the file names it (``line-width``,
    ``severity``), with the file's path, not as the editor's ``phh.format.lineWidth``."""
    hand = repository(tmp_path, 'line-width = 1\nseverity = { PHH504 = "loud" }\n', name="phh-lsp.toml")
    config = tmp_path / "phh-lsp.toml"
    result = run("check", str(hand))
    assert result.returncode == 2
    assert f"phh-lsp check: configuration: {config}: line-width: 1 is not a whole number from 20 to 1000\n" in (
        result.stderr
    )
    assert f"{config}: severity.PHH504: 'loud' is not error, warning, information, hint or off" in result.stderr
    assert "phh." not in result.stderr
    formatted = run("format", "--check", str(hand))
    assert formatted.returncode == 2
    assert f"phh-lsp format: configuration: {config}: line-width: 1 is not a whole number from 20 to 1000\n" in (
        formatted.stderr
    )


@pytest.mark.parametrize("width", ["1", "1001", "wide"])
def test_a_line_width_flag_out_of_range_is_a_usage_error(tmp_path: Path, width: str) -> None:
    """``--line-width`` allows what the settings allow (20 to 1000), as argparse reports."""
    hand = repository(tmp_path, "")
    result = run("format", "--check", "--line-width", width, str(hand))
    assert (result.returncode, result.stdout) == (2, "")
    shown = width if width.isdigit() else repr(width)
    assert result.stderr.splitlines()[-1] == (
        f"phh-lsp format: error: argument --line-width: {shown} is not a whole number from 20 to 1000"
    )
    assert run("format", "--check", "--line-width", "20", str(hand)).returncode in (0, 1)


def test_codes_are_named_by_code_prefix_or_name() -> None:
    assert set(codes_named(["needless-fold"])) == {"PHH504"}
    assert {"PHH101", "PHH102", "PHH103"} <= set(codes_named(["phh1"]))
    unknown: list[str] = []
    assert list(codes_named(["XYZ"], unknown.append)) == [] and unknown == ["XYZ"]


def test_editor_settings_are_laid_over_the_file() -> None:
    config, problems = config_from_table("pyproject.toml", {"ignore": ["PHH504"], "line-width": 100})
    assert problems == []
    editor, problems = options_from_editor(
        {"diagnostics": {"severity": {"PHH504": "hint"}}, "inlayHints": {"mode": "pot"}}
    )
    assert problems == []
    settings = resolve(Layers(file=config.options, editor=editor))
    assert (settings.line_width, settings.inlay_hints) == (100, "pot")
    assert settings.severity_of("PHH504") is not None  # the editor turned it back on
    assert resolve(Layers(file=config.options)).severity_of("PHH504") is None


def test_the_layers_resolve_in_their_named_order() -> None:
    table = {"select": ["PHH1", "PHH2", "PHH504"], "ignore": ["PHH504"], "severity": {"PHH504": "error"}}
    config, problems = config_from_table("phh-lsp.toml", {**table, "line-width": 100})
    assert problems == []
    assert resolve(Layers(file=config.options)).severity_of("PHH504") is None  # ignore wins over its severity
    flags = options_from_flags(select="PHH5", line_width=60)
    settings = resolve(Layers(file=config.options, flags=flags))
    assert (settings.severity_of("PHH504"), settings.severity_of("PHH101"), settings.line_width) == (None, None, 60)
    settings = resolve(Layers(file=config_from_table("x", {"severity": {"PHH504": "error"}})[0].options, flags=flags))
    assert settings.severity_of("PHH504") == Severity.ERROR  # --select replaced the file's: its severity applies
    assert resolve(Layers()) == Settings()


def test_exclude_globs_are_relative_to_the_file() -> None:
    config = Config("/repo/pyproject.toml", exclude=("drafts/**", "*.tmp.phh"))
    assert config.excludes(PurePath("/repo/drafts/a/b.phh"))
    assert config.excludes(PurePath("/repo/x/y.tmp.phh"))
    assert not config.excludes(PurePath("/repo/hands/a.phh"))
    assert not config.excludes(PurePath("/elsewhere/drafts/a.phh"))


def test_the_finder_reads_each_folder_once(tmp_path: Path) -> None:
    hand = repository(tmp_path, '[tool.phh-lsp]\nignore = ["PHH504"]\n')
    finder = ConfigFinder()
    first = finder.for_file(hand)
    (tmp_path / "pyproject.toml").write_text('[tool.phh-lsp]\nignore = ["PHH101"]\n')
    assert finder.for_file(hand) is first  # remembered: a dataset reads each file once
    assert first.options.ignore == frozenset({"PHH504"})
    assert ConfigFinder().for_file(hand).options.ignore == frozenset({"PHH101"})


# ------------------------------------------------------------- the server agrees


async def _codes_shown(client: LanguageClient, path: Path) -> list[str]:
    return [str(d.code) for d in await open_document(client, path.as_uri(), NEEDLESS_FOLD)]


@pytest.mark.asyncio
async def test_the_server_reads_the_same_file(client: LanguageClient, tmp_path: Path) -> None:
    (tmp_path / "ignoring").mkdir()
    ignoring = repository(tmp_path / "ignoring", '[tool.phh-lsp]\nignore = ["PHH504"]\n')
    plain = tmp_path / "plain" / "a.phh"  # no configuration above it (the document is the editor's)
    assert await _codes_shown(client, ignoring) == []
    assert await _codes_shown(client, plain) == ["PHH504"]
    assert run("check", str(ignoring)).returncode == 0


@pytest.mark.asyncio
async def test_editor_settings_override_the_file_in_the_server(client: LanguageClient, tmp_path: Path) -> None:
    hand = repository(tmp_path, '[tool.phh-lsp]\nignore = ["PHH504"]\n')
    client.workspace_did_change_configuration(
        types.DidChangeConfigurationParams(settings={"phh": {"diagnostics": {"severity": {"PHH504": "warning"}}}})
    )
    assert await _codes_shown(client, hand) == ["PHH504"]
    assert client.diagnostics[hand.as_uri()][0].severity == types.DiagnosticSeverity.Warning


# ------------------------------------------------- VS Code's multi-root workspaces

FOLDERS = ("file:///work/strict", "file:///work/relaxed")


@pytest_lsp.fixture(config=SERVER)
async def multi_root(lsp_client: LanguageClient):  # type: ignore[no-untyped-def]
    """A client with two workspace folders whose `phh` settings differ,
    answering `workspace/configuration` per scope as VS Code does."""

    lsp_client.set_configuration({}, section="phh")
    lsp_client.set_configuration({"severity": {"PHH504": "error"}}, section="phh.diagnostics", scope_uri=FOLDERS[0])
    lsp_client.set_configuration({"needless-fold": "off"}, section="phh.diagnostics.severity", scope_uri=FOLDERS[1])

    params = types.InitializeParams(
        capabilities=client_capabilities("visual-studio-code"),
        workspace_folders=[types.WorkspaceFolder(uri, uri.rsplit("/", 1)[-1]) for uri in FOLDERS],
    )
    await lsp_client.initialize_session(params)
    yield
    await lsp_client.shutdown_session()


@pytest.mark.asyncio
async def test_each_workspace_folder_gets_its_own_settings(multi_root: LanguageClient) -> None:
    multi_root.workspace_did_change_configuration(types.DidChangeConfigurationParams(settings={"phh": {}}))
    strict, relaxed, outside = (f"{FOLDERS[0]}/a.phh", f"{FOLDERS[1]}/a.phh", "untitled:Untitled-1")
    for uri in (strict, relaxed, outside):
        multi_root.text_document_did_open(
            types.DidOpenTextDocumentParams(types.TextDocumentItem(uri, "phh", 1, NEEDLESS_FOLD))
        )
    expected = {
        strict: [types.DiagnosticSeverity.Error],
        relaxed: [],
        outside: [types.DiagnosticSeverity.Hint],
    }
    shown: dict[str, list[types.DiagnosticSeverity | None] | None] = {}
    for _ in range(50):  # a document opened before the folders' settings arrive is published again
        await asyncio.sleep(0.1)
        published = {uri: multi_root.diagnostics.get(uri) for uri in expected}  # None: nothing published yet
        shown = {uri: None if found is None else [d.severity for d in found] for uri, found in published.items()}
        if shown == expected:
            break
    assert shown == expected
