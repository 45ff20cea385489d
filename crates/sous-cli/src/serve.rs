//! `sous serve`: the JSON API of the simulator and the evaluator.

use std::net::IpAddr;
use std::path::PathBuf;

use clap::Args;
use sous_server::{CacheLimits, Config, Limits, PhysicsPool, SessionLimits};

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
    /// Every API call must send `Authorization: Bearer TOKEN`.
    #[arg(long, env = "SOUS_TOKEN", hide_env_values = true)]
    token: Option<String>,
    /// Serve a non-loopback address without a token (anyone who can reach it
    /// may use the API).
    #[arg(long)]
    allow_anonymous: bool,
    /// Let pages from this origin call the API from a browser (CORS;
    /// repeatable). Off by default.
    #[arg(long, value_name = "ORIGIN")]
    cors_origin: Vec<String>,
    /// Most quantitative (physics) executions at once (default: one per
    /// core); a quantitative request that finds them all busy is answered
    /// 503 with `Retry-After`. Qualitative requests are not limited.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    physics_workers: Option<u16>,
    /// Seconds of physics one quantitative request may use; past them it is
    /// answered 503 saying so, and the worker is free again.
    #[arg(long, value_name = "SECONDS", default_value_t = PhysicsPool::DEFAULT_BUDGET.as_secs_f64(), value_parser = positive_seconds)]
    physics_budget: f64,
    /// How long a quantitative request waits for a free physics worker
    /// before it is answered 503, in milliseconds.
    #[arg(long, value_name = "MS", default_value_t = PhysicsPool::DEFAULT_WAIT.as_millis() as u64)]
    physics_wait_ms: u64,
    /// Most megabytes of answers `POST /api/execute` keeps, to send again
    /// to a repeated qualitative request without running it (0: none).
    #[arg(long, value_name = "MB", default_value_t = CacheLimits::default().answer_bytes >> 20)]
    answer_cache_mb: u64,
    /// Most parsed networks `POST /api/execute` keeps, to skip parsing and
    /// validating a repeated network (0: none).
    #[arg(long, value_name = "N", default_value_t = CacheLimits::default().networks)]
    network_cache_entries: usize,
}

pub fn run(args: ServeArgs) -> u8 {
    let token = args.token.filter(|t| !t.trim().is_empty());
    if !args.bind.is_loopback() && token.is_none() {
        if !args.allow_anonymous {
            eprintln!(
                "error: {} is reachable from other hosts: pass --token (or set SOUS_TOKEN), \
                 or --allow-anonymous to serve it to anyone",
                args.bind
            );
            return INVALID;
        }
        eprintln!(
            "warning: serving {} without a token (--allow-anonymous): anyone who can reach it may use the API",
            args.bind
        );
    }
    let access = sous_server::Access {
        token,
        cors_origins: args.cors_origin,
    };
    let config = Config {
        bind: args.bind,
        port: args.port,
        benchmark: crate::inputs::benchmark(args.benchmark.as_deref()).ok(),
        preloaded: crate::demo::examples(),
        limits: Limits {
            max_body_bytes: args.max_body_bytes,
            max_network_predicates: args.max_network_predicates,
            sessions: SessionLimits {
                max_live: args.max_sessions,
                idle_timeout: std::time::Duration::from_secs(args.session_idle_seconds),
            },
            cache: CacheLimits {
                answer_bytes: args.answer_cache_mb << 20,
                networks: args.network_cache_entries,
            },
        },
        access,
        timeouts: Default::default(),
        physics: PhysicsPool::new(
            args.physics_workers
                .map_or_else(|| PhysicsPool::default().workers(), usize::from),
            std::time::Duration::from_millis(args.physics_wait_ms),
        )
        .with_budget(std::time::Duration::from_secs_f64(args.physics_budget)),
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

/// A number of seconds above zero.
fn positive_seconds(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(x) if x > 0.0 && x.is_finite() => Ok(x),
        _ => Err(format!("`{s}` is not a number of seconds above 0")),
    }
}
