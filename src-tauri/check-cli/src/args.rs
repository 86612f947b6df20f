//! The command line, parsed by hand (a few flags; no parser crate in the package).

use std::path::PathBuf;
use std::time::Duration;

use serde_json::Value;
use xiaoya_core::agents::http::Limits;
use xiaoya_core::agents::wire::{parse_lang, Locale, ToolCallRequest};
use xiaoya_core::foundation::secret::Sensitive;

pub const USAGE: &str = "\
Usage: xiaoya-check agent URL [options]

Reviews the MCP agent at URL against the Xiaoya Open Platform's agent-development rules,
the way the platform connects (initialize with 2025-03-26, notifications/initialized,
tools/list, tools/call), and prints one line per rule per tool.

Options:
  --header 'Name: value'   a custom header (an API key), repeatable; a value of $VAR is
                           read from the environment variable VAR (keeps it out of argv)
  --call TOOL              call TOOL (repeatable); the flag is the confirmation, even for a
                           tool that is not read-only
  --args JSON              the arguments of the --call before it (default {})
  --compare OLD.json       list the changes since an earlier --json report
  --json FILE              write the report as JSON
  --markdown FILE          write the report as Markdown
  --lang en|zh-CN          the rules' text in English or Chinese (default en)
  --timeout SECONDS        time limit per request (default 30)
  -h, --help               this text
  -V, --version            the version

Exit status: 0 no rule fails, 1 a rule fails, 2 the endpoint can't be reached or doesn't
speak MCP, 3 the command line or a file was wrong.";

pub enum Command {
    Help,
    Version,
    Agent(AgentCommand),
}

pub struct AgentCommand {
    pub url: String,
    pub headers: Vec<(String, Sensitive<String>)>,
    pub calls: Vec<ToolCallRequest>,
    pub compare: Option<PathBuf>,
    pub json: Option<PathBuf>,
    pub markdown: Option<PathBuf>,
    pub lang: Locale,
    pub limits: Limits,
}

pub fn parse(
    mut args: impl Iterator<Item = String>,
    env: impl Fn(&str) -> Option<String>,
) -> Result<Command, String> {
    let first = args.next().ok_or("no command")?;
    match first.as_str() {
        "-h" | "--help" | "help" => return Ok(Command::Help),
        "-V" | "--version" => return Ok(Command::Version),
        "agent" => {}
        other => return Err(format!("unknown command {other:?} (the command is `agent`)")),
    }
    let mut url = None;
    let mut cmd = AgentCommand {
        url: String::new(),
        headers: Vec::new(),
        calls: Vec::new(),
        compare: None,
        json: None,
        markdown: None,
        lang: Locale::En,
        limits: Limits::default(),
    };
    while let Some(arg) = args.next() {
        let mut value = |flag: &str| args.next().ok_or_else(|| format!("{flag} needs a value"));
        match arg.as_str() {
            "-h" | "--help" => return Ok(Command::Help),
            "--header" | "-H" => {
                let raw = value("--header")?;
                let (name, val) =
                    raw.split_once(':').ok_or_else(|| format!("--header {raw:?}: expected 'Name: value'"))?;
                let val = val.trim();
                let val = match val.strip_prefix('$') {
                    Some(var) => {
                        env(var).ok_or_else(|| format!("--header {}: ${var} is not set", name.trim()))?
                    }
                    None => val.to_owned(),
                };
                cmd.headers.push((name.trim().to_owned(), Sensitive::new(val)));
            }
            "--call" => cmd.calls.push(ToolCallRequest {
                tool: value("--call")?,
                arguments: Value::Object(Default::default()),
                confirmed: true,
            }),
            "--args" => {
                let text = value("--args")?;
                let parsed: Value =
                    serde_json::from_str(&text).map_err(|e| format!("--args is not JSON: {e}"))?;
                if !parsed.is_object() {
                    return Err("--args must be a JSON object".into());
                }
                cmd.calls.last_mut().ok_or("--args comes after the --call it belongs to")?.arguments = parsed;
            }
            "--compare" => cmd.compare = Some(value("--compare")?.into()),
            "--json" => cmd.json = Some(value("--json")?.into()),
            "--markdown" => cmd.markdown = Some(value("--markdown")?.into()),
            "--lang" => {
                let text = value("--lang")?;
                cmd.lang = parse_lang(&text).ok_or_else(|| format!("--lang {text:?}: en or zh-CN"))?;
            }
            "--timeout" => {
                let text = value("--timeout")?;
                let secs: u64 = text
                    .parse()
                    .ok()
                    .filter(|s| (1..=3600).contains(s))
                    .ok_or("--timeout: 1–3600 seconds")?;
                cmd.limits.request_timeout = Duration::from_secs(secs);
            }
            flag if flag.starts_with('-') => return Err(format!("unknown option {flag}")),
            positional if url.is_none() => url = Some(positional.to_owned()),
            extra => return Err(format!("unexpected argument {extra:?}")),
        }
    }
    cmd.url = url.ok_or("agent needs the endpoint URL")?;
    Ok(Command::Agent(cmd))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn agent(line: &[&str]) -> Result<AgentCommand, String> {
        let env = |k: &str| (k == "AGENT_KEY").then(|| "from-env".to_owned());
        match parse(line.iter().map(|s| (*s).to_owned()), env)? {
            Command::Agent(cmd) => Ok(cmd),
            _ => Err("not agent".into()),
        }
    }

    #[test]
    fn headers_calls_and_options_are_read_and_a_header_can_come_from_the_environment() {
        let cmd = agent(&[
            "agent",
            "https://a.example/mcp",
            "--header",
            "X-Api-Key: $AGENT_KEY",
            "-H",
            "X-Team:  t1 ",
            "--call",
            "lookup_quote",
            "--args",
            r#"{"symbol":"ACME"}"#,
            "--call",
            "export_table",
            "--lang",
            "zh-CN",
            "--timeout",
            "5",
            "--json",
            "r.json",
        ])
        .unwrap();
        assert_eq!(cmd.url, "https://a.example/mcp");
        let headers: Vec<(&str, &str)> =
            cmd.headers.iter().map(|(n, v)| (n.as_str(), v.expose().as_str())).collect();
        assert_eq!(headers, [("X-Api-Key", "from-env"), ("X-Team", "t1")]);
        assert_eq!(cmd.calls.len(), 2);
        assert_eq!(cmd.calls[0].arguments, serde_json::json!({"symbol": "ACME"}));
        assert_eq!(cmd.calls[1].arguments, serde_json::json!({}));
        assert!(cmd.calls.iter().all(|c| c.confirmed));
        assert_eq!(cmd.lang, Locale::ZhCn);
        assert_eq!(cmd.limits.request_timeout, Duration::from_secs(5));
    }

    #[test]
    fn mistakes_are_named() {
        for (line, why) in [
            (&["agent"][..], "URL"),
            (&["agent", "u", "--args", "{}"][..], "after the --call"),
            (&["agent", "u", "--call", "t", "--args", "[1]"][..], "object"),
            (&["agent", "u", "--header", "novalue"][..], "Name: value"),
            (&["agent", "u", "--header", "K: $MISSING"][..], "not set"),
            (&["agent", "u", "--lang", "fr"][..], "en or zh-CN"),
            (&["agent", "u", "--bogus"][..], "unknown option"),
            (&["review", "u"][..], "unknown command"),
        ] {
            let err = agent(line).err().unwrap_or_default();
            assert!(err.contains(why), "{line:?}: {err}");
        }
    }
}
