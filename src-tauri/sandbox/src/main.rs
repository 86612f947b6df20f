//! `xiaoya-sandbox [--addr HOST:PORT] [--auto-approve]`
//!
//! Prints the base URL (`http://127.0.0.1:PORT`) as the first line of stdout, then serves until
//! SIGINT or SIGTERM.

use std::io::Write;
use std::net::SocketAddr;
use std::process::ExitCode;

use xiaoya_sandbox::SandboxConfig;

const USAGE: &str =
    "usage: xiaoya-sandbox [--addr HOST:PORT] [--auto-approve] [--reading NAME]... [--reply-pace N]\n\
  --addr HOST:PORT   where to listen (default 127.0.0.1:0; port 0 picks a free port)\n\
  --auto-approve     skip the consent page and approve every valid authorization request\n\
  --reading NAME     serve another reading of the docs (repeatable; names in README \"Readings\")\n\
  --reply-pace N     stream chat replies at N tokens a second (default 40; 0 = as fast as possible)";

/// Why the command line was not taken (`Help`: the person asked for the usage).
#[derive(Debug, thiserror::Error)]
enum ArgsError {
    #[error("")]
    Help,
    #[error("{flag} needs {what}")]
    MissingValue { flag: &'static str, what: &'static str },
    #[error("--addr {value}: {source}")]
    BadAddr {
        value: String,
        #[source]
        source: std::net::AddrParseError,
    },
    #[error("--reply-pace {0}: not a whole number of tokens a second")]
    BadPace(String),
    #[error("unknown reading {0}")]
    UnknownReading(String),
    #[error("unknown argument {0}")]
    UnknownArgument(String),
}

fn parse_addr(value: &str) -> Result<SocketAddr, ArgsError> {
    value.parse::<SocketAddr>().map_err(|source| ArgsError::BadAddr { value: value.to_owned(), source })
}

fn parse_args(args: impl Iterator<Item = String>) -> Result<SandboxConfig, ArgsError> {
    let mut config = SandboxConfig::default();
    let mut args = args.peekable();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--auto-approve" => config.auto_approve = true,
            "--addr" => {
                let value =
                    args.next().ok_or(ArgsError::MissingValue { flag: "--addr", what: "HOST:PORT" })?;
                config.addr = parse_addr(&value)?;
            }
            other if other.starts_with("--addr=") => {
                config.addr = parse_addr(&other["--addr=".len()..])?;
            }
            "--reading" => {
                let value =
                    args.next().ok_or(ArgsError::MissingValue { flag: "--reading", what: "a NAME" })?;
                let reading = xiaoya_sandbox::Readings::parse_name(&value)
                    .map_err(|_| ArgsError::UnknownReading(value.clone()))?;
                config.readings.0.insert(reading);
            }
            "--reply-pace" => {
                let value = args.next().ok_or(ArgsError::MissingValue {
                    flag: "--reply-pace",
                    what: "a number of tokens a second",
                })?;
                let rate = value.parse::<u32>().map_err(|_| ArgsError::BadPace(value.clone()))?;
                config.reply_pace = xiaoya_sandbox::ReplyPace::TokensPerSecond(rate);
            }
            "-h" | "--help" => return Err(ArgsError::Help),
            other => return Err(ArgsError::UnknownArgument(other.to_owned())),
        }
    }
    Ok(config)
}

/// Resolves on SIGINT or SIGTERM. Built before the base URL is printed: whoever reads the
/// URL may send SIGTERM at once, and it must then stop the server, not kill the process.
fn shutdown_signal() -> impl std::future::Future<Output = ()> {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        let term = signal(SignalKind::terminate());
        let int = signal(SignalKind::interrupt());
        async move {
            match (term, int) {
                (Ok(mut term), Ok(mut int)) => {
                    tokio::select! {
                        _ = int.recv() => {}
                        _ = term.recv() => {}
                    }
                }
                _ => {
                    let _ = tokio::signal::ctrl_c().await;
                }
            }
        }
    }
    #[cfg(not(unix))]
    {
        async move {
            let _ = tokio::signal::ctrl_c().await;
        }
    }
}

#[tokio::main]
async fn main() -> ExitCode {
    let config = match parse_args(std::env::args().skip(1)) {
        Ok(config) => config,
        Err(ArgsError::Help) => {
            eprintln!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Err(err) => {
            eprintln!("xiaoya-sandbox: {err}");
            eprintln!("{USAGE}");
            return ExitCode::from(2);
        }
    };
    let sandbox = match xiaoya_sandbox::start(config).await {
        Ok(sandbox) => sandbox,
        Err(error) => {
            eprintln!("xiaoya-sandbox: cannot listen: {error}");
            return ExitCode::FAILURE;
        }
    };
    let signal = shutdown_signal();
    let mut stdout = std::io::stdout().lock();
    if writeln!(stdout, "{}", sandbox.base_url()).and_then(|_| stdout.flush()).is_err() {
        return ExitCode::FAILURE;
    }
    drop(stdout);
    signal.await;
    sandbox.shutdown().await;
    ExitCode::SUCCESS
}
