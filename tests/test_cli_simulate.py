"""`momon simulate`: games per second, wins by seat, turns, end reasons; errors reproduce."""

from typer.testing import CliRunner

from momon_cli.bots import simulate as sim
from momon_cli.cli.app import app

runner = CliRunner()


def test_simulate_reports_figures_in_both_profiles():
    for rules in ("sequential", "simultaneous"):
        result = runner.invoke(app, ["simulate", "--games", "30", "--seed", "5", "--rules", rules])
        assert result.exit_code == 0, result.output
        assert "games/s" in result.output and "player 1" in result.output
        assert "average turns" in result.output and "end reasons: full-arena" in result.output


def test_simulate_engine_error_prints_seed_and_exits_non_zero(monkeypatch):
    def boom(setup, *args):
        if setup.seed == 12:
            raise RuntimeError("kaboom")
        return real(setup, *args)
    real = sim.play_random
    monkeypatch.setattr(sim, "play_random", boom)
    result = runner.invoke(app, ["simulate", "--games", "5", "--seed", "10"])
    assert result.exit_code == 1
    assert "game 3 (seed 12)" in result.output and "--games 1 --seed 12" in result.output


def test_simulate_bad_deck_is_one_line_no_traceback():
    result = runner.invoke(app, ["simulate", "--deck1", "nope"])
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert "no built-in deck named 'nope'" in result.output


def test_pairings_play_every_deck_against_every_deck_in_both_seats():
    from momon_cli.bots.simulate import run_pairings
    from momon_cli.data.cards import builtin_deck_names, load_deck, load_matrix, load_pool
    pool = load_pool()
    decks = [load_deck(n, pool) for n in builtin_deck_names()[:3]]
    report = run_pairings(4, 1, decks, load_matrix(), "simultaneous")
    assert report.games == 4 * 3 * 3
    names = report.decks
    for a in names:
        for b in names:
            if a != b:
                assert report.played[a, b] == 8 and report.wins[a, b] + report.wins[b, a] == 8
        assert 0.0 <= report.against_field(a) <= 1.0
    assert sum(report.reasons.values()) == report.games


def test_cards_filter_by_mechanic_and_show_the_decks_using_a_card():
    from typer.testing import CliRunner

    from momon_cli.cli.app import app
    runner = CliRunner()
    result = runner.invoke(app, ["cards", "--has", "swap"])
    assert result.exit_code == 0 and "MCL-035" in result.output and "MCL-001" not in result.output
    result = runner.invoke(app, ["cards", "MCL-035"])
    assert "Used by: Control Swaps" in result.output
    result = runner.invoke(app, ["cards", "--has", "nonsense"])
    assert result.exit_code == 1 and "--has takes one of" in result.output


def test_decks_show_each_plan():
    from typer.testing import CliRunner

    from momon_cli.cli.app import app
    result = CliRunner().invoke(app, ["decks"])
    assert result.exit_code == 0 and "A Ward wall" in " ".join(result.output.split())


def test_simulate_all_pairs_prints_the_win_matrix_and_the_field():
    from typer.testing import CliRunner

    from momon_cli.cli.app import app
    result = CliRunner().invoke(app, ["simulate", "--all-pairs", "--games", "2", "--rules", "simultaneous"])
    assert result.exit_code == 0 and "Field" in result.output and "end reasons: full-arena" in result.output


def test_tournament_writes_json_and_csv_and_simulate_takes_two_bots(tmp_path):
    import json

    from typer.testing import CliRunner

    from momon_cli.cli.app import app
    runner = CliRunner()
    result = runner.invoke(app, ["tournament", "--bots", "random,greedy", "--decks", "ember-tide,prism", "--games", "4",
                                 "--json", str(tmp_path / "t.json"), "--csv", str(tmp_path / "t.csv")])
    assert result.exit_code == 0, result.output
    data = json.loads((tmp_path / "t.json").read_text())
    assert {r["bot"] for r in data["rows"]} == {"random", "greedy"} and set(data["elo"]) == {"random", "greedy"}
    assert (tmp_path / "t.csv").read_text().startswith("bot,opponent,wins,games")
    result = runner.invoke(app, ["simulate", "--bot1", "greedy", "--bot2", "random", "--games", "2"])
    assert result.exit_code == 0 and "95% interval" in result.output
    assert runner.invoke(app, ["tournament", "--bots", "random,wizard"]).exit_code == 1


