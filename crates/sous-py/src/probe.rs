//! One probing answer judged as `sous probe score` judges it, so that a
//! harness scoring answer by answer (lm-evaluation-harness's
//! `process_results`) gives sous's figures, reader's words included.

use pyo3::prelude::*;

use crate::errors::Failure;

/// `(correct, set F1 or None)` of `answer` for `instance`: an instance as
/// `sous probe` writes it, as a JSON string or a dict.
#[pyfunction]
pub fn probe_judge(
    py: Python<'_>,
    instance: &Bound<'_, PyAny>,
    answer: &Bound<'_, PyAny>,
) -> PyResult<(bool, Option<f64>)> {
    let value = |m: String| Failure::Value(m).into_py(py);
    let instance: serde_json::Value = if let Ok(text) = instance.extract::<String>() {
        serde_json::from_str(&text).map_err(|e| value(format!("the instance is not JSON: {e}")))?
    } else {
        pythonize::depythonize(instance)
            .map_err(|e| value(format!("the instance is not a JSON object: {e}")))?
    };
    if instance.get("answer_kind").is_none() {
        return Err(value(
            "the instance has no `answer_kind`: give an instance as `sous probe` writes it".into(),
        ));
    }
    let answer: serde_json::Value = if answer.is_none() {
        serde_json::Value::Null
    } else {
        pythonize::depythonize(answer)
            .map_err(|e| value(format!("the answer is not JSON data: {e}")))?
    };
    crate::guard(py, || {
        let j = sous_probe::score::judge_one(&instance, &answer);
        Ok((j.correct, j.f1))
    })
}
