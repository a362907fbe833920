"""Shared fixtures (where the corpus is, small text helpers) and the markers of the quick loop."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.lsp_client import client  # noqa: F401 - the end-to-end tests' server session, for every test module

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT.parent / "shared" / "corpus"
#: The 991-hand real online file: the big `.phhs` every speed and scale test uses.
BIG_PHHS = CORPUS / "handhq" / "ps NLH handhq_1-OBFUSCATED.phhs"


@dataclass(frozen=True)
class CorpusTotals:
    """What the corpus's MANIFEST says it holds (its "total" row)."""

    phh_files: int
    phhs_files: int
    hands: int


def manifest_totals() -> CorpusTotals:
    """The totals the corpus declares, read from its MANIFEST.

    Why not numbers written here: the corpus grows (it went from 1,369 to
    1,632 hands), and the suite must then check that every hand of the new
    corpus is counted, not fail on a stale constant.
    """
    manifest = (CORPUS / "MANIFEST.md").read_text(encoding="utf-8")
    row = re.search(r"(?m)^\| total \| (\d+) `\.phh` \+ (\d+) `\.phhs`.*?\| ([\d,]+) \|", manifest)
    assert row is not None, "the corpus MANIFEST has no total row"
    return CorpusTotals(int(row.group(1)), int(row.group(2)), int(row.group(3).replace(",", "")))


def site_samples() -> list[Path]:
    """One history of each site the converter reads (its first sample with no
    deliberate typo, from tests/convert/samples): what a user of that site
    opens in an editor."""
    samples = ROOT / "tests" / "convert" / "samples"
    folders = sorted(folder for folder in samples.iterdir() if folder.is_dir())
    return [min(path for path in folder.iterdir() if "typo" not in path.name) for folder in folders]


def convert_summary(history: Path) -> str:
    """What the editors' convert commands say of ``history`` (after their
    prefix), as the command line's converter finds it: "Site: converted N of
    M hands (P with problems, F failed)", P counting hands; the history must convert a hand."""
    from phh_lsp.convert.conversion import convert_text, decode_history

    expected = convert_text(decode_history(history.read_bytes()), None)
    assert expected.site is not None and expected.converted, history
    converted, failed = len(expected.converted), len(expected.failed)
    problems = sum(bool(hand.problems) for hand in expected.converted)
    hands = "1 hand" if converted + failed == 1 else f"{converted + failed} hands"
    return f"{expected.site.name}: converted {converted} of {hands} ({problems} with problems, {failed} failed)"


def corpus_files() -> list[Path]:
    """Every .phh and .phhs file of the shared corpus, sorted."""
    return sorted(path for path in CORPUS.rglob("*") if path.suffix in (".phh", ".phhs"))


@pytest.fixture(scope="session")
def corpus() -> Path:
    """The corpus folder (the suite needs it: it is the ground truth)."""
    assert CORPUS.is_dir(), f"the shared corpus is missing at {CORPUS}"
    return CORPUS


