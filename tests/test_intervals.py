"""The intervals every strength, agreement and coach figure is reported with, held to the
published worked examples (Newcombe 1998, Statistics in Medicine 17: single proportion 81/263;
difference 56/70 minus 48/80, his method 10), and the paired lead worked by hand."""

import pytest

from momon_cli.bots.tournament import newcombe, paired_lead, wilson


def test_wilson_matches_the_published_example() -> None:
    low, high = wilson(81, 263)
    assert low == pytest.approx(0.2553, abs=5e-5) and high == pytest.approx(0.3662, abs=5e-5)


def test_wilson_of_no_games_is_the_whole_range() -> None:
    assert wilson(0, 0) == (0.0, 1.0)


def test_newcombe_matches_the_published_example() -> None:
    low, high = newcombe(56, 70, 48, 80)
    assert low == pytest.approx(0.0524, abs=5e-5) and high == pytest.approx(0.3339, abs=5e-5)


def test_newcombe_of_equal_rates_straddles_zero_and_is_antisymmetric() -> None:
    low, high = newcombe(30, 60, 30, 60)
    assert low < 0 < high
    assert newcombe(10, 40, 25, 50) == pytest.approx(tuple(-x for x in reversed(newcombe(25, 50, 10, 40))))


def test_paired_lead_is_the_mean_difference_with_its_normal_interval() -> None:
    # differences 1 1 0 0 -1 0 1 0: mean 0.25, sample variance 3.5 / 7 = 0.5, standard error 0.25
    mean, low, high = paired_lead([1, 1, 0, 0, -1, 0, 1, 0])
    assert mean == pytest.approx(0.25) and low == pytest.approx(0.25 - 0.49) and high == pytest.approx(0.25 + 0.49)


def test_paired_lead_of_alike_results_is_no_lead_and_of_too_few_is_the_whole_range() -> None:
    assert paired_lead([0] * 40) == (0.0, 0.0, 0.0)
    assert paired_lead([1]) == (0.0, -1.0, 1.0)
