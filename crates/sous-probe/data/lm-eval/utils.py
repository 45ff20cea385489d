"""sous's probing tasks in lm-evaluation-harness.

`sous probe export --lm-eval DIR` writes this file beside one task YAML per
probing task, the group `sous_probe` and `instances.jsonl`:

    lm_eval --model local-chat-completions \
        --model_args model=NAME,base_url=http://127.0.0.1:8080/v1/chat/completions,tokenizer_backend=None \
        --apply_chat_template --include_path DIR --tasks sous_probe --limit 5

Every answer is scored by sous's own probe scorer (`sous.probe_judge`, the
judgement `sous probe score` makes): exact match, and set F1 where the
answer is a set. It reads the reader's words ("baking sheet", "icing
sugar") as their classes. Needs the `sous` Python package.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import datasets

import sous

_HERE = Path(__file__).resolve().parent


def load(sous_task: str, **_metadata: Any) -> dict[str, datasets.Dataset]:
    """The instances of one task, from `instances.jsonl` beside this file."""
    rows = []
    with open(_HERE / "instances.jsonl", encoding="utf-8") as f:
        for line in f:
            if line.strip():
                row = json.loads(line)
                if row["task"] == sous_task:
                    rows.append(row)
    return {"test": datasets.Dataset.from_list(rows, split=datasets.Split.TEST)}


def process_results(doc: dict[str, Any], results: list[str]) -> dict[str, float]:
    """Exact match, and set F1 where the answer is a set, as `sous probe score` judges."""
    answer = results[0] if results else ""
    correct, f1 = sous.probe_judge(doc["instance"], answer)
    out = {"exact_match": float(correct)}
    if f1 is not None:
        out["set_f1"] = f1
    return out