#: The kinds of test the quick loop leaves out; each is a marker registered in pyproject.toml.
#: ``fast`` is given to every test that has none of them.
LEFT_OUT_OF_FAST = ("e2e", "editors", "extension", "slow")
#: Folders of ``tests/`` whose every test is of one kind, named by the folder.
KIND_FOLDERS = ("e2e", "editors", "extension")
#: Where ``pytest_lsp.fixture`` defines the fixtures it makes (each starts the real server).
PYTEST_LSP_FIXTURES = "pytest_lsp.plugin"
#: Tests that take more than about a second, as ``file name::function`` (every parameter of it):
#: those over 1.5 s in ``pytest -m fast --durations=0`` runs on this project's busy 2-core
#: machine. Measure again, and add a line here, when the quick loop grows slow.
SLOW = frozenset(
    {
        "test_results_cache.py::test_two_runs_at_once_leave_a_cache_both_can_use",
        "test_results_cache.py::test_jobs_use_the_cache_and_print_the_same",
        "test_results_cache.py::test_a_cached_run_prints_what_a_fresh_run_prints",
        "test_results_cache.py::test_format_check_from_the_cache",
        "test_results_cache.py::test_damaged_entries_are_ignored_and_rewritten",
        "test_array_slips.py::test_one_slip_in_a_generated_hand_is_one_error_and_its_fix_undoes_it",
        "test_cli.py::test_equity_prints_who_was_ahead_street_by_street",
        "test_cli.py::test_jobs_give_identical_results",
        "test_cli_paths.py::test_a_named_pipe_does_not_hang_the_check",
        "test_cli_paths.py::test_symlink_loops_end_and_check_each_file_once",
        "test_cli_paths.py::test_unreadable_entries_are_reported_and_the_rest_checked",
        "test_code_lens.py::test_phhs_lenses_are_resolved_one_hand_at_a_time",
        "test_completion.py::test_bash_completes_commands_flags_and_their_values",
        "test_completion.py::test_zsh_reads_the_script_and_registers_it",
        "test_config.py::test_command_line_select_replaces_and_ignore_adds",
        "test_convert_cli.py::test_a_file_with_a_broken_hand_converts_the_rest_and_says_so",
        "test_convert_cli.py::test_a_folder_is_walked_and_every_hand_counted",
        "test_convert_cli.py::test_a_folder_with_no_hand_history_exits_2",
        "test_convert_cli.py::test_a_utf16_file_with_a_byte_order_mark",
        "test_convert_cli.py::test_clean_files_to_stdout_and_to_one_file_per_hand",
        "test_convert_cli.py::test_what_cannot_be_converted_exits_2",
        "test_core_boundaries.py::test_edits_of_a_valid_hand_never_raise",
        "test_docs_site.py::test_the_site_builds_strictly",
        "test_equity.py::test_a_sampled_figure_lies_within_its_margin_of_the_exact_one",
        "test_equity.py::test_board_games_exact",
        "test_equity.py::test_ehs_on_the_flop_is_the_seeds_exactly",
        "test_equity.py::test_ehs_on_the_turn_is_the_seeds_exactly",
        "test_equity.py::test_stud_games_within_the_margin_of_every_seventh_card",
        "test_equity.py::test_unknown_and_folded_cards",
        "test_every_site.py::test_a_garbled_history_never_raises_and_every_hand_is_answered",
        "test_export.py::test_nothing_exported_exits_2",
        "test_export.py::test_what_cannot_be_said_is_named_and_the_run_goes_on",
        "test_extremes.py::test_extreme_input",
        "test_fast_paths.py::test_corpus_hands_take_the_fast_path_and_read_the_same",
        "test_incremental.py::test_edits_of_a_twelve_thousand_hand_file_show_what_a_fresh_analysis_shows",
        "test_fast_paths.py::test_header_starts_are_the_header_expressions_matches",
        "test_fast_paths.py::test_independent_hands_are_cut_at_the_trees_headers",
        "test_fast_paths.py::test_plain_lines_read_as_their_built_nodes_read",
        "test_fast_paths.py::test_pokerkits_own_cards_change_nothing_on_generated_hands",
        "test_fast_paths.py::test_pokerkits_own_cards_change_nothing_on_the_corpus",
        "test_fast_paths.py::test_the_verdict_without_the_values_is_checks_verdict",
        "test_fast_paths.py::test_the_verdict_without_the_values_on_the_corpus_and_the_suite",
        "test_features_robustness.py::test_truncated_documents",
        "test_formatter.py::test_generated_hand",
        "test_formatting.py::test_corpus_idempotent_and_lossless",
        "test_formatting.py::test_corpus_phhs_hands_separated_by_one_blank_line",
        "test_incremental.py::test_a_chain_of_edits_shows_what_a_fresh_analysis_shows",
        "test_inlay_hints.py::test_a_whole_file_request_replays_a_bounded_number_of_hands",
        "test_json_schema.py::test_every_corpus_hand_validates",
        "test_large_requests.py::test_large_outline_and_folds_equal_a_fresh_reading_after_edits",
        "test_large_requests.py::test_token_deltas_applied_to_the_previous_tokens_are_the_full_ones",
        "test_lint.py::test_clean",
        "test_markers.py::test_the_fast_run_deselects_the_servers_and_editors",
        "test_packaging.py::test_installed_as_a_tool",
        "test_packaging.py::test_the_wheel_holds_what_is_read_at_run_time",
        "test_packaging.py::test_the_wheel_installed_alone_checks_formats_replays_and_explains",
        "test_pre_commit.py::test_the_check_hook_fails_on_a_broken_hand",
        "test_pre_commit.py::test_the_format_hook_rewrites_and_fails_once",
        "test_properties.py::test_corpus_file_with_random_edits",
        "test_properties.py::test_generated_hand_with_random_edits",
        "test_properties.py::test_generated_legal_hand",
        "test_properties.py::test_random_noise",
        "test_properties.py::test_truncated_at_every_position",
        "test_replay_html.py::test_a_broken_hand_shows_its_last_state_and_the_error",
        "test_replay_html.py::test_replay_refuses_what_it_cannot_write",
        "test_replay_html.py::test_the_shared_page_replays_dwan_ivey_offline",
        "test_replay_html.py::test_the_uncalled_bet_and_the_all_in_equity_are_told",
        "test_replay_html.py::test_a_stud_page_tells_up_cards_from_down_cards_and_has_no_big_blind",
        "test_security.py::test_only_the_command_line_touches_files_or_processes",
        "test_server_warm_up.py::test_the_warm_up_loads_what_a_check_needs_and_leaves_the_rest_for_later",
        "test_server_warm_up.py::test_a_first_check_of_a_thousand_hands_runs_no_collection_of_the_middle_generation",
        "test_server_warm_up.py::test_the_first_showdown_after_the_warm_up_builds_no_table",
        "test_semantic_tokens.py::test_range_request_matches_the_full_tokens",
        "test_show.py::test_a_broken_hand_stops_where_the_replay_stops",
        "test_show.py::test_hand_1_is_the_first_hand_after_a_heading_comment",
        "test_strength.py::test_a_draw_game_shows_the_made_hand_and_why_there_is_no_equity",
        "test_strength.py::test_a_spot_slower_than_the_hovers_wait_says_it_is_still_computed",
        "test_strength.py::test_the_first_hover_of_the_flop_bet_waits_for_who_is_ahead",
        "test_strength.py::test_the_flop_of_dwan_ivey_shows_both_players_equity_and_ehs",
        "test_strength.py::test_the_hovered_spot_goes_ahead_of_the_prefetched_ones",
        "test_strength.py::test_who_is_ahead_stays_within_the_hovers_width",
        "test_symbols.py::test_folding_ranges",
        "test_symbols.py::test_phhs_hands_named_by_table_and_hand_number",
        "test_syntax_properties.py::test_edited_files",
        "test_syntax_properties.py::test_generated_documents",
        "test_syntax_properties.py::test_rules_about_keys_and_tables",
        "test_text_edits.py::test_random_texts",
        "test_text_edits.py::test_reformatted_phhs_diffs_fast",
        "test_toml_validity.py::test_the_toml_suite_is_judged_as_toml_1_0_says",
        "test_fast_paths.py::test_hover_replays_the_hand_the_diagnostics_read_and_sees_what_a_fresh_reading_sees",
        "test_published_diagnostics.py::test_a_publish_says_what_pyglss_converter_says_as_the_diagnostics_move",
        "test_incremental.py::test_a_chain_of_edits_of_a_text_in_blocks_shows_what_a_fresh_analysis_shows",
        "test_incremental.py::test_the_servers_blocks_hold_the_text_pygls_makes",
        "test_text.py::test_text_in_blocks_is_the_text_after_edits",
        "test_text.py::test_line_index_after_edits_is_the_fresh_index",
        "test_pokerkit_tables.py::test_a_showdown_is_judged_as_with_eager_tables",
        "test_pokerkit_tables.py::test_every_table_built_on_first_use_equals_pokerkits_own",
        "test_properties.py::test_every_line_duplicated",
        "test_formatting.py::test_damaged_corpus_files",
        "test_published_diagnostics.py::test_diagnostics_published_again_are_not_made_again",
        "test_convert_cli.py::test_one_hand_is_counted_as_one_hand",
        "test_first_check.py::test_a_keystroke_before_the_first_publish_leaves_the_next_ones_one_publish_each",
        "test_published_diagnostics.py::test_what_is_published_after_any_edit_is_what_a_fresh_server_publishes",
        "test_published_diagnostics.py::test_diagnostics_placed_in_their_hands_stand_where_a_fresh_reading_puts_them",
        "test_large_requests.py::test_a_stale_result_id_gets_the_full_tokens",
    }
)
#: Every test the session collected, before ``-m`` deselects, with its markers' names.
MARKED = pytest.StashKey[dict[str, frozenset[str]]]()


