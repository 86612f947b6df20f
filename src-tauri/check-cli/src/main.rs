//! `xiaoya-check`: the Agent check on the command line, for an agent developer's CI. The
//! review is the app's own (`xiaoya_core::agents::review`), so the window and this command
//! give the same verdicts for the same agent.
//!
//! Exit status: 0 no rule fails, 1 a rule fails, 2 the endpoint can't be reached or doesn't
//! speak MCP, 3 the command line or a file was wrong.

mod args;
mod error;
mod table;

use std::path::Path;
use std::process::ExitCode;

use serde_json::Value;
use xiaoya_core::agents::export;
use xiaoya_core::agents::wire::{AgentReachability, AgentReport};
use xiaoya_core::agents::{review, ReviewOptions, Target};

use args::Command;
use error::CliError;

const EXIT_FAIL: u8 = 1;
const EXIT_UNREACHABLE: u8 = 2;
const EXIT_USAGE: u8 = 3;

fn main() -> ExitCode {
    let argv: Vec<String> = std::env::args().skip(1).collect();
    let env = |name: &str| std::env::var(name).ok();
    let lang = error::early_lang(&argv, env);
    let command = match args::parse(argv.into_iter(), env) {
        Ok(command) => command,
        Err(why) => {
            eprintln!("xiaoya-check: {}\n\n{}", why.message(lang), error::usage(lang));
            return ExitCode::from(EXIT_USAGE);
        }
    };
    match command {
        Command::Help => {
            println!("{}", error::usage(lang));
            ExitCode::SUCCESS
        }
        Command::Version => {
            println!("xiaoya-check {}", env!("CARGO_PKG_VERSION"));
            ExitCode::SUCCESS
        }
        Command::Agent(agent) => match run(agent) {
            Ok(code) => ExitCode::from(code),
            Err(why) => {
                eprintln!("xiaoya-check: {}", why.message(lang));
                ExitCode::from(EXIT_USAGE)
            }
        },
    }
}

fn run(agent: args::AgentCommand) -> Result<u8, CliError> {
    let previous = match &agent.compare {
        Some(path) => Some(read_snapshot(path)?),
        None => None,
    };
    let target = Target::parse(&agent.url, agent.headers).map_err(|e| CliError::Endpoint(e.to_string()))?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(|e| CliError::NoRuntime(e.to_string()))?;
    let options = ReviewOptions {
        lang: agent.lang,
        limits: agent.limits,
        calls: agent.calls,
        previous,
        client: None,
        probes: true,
    };
    let report = runtime.block_on(review(target, options));
    print!("{}", table::render(&report));
    if let Some(path) = &agent.json {
        let bytes = export::json(&report).map_err(|e| write_failed(path, e))?;
        std::fs::write(path, bytes).map_err(|e| write_failed(path, e))?;
    }
    if let Some(path) = &agent.markdown {
        std::fs::write(path, export::markdown(&report)).map_err(|e| write_failed(path, e))?;
    }
    Ok(exit_code(&report))
}

fn exit_code(report: &AgentReport) -> u8 {
    match report.reachability {
        AgentReachability::Unreachable | AgentReachability::NotMcp => EXIT_UNREACHABLE,
        AgentReachability::Reviewed if report.has_failure() => EXIT_FAIL,
        AgentReachability::Reviewed => 0,
    }
}

/// The tool list of an earlier `--json` report (its `snapshot`), or a bare array of tools.
fn read_snapshot(path: &Path) -> Result<Vec<Value>, CliError> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| CliError::CompareUnreadable { path: path.to_owned(), why: e.to_string() })?;
    let doc: Value = serde_json::from_str(&text)
        .map_err(|e| CliError::CompareNotJson { path: path.to_owned(), why: e.to_string() })?;
    match doc {
        Value::Array(tools) => Ok(tools),
        Value::Object(mut obj) => match obj.remove("snapshot") {
            Some(Value::Array(tools)) => Ok(tools),
            _ => Err(CliError::CompareNoSnapshot(path.to_owned())),
        },
        _ => Err(CliError::CompareNoSnapshot(path.to_owned())),
    }
}

fn write_failed(path: &Path, why: impl std::fmt::Display) -> CliError {
    CliError::WriteFailed { path: path.to_owned(), why: why.to_string() }
}
