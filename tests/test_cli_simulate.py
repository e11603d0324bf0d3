"""`momon simulate`: games per second, wins by seat, turns, end reasons; errors reproduce."""

from typer.testing import CliRunner

from momon_cli import simulate as sim
from momon_cli.cli import app

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
    from momon_cli.carddata import builtin_deck_names, load_deck, load_matrix, load_pool
    from momon_cli.simulate import run_pairings
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