def corpus_file(value: object) -> bool:
    """Whether a test's parameter is a file of the shared corpus."""
    return isinstance(value, Path) and value.resolve().is_relative_to(CORPUS.resolve())


def kinds(path: Path, function: str, fixture_modules: Iterable[str], params: Iterable[object] = ()) -> set[str]:
    """The markers the hook gives a test, from its file, its function's name, the modules of
    its fixtures and the values of its parameters."""
    found: set[str] = set()
    tests, path = ROOT / "tests", path.resolve()
    folder = path.relative_to(tests).parts[0] if path.is_relative_to(tests) else ""
    if folder in KIND_FOLDERS:
        found.add(folder)
    if PYTEST_LSP_FIXTURES in fixture_modules:
        found.add("e2e")
    if f"{path.name}::{function}" in SLOW or any(corpus_file(value) for value in params):
        found.add("slow")
    return found


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark each test by what it needs, so that ``pytest -m fast`` is the quick loop.

    The rule:

    * a test under ``tests/e2e/``, ``tests/editors/`` or ``tests/extension/`` gets the folder's
      marker: ``e2e`` (the real server over stdio), ``editors`` (a real editor: Neovim),
      ``extension`` (the VS Code extension's build and tests);
    * a test using a fixture made with ``pytest_lsp.fixture`` (``client`` from
      ``tests/lsp_client.py``, or its own like ``multi_root`` in ``tests/test_config.py``)
      starts the real server: ``e2e``;
    * a test named in ``SLOW`` (measured with ``pytest --durations=0``) takes more than about a
      second, and a test run once per corpus file (a parameter is a file of the corpus) is one of
      1,500 that take a minute together: ``slow``;
    * what the hook cannot see is written on the test: ``@pytest.mark.e2e`` on a test that
      starts the server by ``session()`` of ``tests/hardening/lsp_session.py``;
    * a test with none of ``e2e``, ``editors``, ``extension`` and ``slow`` gets ``fast``.

    ``pytest -m fast`` is thus ``pytest -m "not (e2e or editors or extension or slow)"``; plain
    ``pytest`` still runs every test (CI does). Runs first, before ``-m`` deselects, and keeps
    what it gave every test in ``config.stash[MARKED]``, for ``tests/test_markers.py`` to hold
    the hook to this rule.
    """
    for item in items:
        fixtures = getattr(item, "_fixtureinfo", None)
        definitions = fixtures.name2fixturedefs.values() if fixtures is not None else ()
        modules = {definition.func.__module__ for chain in definitions for definition in chain}
        function = getattr(item, "originalname", item.name)
        callspec = getattr(item, "callspec", None)
        params = callspec.params.values() if callspec is not None else ()
        for kind in sorted(kinds(item.path, function, modules, params)):
            item.add_marker(kind)
        if not any(item.get_closest_marker(kind) for kind in LEFT_OUT_OF_FAST):
            item.add_marker("fast")
    config.stash[MARKED] = {item.nodeid: frozenset(mark.name for mark in item.iter_markers()) for item in items}


@pytest.fixture(autouse=True)
def _no_strength_left_behind() -> Iterator[None]:
    """Equities queued by a test's hovers are not computed during the next
    tests (one background thread, seconds of work per spot)."""
    yield
    from phh_lsp.core.strength.spot_cache import drop_pending

    drop_pending()


@pytest.fixture(autouse=True)
def _results_cache_in_a_temporary_folder(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``check`` and ``format`` keep their results cache in a fresh folder
    for each test, never in the repository and never shared between tests
    (tests of the cache's place unset ``PHH_LSP_CACHE_DIR`` themselves);
    the subprocesses a test starts inherit it."""
    from phh_lsp.cli.results_cache import CACHE_DIR_ENV

    monkeypatch.setenv(CACHE_DIR_ENV, str(tmp_path_factory.mktemp("phh-lsp-cache")))
