//! Terminal output: diagnostics with their source line, executions as a timeline.

use miette::{LabeledSpan, MietteDiagnostic, NamedSource, Report, Severity as MSeverity};
use sous_kitchen::describe;
use sous_lang::{Diagnostic, Severity, Span};
use sous_sim::{Execution, FailureKind};

/// When stderr is not a terminal (a log, a pipe, a test), reports are not
/// wrapped: wrapping at a guessed width splits identifiers such as
/// `almond-crescent-cookies` across lines.
pub fn install_report_handler() {
    use std::io::IsTerminal;
    if !std::io::stderr().is_terminal() {
        let _ = miette::set_hook(Box::new(|_| {
            Box::new(miette::MietteHandlerOpts::new().wrap_lines(false).build())
        }));
    }
}

/// Prints `d` to stderr with the offending source line underlined.
pub fn diagnostic(name: &str, text: &str, d: &Diagnostic) {
    let severity = match d.severity {
        Severity::Error => MSeverity::Error,
        Severity::Warning => MSeverity::Warning,
    };
    report(
        name,
        text,
        d.code,
        &d.message,
        d.span,
        d.help.as_deref(),
        severity,
    );
}

pub fn report(
    name: &str,
    text: &str,
    code: &str,
    message: &str,
    span: Span,
    help: Option<&str>,
    severity: MSeverity,
) {
    let mut m = MietteDiagnostic::new(message.to_string())
        .with_code(format!("sous::{code}"))
        .with_severity(severity);
    if span.line > 0 {
        let len = span.len.min(text.len().saturating_sub(span.offset));
        m = m.with_label(LabeledSpan::at(span.offset..span.offset + len, "here"));
    }
    if let Some(h) = help {
        m = m.with_help(h.to_string());
    }
    let report = Report::new(m).with_source_code(NamedSource::new(name, text.to_string()));
    if span.line == 0 {
        eprintln!("{name}:");
    }
    eprintln!("{report:?}");
}

/// The execution as text: timeline, failures, counter-top at the end.
pub fn execution_text(x: &Execution) -> String {
    let mut out = String::new();
    let net = &x.network;
    let time = x
        .execution_time()
        .map_or("none (no solution)".to_string(), |t| format!("{t}"));
    out.push_str(&format!(
        "recipe {}: {} of {} actions executed, execution time {time}\n",
        net.recipe_id,
        x.steps.len(),
        net.actions.len()
    ));
    out.push_str(&format!("{:>9} {:>9}  action\n", "start", "end"));
    for s in &x.steps {
        let a = &net.actions[s.action];
        out.push_str(&format!(
            "{:>9} {:>9}  {}  (line {})\n",
            s.start, s.end, a.text, a.span.line
        ));
    }
    if x.failures.is_empty() {
        out.push_str("failures: none\n");
    } else {
        out.push_str("failures:\n");
        for f in &x.failures {
            let kind = match f.kind {
                FailureKind::FailedObject => "failed",
                FailureKind::NotExecuted => "not executed",
                FailureKind::Crash => "reference crash",
                FailureKind::SearchLimit => "search limit",
                FailureKind::Backend => "physics",
            };
            let line = f
                .span
                .map(|s| format!("line {}: ", s.line))
                .unwrap_or_default();
            out.push_str(&format!("  [{kind}] {line}{}\n", f.message));
        }
    }
    if let Some(ks) = x.final_kitchen() {
        out.push_str("final kitchen, counter-top:\n");
        if let Some(ct) = ks
            .contents()
            .iter()
            .find(|e| e.class_name() == "counter-top")
        {
            for item in ct.contents() {
                for line in describe::tree(item).lines() {
                    out.push_str("  ");
                    out.push_str(line);
                    out.push('\n');
                }
            }
        }
    }
    out
}

/// The physics of a quantitative run: totals, the mass balance, and each
/// action's time in both modes.
pub fn physics_text(x: &sous_sim::Execution) -> String {
    use std::fmt::Write;
    let Some(p) = sous_physics::physics_summary(x) else {
        return String::new();
    };
    let mut out = String::new();
    let _ = writeln!(
        out,
        "physics: {} frames ({:.1} simulated s), {} particles and pieces in the kitchen, {:.3} g spilled of {:.1} g moved, deepest overlap at rest {:.4} m, fastest body at rest {:.4} m/s",
        p.frames, p.simulated_seconds, p.particles_in_kitchen, p.spilled_mass_g, p.moved_mass_g, p.max_penetration_m, p.max_speed_at_rest
    );
    let _ = writeln!(out, "  qualitative s  quantitative s  frames  action");
    for s in &p.steps {
        let _ = writeln!(
            out,
            "  {:>13}  {:>14.1}  {:>6}  {}",
            s.qualitative_seconds, s.physics.time_cost_seconds, s.physics.frames, s.action
        );
    }
    let moved: Vec<_> = p.mass_balance.iter().filter(|m| !m.exact).collect();
    if moved.is_empty() {
        let _ = writeln!(
            out,
            "mass balance: all {} ingredients exact",
            p.mass_balance.len()
        );
    } else {
        let _ = writeln!(
            out,
            "mass balance: {} of {} ingredients differ:",
            moved.len(),
            p.mass_balance.len()
        );
        for m in moved {
            let _ = writeln!(
                out,
                "  {}: {} g at the start, {} g at the end",
                m.ingredient, m.start_g, m.end_g
            );
        }
    }
    out
}
