"""`sous.Benchmark`: recipes and gold networks."""

import pytest

import sous


def test_recipes_texts_and_gold(benchmark_dir, gold_dir):
    b = sous.Benchmark()
    assert len(b) == 30 and len(b.recipes()) == 30
    assert "almond-crescent-cookies" in b
    text = b.text("almond-crescent-cookies")
    assert text.startswith("Almond Crescent Cookies\n\nIngredients:\n- 230 grams butter")
    assert "\nInstructions:\n1. " in text
    assert b.title("almond-crescent-cookies") == "Almond Crescent Cookies"
    assert b.ingredients("almond-crescent-cookies")[0].startswith("230 grams butter")
    assert b.instructions("almond-crescent-cookies")
    assert b.gold("almond-crescent-cookies") == (gold_dir / "almond-crescent-cookies.solution").read_text()
    assert "<recipe>" in b.recipe_xml("almond-crescent-cookies")
    assert sous.Benchmark(benchmark_dir).path == benchmark_dir


def test_unknown_recipes_and_missing_data(tmp_path, monkeypatch):
    b = sous.Benchmark()
    for f in (b.text, b.gold, b.recipe_xml):
        with pytest.raises(sous.UnknownRecipeError):
            f("no-such-recipe")
    with pytest.raises(sous.BenchmarkError):
        sous.Benchmark(tmp_path)
    monkeypatch.delenv("SOUS_BENCHMARK_DIR")
    with pytest.raises(sous.BenchmarkError, match="SOUS_BENCHMARK_DIR"):
        sous.Benchmark()
