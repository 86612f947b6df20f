//! `xiaoya-sandbox [--addr HOST:PORT] [--auto-approve]`
//!
//! Prints the base URL (`http://127.0.0.1:PORT`) as the first line of stdout, then serves until
//! SIGINT or SIGTERM.

use std::io::Write;
use std::net::SocketAddr;
use std::process::ExitCode;

use xiaoya_sandbox::SandboxConfig;

const USAGE: &str = "usage: xiaoya-sandbox [--addr HOST:PORT] [--auto-approve] [--reading NAME]...\n\
  --addr HOST:PORT   where to listen (default 127.0.0.1:0; port 0 picks a free port)\n\
  --auto-approve     skip the consent page and approve every valid authorization request\n\
  --reading NAME     serve another reading of the docs (repeatable; names in README \"Readings\")";

fn parse_args(args: impl Iterator<Item = String>) -> Result<SandboxConfig, String> {
    let mut config = SandboxConfig::default();
    let mut args = args.peekable();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--auto-approve" => config.auto_approve = true,
            "--addr" => {
                let value = args.next().ok_or("--addr needs HOST:PORT")?;
                config.addr = value
                    .parse::<SocketAddr>()
                    .map_err(|e| format!("--addr {value}: {e}"))?;
            }
            other if other.starts_with("--addr=") => {
                let value = &other["--addr=".len()..];
                config.addr = value
                    .parse::<SocketAddr>()
                    .map_err(|e| format!("--addr {value}: {e}"))?;
            }
            "--reading" => {
                let value = args.next().ok_or("--reading needs a NAME")?;
                let reading = xiaoya_sandbox::Readings::parse_name(&value)
                    .map_err(|_| format!("unknown reading {value}"))?;
                config.readings.0.insert(reading);
            }
            "-h" | "--help" => return Err(String::new()),
            other => return Err(format!("unknown argument {other}")),
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
        Err(message) => {
            if !message.is_empty() {
                eprintln!("xiaoya-sandbox: {message}");
            }
            eprintln!("{USAGE}");
            return if message.is_empty() {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(2)
            };
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
    if writeln!(stdout, "{}", sandbox.base_url())
        .and_then(|_| stdout.flush())
        .is_err()
    {
        return ExitCode::FAILURE;
    }
    drop(stdout);
    signal.await;
    sandbox.shutdown().await;
    ExitCode::SUCCESS
}
