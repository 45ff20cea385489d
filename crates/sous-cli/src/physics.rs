//! `sous physics`: the physics kitchen's own checks. `calibrate` runs the
//! standard kitchen situations of `calibration.toml` with the heat law and
//! prints what it gives against what real kitchens measure.

use clap::{Args, Subcommand};

use crate::Format;

#[derive(Args, Debug)]
pub struct PhysicsArgs {
    #[command(subcommand)]
    command: PhysicsCommand,
}

#[derive(Subcommand, Debug)]
enum PhysicsCommand {
    /// Run the standard kitchen situations (water to the boil, the oven
    /// preheating, cookies baking, butter melting, a salad chilling) with
    /// the heat law and print each against the range real kitchens give,
    /// with its source. Exit code: 0 when every one is inside its range,
    /// 1 otherwise.
    Calibrate {
        #[arg(long, value_enum, default_value = "text")]
        format: Format,
    },
}

pub fn run(args: PhysicsArgs) -> u8 {
    match args.command {
        PhysicsCommand::Calibrate { format } => calibrate(format),
    }
}

fn calibrate(format: Format) -> u8 {
    let rows = match sous_physics::dynamics::calibrate::table() {
        Ok(rows) => rows,
        Err(e) => {
            eprintln!("error: {e}");
            return 2;
        }
    };
    match format {
        Format::Json => match serde_json::to_string_pretty(&rows) {
            Ok(s) => println!("{s}"),
            Err(e) => {
                eprintln!("error: {e}");
                return 2;
            }
        },
        Format::Text => {
            println!("| situation | measured | expected | within | source |");
            println!("|---|---|---|---|---|");
            for r in &rows {
                let measured = match r.unit {
                    "s" => format!("{:.0} s ({:.1} min)", r.measured, r.measured / 60.0),
                    u => format!("{:.1} {u}", r.measured),
                };
                let measured = match &r.note {
                    Some(n) => format!("{measured}; {n}"),
                    None => measured,
                };
                let expected = match r.unit {
                    "s" if r.expected[1] >= 120.0 => format!(
                        "{:.0}–{:.0} min",
                        r.expected[0] / 60.0,
                        r.expected[1] / 60.0
                    ),
                    u => format!("{}–{} {u}", r.expected[0], r.expected[1]),
                };
                println!(
                    "| {} | {measured} | {expected} | {} | {} |",
                    r.situation,
                    if r.within { "yes" } else { "**no**" },
                    r.source
                );
            }
        }
    }
    u8::from(!rows.iter().all(|r| r.within))
}
