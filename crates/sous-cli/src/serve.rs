//! `sous serve`: the JSON API of the simulator and the evaluator.

use std::net::IpAddr;
use std::path::PathBuf;

use clap::Args;
use sous_server::{Config, Limits, SessionLimits};

use crate::run::{FAILED, INVALID};

#[derive(Args, Debug)]
pub struct ServeArgs {
    #[arg(long, default_value_t = 8000)]
    port: u16,
    /// Address to listen on (loopback unless told otherwise).
    #[arg(long, default_value = "127.0.0.1")]
    bind: IpAddr,
    /// The benchmark folder (recipes and gold networks) for /api/recipes and /api/evaluate.
    #[arg(long, env = "SOUS_BENCHMARK_DIR", value_name = "DIR")]
    benchmark: Option<PathBuf>,
    /// Largest request body, in bytes.
    #[arg(long, default_value_t = Limits::default().max_body_bytes)]
    max_body_bytes: usize,
    /// Most predicates in one network.
    #[arg(long, default_value_t = Limits::default().max_network_predicates)]
    max_network_predicates: usize,
    /// Most live incremental sessions.
    #[arg(long, default_value_t = SessionLimits::default().max_live)]
    max_sessions: usize,
    /// Seconds after which an unused session ends.
    #[arg(long, default_value_t = SessionLimits::default().idle_timeout.as_secs())]
    session_idle_seconds: u64,
}

pub fn run(args: ServeArgs) -> u8 {
    let config = Config {
        bind: args.bind,
        port: args.port,
        benchmark: args.benchmark,
        preloaded: crate::demo::examples(),
        limits: Limits {
            max_body_bytes: args.max_body_bytes,
            max_network_predicates: args.max_network_predicates,
            sessions: SessionLimits {
                max_live: args.max_sessions,
                idle_timeout: std::time::Duration::from_secs(args.session_idle_seconds),
            },
        },
    };
    serve(config, |addr| {
        eprintln!("sous serves http://{addr}/ (the API under /api/; Ctrl-C to stop)");
    })
}

/// Serves until the process ends; `announce` gets the bound address.
pub fn serve(config: Config, announce: impl FnOnce(std::net::SocketAddr)) -> u8 {
    let runtime = match sous_server::runtime() {
        Ok(r) => r,
        Err(e) => {
            eprintln!("error: cannot start the server: {e}");
            return FAILED;
        }
    };
    let served = runtime.block_on(sous_server::serve(config, announce));
    match served {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("error: {e}");
            INVALID
        }
    }
}