def test_tournament_takes_a_playout_budget_and_reports_thinking_time():
    from typer.testing import CliRunner

    from momon_cli.cli.app import app
    result = CliRunner().invoke(app, ["tournament", "--bots", "search,random", "--decks", "prism", "--games", "2",
                                      "--playouts", "3"])
    assert result.exit_code == 0, result.output
    assert "search: " in result.output and "slowest" in result.output and "random: " in result.output


def test_play_against_a_bot_from_a_script(tmp_path):
    from typer.testing import CliRunner

    from momon_cli.cli.app import app
    result = CliRunner().invoke(app, ["play", "--p1", "Ann", "--p2", "bot:greedy", "--seed", "4", "--script", "-",
                                      "--log", str(tmp_path / "g.jsonl")], input="summon 1 B2\nsummon 1 C3\n")
    assert result.exit_code == 3, result.output
    assert "Greedy bot Summons" in result.output and "Pass to" not in result.output


def test_bench_times_both_profiles_with_and_without_abilities():
    """The bare loop plays no abilities, so bench also times the same games without them."""
    result = runner.invoke(app, ["bench", "--games", "10"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert [line.split(":")[0].strip() for line in lines] == [
        "sequential", "simultaneous", "The same games with every ability taken off the cards (the bare loop's own rules)",
        "sequential", "simultaneous"]
    assert all("games/s" in line and "ratio" in line for line in lines if not line.startswith("The same"))


def test_without_abilities_keeps_every_card_but_its_abilities():
    from momon_cli.bots.bench import without_abilities
    from momon_cli.data.cards import load_deck, load_pool

    deck = load_deck("ember-tide", load_pool())
    bare = without_abilities(deck)
    assert any(card.abilities for card in deck.cards) and not any(card.abilities for card in bare.cards)
    assert [(c.id, c.power, c.element, c.sights) for c in bare.cards] == [(c.id, c.power, c.element, c.sights)
                                                                         for c in deck.cards]
    assert not any(card.by_timing or card.power_statics or card.keywords for card in bare.cards)


def test_the_balance_table_heads_every_deck_column_differently():
    """Earth Tricks and Ember Tide share their initials; the table must still tell them apart."""
    from momon_cli.cli.lab import _abbreviations
    from momon_cli.data.cards import builtin_deck_names, load_deck, load_pool

    pool = load_pool()
    names = [load_deck(n, pool).name for n in builtin_deck_names()]
    short = _abbreviations(names)
    assert len(set(short.values())) == len(names)
    assert short["Earth Tricks"] == "ETr" and short["Ember Tide"] == "ETi" and short["Prism"] == "P"
    odd = _abbreviations(["Ab", "A b", "A"])  # names that stay alike however much is taken
    assert len(set(odd.values())) == 3
    result = runner.invoke(app, ["simulate", "--all-pairs", "--games", "1"], env={"COLUMNS": "200"})
    assert result.exit_code == 0 and "Earth Tricks (ETr)" in result.output and "Ember Tide (ETi)" in result.output


def test_bench_floor_plays_the_shared_bare_loop_game_for_game(monkeypatch):
    """``momon bench`` measures against the project's floor, ../shared/bench/bare_loop.py: on
    that loop's own cards and Elements, from one seed, its bare games are that loop's games
    (the same deals, Spaces, Snatches and winners), so its ratio is the project's ratio."""
    import random
    import runpy
    from pathlib import Path

    import pytest

    from momon_cli.bots.bench import _bare_game
    from momon_cli.engine import CardDef

    root = Path(__file__).resolve().parent.parent
    found = [p for p in (root.parent / "shared/bench/bare_loop.py", root.parent.parent / "shared/bench/bare_loop.py")
             if p.is_file()]
    if not found:
        pytest.skip("no ../shared/bench/bare_loop.py beside the project")
    monkeypatch.setattr("sys.argv", [str(found[0]), "0"])  # the loop's module plays no games of its own
    bare = runpy.run_path(str(found[0]), run_name="bare_loop")
    cards = [CardDef(f"B-{i}", f"bare {i}", 1, element, power, tuple(sights))
             for i, (element, power, sights) in enumerate(bare["POOL"])]
    theirs, ours = random.Random(3), random.Random(3)
    for _ in range(300):
        assert _bare_game(ours, cards, frozenset(bare["BEATS"])) == bare["game"](theirs)
    assert ours.getstate() == theirs.getstate()
