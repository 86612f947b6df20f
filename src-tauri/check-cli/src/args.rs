//! The command line, parsed by hand (a few flags; no parser crate in the package).

use std::path::PathBuf;
use std::time::Duration;

use serde_json::Value;
use xiaoya_core::agents::http::Limits;
use xiaoya_core::agents::wire::{parse_lang, Locale, ToolCallRequest};
use xiaoya_core::foundation::secret::Sensitive;

use crate::error::CliError;

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

pub const USAGE_ZH: &str = "\
用法：xiaoya-check agent URL [选项]

按小雅开放平台的智能体开发规范审查 URL 处的 MCP 智能体，连接方式与平台相同
（以 2025-03-26 initialize、notifications/initialized、tools/list、tools/call），
每个工具的每条规则输出一行。

选项：
  --header 'Name: value'   自定义请求头（如 API 密钥），可重复；值写作 $VAR 时从环境变量
                           VAR 读取（不出现在命令行参数里）
  --call TOOL              调用 TOOL（可重复）；写出此选项即为确认，即使工具不是只读的
  --args JSON              前一个 --call 的参数（默认 {}）
  --compare OLD.json       列出与先前 --json 报告相比的变化
  --json FILE              以 JSON 写出报告
  --markdown FILE          以 Markdown 写出报告
  --lang en|zh-CN          规则文字用英文或中文（默认 en；未给出时按 LANG 判断消息语言）
  --timeout SECONDS        每个请求的时间上限（默认 30）
  -h, --help               本说明
  -V, --version            版本

退出状态：0 没有规则失败，1 有规则失败，2 无法连接端点或端点不支持 MCP，
3 命令行或文件有误。";

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
) -> Result<Command, CliError> {
    let first = args.next().ok_or(CliError::NoCommand)?;
    match first.as_str() {
        "-h" | "--help" | "help" => return Ok(Command::Help),
        "-V" | "--version" => return Ok(Command::Version),
        "agent" => {}
        other => return Err(CliError::UnknownCommand(other.to_owned())),
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
        let mut value = |flag: &'static str| args.next().ok_or(CliError::NeedsValue(flag));
        match arg.as_str() {
            "-h" | "--help" => return Ok(Command::Help),
            "--header" | "-H" => {
                let raw = value("--header")?;
                let (name, val) = raw.split_once(':').ok_or_else(|| CliError::HeaderShape(raw.clone()))?;
                let val = val.trim();
                let val = match val.strip_prefix('$') {
                    Some(var) => env(var).ok_or_else(|| CliError::HeaderVariableUnset {
                        header: name.trim().to_owned(),
                        variable: var.to_owned(),
                    })?,
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
                    serde_json::from_str(&text).map_err(|e| CliError::ArgsNotJson(e.to_string()))?;
                if !parsed.is_object() {
                    return Err(CliError::ArgsNotObject);
                }
                cmd.calls.last_mut().ok_or(CliError::ArgsBeforeCall)?.arguments = parsed;
            }
            "--compare" => cmd.compare = Some(value("--compare")?.into()),
            "--json" => cmd.json = Some(value("--json")?.into()),
            "--markdown" => cmd.markdown = Some(value("--markdown")?.into()),
            "--lang" => {
                let text = value("--lang")?;
                cmd.lang = parse_lang(&text).ok_or(CliError::UnknownLang(text))?;
            }
            "--timeout" => {
                let text = value("--timeout")?;
                let secs: u64 =
                    text.parse().ok().filter(|s| (1..=3600).contains(s)).ok_or(CliError::Timeout(text))?;
                cmd.limits.request_timeout = Duration::from_secs(secs);
            }
            flag if flag.starts_with('-') => return Err(CliError::UnknownOption(flag.to_owned())),
            positional if url.is_none() => url = Some(positional.to_owned()),
            extra => return Err(CliError::UnexpectedArgument(extra.to_owned())),
        }
    }
    cmd.url = url.ok_or(CliError::NoUrl)?;
    Ok(Command::Agent(cmd))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn agent(line: &[&str]) -> Result<AgentCommand, CliError> {
        let env = |k: &str| (k == "AGENT_KEY").then(|| "from-env".to_owned());
        match parse(line.iter().map(|s| (*s).to_owned()), env)? {
            Command::Agent(cmd) => Ok(cmd),
            _ => panic!("not the agent command: {line:?}"),
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
        let unset = CliError::HeaderVariableUnset { header: "K".into(), variable: "MISSING".into() };
        for (line, want) in [
            (&[][..], CliError::NoCommand),
            (&["agent"][..], CliError::NoUrl),
            (&["agent", "u", "--args", "{}"][..], CliError::ArgsBeforeCall),
            (&["agent", "u", "--call", "t", "--args", "[1]"][..], CliError::ArgsNotObject),
            (&["agent", "u", "--header", "novalue"][..], CliError::HeaderShape("novalue".into())),
            (&["agent", "u", "--header", "K: $MISSING"][..], unset),
            (&["agent", "u", "--lang", "fr"][..], CliError::UnknownLang("fr".into())),
            (&["agent", "u", "--timeout", "0"][..], CliError::Timeout("0".into())),
            (&["agent", "u", "--json"][..], CliError::NeedsValue("--json")),
            (&["agent", "u", "--bogus"][..], CliError::UnknownOption("--bogus".into())),
            (&["agent", "u", "v"][..], CliError::UnexpectedArgument("v".into())),
            (&["review", "u"][..], CliError::UnknownCommand("review".into())),
        ] {
            assert_eq!(agent(line).err(), Some(want), "{line:?}");
        }
        let Err(CliError::ArgsNotJson(_)) = agent(&["agent", "u", "--call", "t", "--args", "{"]) else {
            panic!("--args {{ is not JSON");
        };
    }
}
