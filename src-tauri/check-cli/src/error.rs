//! What can go wrong on the command line, as a closed set: each case is one sentence in
//! English and in Chinese, chosen by `--lang` or, before that flag is read, by `LANG`.

use std::path::{Path, PathBuf};

use xiaoya_core::agents::wire::{parse_lang, Locale};

#[derive(Debug, PartialEq, Eq)]
pub enum CliError {
    NoCommand,
    UnknownCommand(String),
    NeedsValue(&'static str),
    HeaderShape(String),
    HeaderVariableUnset {
        header: String,
        variable: String,
    },
    ArgsNotJson(String),
    ArgsNotObject,
    ArgsBeforeCall,
    UnknownLang(String),
    Timeout(String),
    UnknownOption(String),
    UnexpectedArgument(String),
    NoUrl,
    /// The URL or a header the review refuses; the core's reason, in English.
    Endpoint(String),
    NoRuntime(String),
    CompareUnreadable {
        path: PathBuf,
        why: String,
    },
    CompareNotJson {
        path: PathBuf,
        why: String,
    },
    CompareNoSnapshot(PathBuf),
    WriteFailed {
        path: PathBuf,
        why: String,
    },
}

impl CliError {
    pub fn message(&self, lang: Locale) -> String {
        let zh = lang == Locale::ZhCn;
        let shown = |p: &Path| p.display().to_string();
        let pick = |en: String, cn: String| if zh { cn } else { en };
        match self {
            Self::NoCommand => {
                pick("no command (the command is `agent`)".into(), "缺少命令（命令是 `agent`）".into())
            }
            Self::UnknownCommand(c) => pick(
                format!("unknown command {c:?} (the command is `agent`)"),
                format!("未知命令 {c:?}（命令是 `agent`）"),
            ),
            Self::NeedsValue(flag) => pick(format!("{flag} needs a value"), format!("{flag} 需要一个值")),
            Self::HeaderShape(raw) => pick(
                format!("--header {raw:?}: expected 'Name: value'"),
                format!("--header {raw:?}：应为 'Name: value'"),
            ),
            Self::HeaderVariableUnset { header, variable } => pick(
                format!("--header {header}: ${variable} is not set"),
                format!("--header {header}：环境变量 ${variable} 未设置"),
            ),
            Self::ArgsNotJson(why) => {
                pick(format!("--args is not JSON: {why}"), format!("--args 不是 JSON：{why}"))
            }
            Self::ArgsNotObject => {
                pick("--args must be a JSON object".into(), "--args 必须是 JSON 对象".into())
            }
            Self::ArgsBeforeCall => pick(
                "--args comes after the --call it belongs to".into(),
                "--args 须写在它所属的 --call 之后".into(),
            ),
            Self::UnknownLang(l) => {
                pick(format!("--lang {l:?}: en or zh-CN"), format!("--lang {l:?}：只能是 en 或 zh-CN"))
            }
            Self::Timeout(t) => {
                pick(format!("--timeout {t:?}: 1–3600 seconds"), format!("--timeout {t:?}：1–3600 秒"))
            }
            Self::UnknownOption(o) => pick(format!("unknown option {o}"), format!("未知选项 {o}")),
            Self::UnexpectedArgument(a) => {
                pick(format!("unexpected argument {a:?}"), format!("多余的参数 {a:?}"))
            }
            Self::NoUrl => pick("agent needs the endpoint URL".into(), "agent 需要端点 URL".into()),
            Self::Endpoint(why) => {
                pick(format!("the endpoint can't be used: {why}"), format!("无法使用该端点：{why}"))
            }
            Self::NoRuntime(why) => {
                pick(format!("no async runtime: {why}"), format!("无法启动异步运行时：{why}"))
            }
            Self::CompareUnreadable { path, why } => pick(
                format!("--compare {}: {why}", shown(path)),
                format!("--compare {}：无法读取：{why}", shown(path)),
            ),
            Self::CompareNotJson { path, why } => pick(
                format!("--compare {}: not JSON: {why}", shown(path)),
                format!("--compare {}：不是 JSON：{why}", shown(path)),
            ),
            Self::CompareNoSnapshot(path) => pick(
                format!("--compare {}: no \"snapshot\" tool list (write one with --json)", shown(path)),
                format!("--compare {}：没有 \"snapshot\" 工具列表（用 --json 生成）", shown(path)),
            ),
            Self::WriteFailed { path, why } => pick(
                format!("{}: can't write: {why}", shown(path)),
                format!("{}：无法写入：{why}", shown(path)),
            ),
        }
    }
}

/// The language of messages before the command line is understood: `--lang` if it is
/// there and known, else `LC_ALL`, `LC_MESSAGES` or `LANG` starting with `zh`, else English.
pub fn early_lang(args: &[String], env: impl Fn(&str) -> Option<String>) -> Locale {
    if let Some(lang) = args.windows(2).find(|w| w[0] == "--lang").and_then(|w| parse_lang(&w[1])) {
        return lang;
    }
    let from_env =
        ["LC_ALL", "LC_MESSAGES", "LANG"].into_iter().find_map(|k| env(k).filter(|v| !v.is_empty()));
    match from_env {
        Some(v) if v.starts_with("zh") => Locale::ZhCn,
        _ => Locale::En,
    }
}

/// The usage text in the chosen language.
pub fn usage(lang: Locale) -> &'static str {
    match lang {
        Locale::ZhCn => crate::args::USAGE_ZH,
        Locale::En => crate::args::USAGE,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_case_reads_in_both_languages_and_the_two_differ() {
        let p = PathBuf::from("old.json");
        let all = [
            CliError::NoCommand,
            CliError::UnknownCommand("x".into()),
            CliError::NeedsValue("--json"),
            CliError::HeaderShape("k".into()),
            CliError::HeaderVariableUnset { header: "K".into(), variable: "V".into() },
            CliError::ArgsNotJson("eof".into()),
            CliError::ArgsNotObject,
            CliError::ArgsBeforeCall,
            CliError::UnknownLang("fr".into()),
            CliError::Timeout("0".into()),
            CliError::UnknownOption("--x".into()),
            CliError::UnexpectedArgument("y".into()),
            CliError::NoUrl,
            CliError::Endpoint("not a URL".into()),
            CliError::NoRuntime("io".into()),
            CliError::CompareUnreadable { path: p.clone(), why: "gone".into() },
            CliError::CompareNotJson { path: p.clone(), why: "eof".into() },
            CliError::CompareNoSnapshot(p.clone()),
            CliError::WriteFailed { path: p, why: "full".into() },
        ];
        for e in &all {
            let (en, zh) = (e.message(Locale::En), e.message(Locale::ZhCn));
            assert_ne!(en, zh, "{e:?}");
            assert!(en.is_ascii() || en.contains('–'), "{e:?}: {en}");
            assert!(zh.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)), "{e:?}: {zh}");
        }
    }

    #[test]
    fn the_language_comes_from_lang_then_the_environment() {
        let args = |s: &[&str]| s.iter().map(|a| (*a).to_owned()).collect::<Vec<_>>();
        let none = |_: &str| None;
        let zh_env = |k: &str| (k == "LANG").then(|| "zh_CN.UTF-8".to_owned());
        assert_eq!(early_lang(&args(&["agent", "--lang", "zh-CN"]), none), Locale::ZhCn);
        assert_eq!(early_lang(&args(&["agent", "--lang", "en"]), zh_env), Locale::En);
        assert_eq!(early_lang(&args(&["agent", "--bogus"]), zh_env), Locale::ZhCn);
        assert_eq!(early_lang(&args(&["agent", "--lang", "fr"]), none), Locale::En);
        let c_all = |k: &str| match k {
            "LC_ALL" => Some("C.UTF-8".to_owned()),
            "LANG" => Some("zh_CN.UTF-8".to_owned()),
            _ => None,
        };
        assert_eq!(early_lang(&args(&["agent"]), c_all), Locale::En, "LC_ALL wins over LANG");
    }
}
