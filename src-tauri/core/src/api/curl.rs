//! "Copy as curl": a request exactly as the core built it, rendered as a command a tester
//! can paste into a shell (bash curl, PowerShell, HTTPie). The request comes from the same
//! builder that sends it (`SentRequest::of` reads a built `reqwest::Request`), so the method,
//! URL, headers and body are what went over the wire. The bearer value is never read: the
//! `Authorization` header always renders as `Bearer $XIAOYA_TOKEN` (`$env:XIAOYA_TOKEN` in
//! PowerShell), and the built-in sandbox's access key is left out (D3).

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::foundation::error::{Error, Result};

/// The environment variable the copied command reads the token from.
pub const TOKEN_VARIABLE: &str = "XIAOYA_TOKEN";

/// Which command line the request is copied for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum CurlShell {
    /// `curl` in bash (or any POSIX shell): the default.
    Bash,
    /// `Invoke-WebRequest` in PowerShell (no native-argument quoting to get wrong).
    PowerShell,
    /// HTTPie's `http`, in bash.
    Httpie,
}

/// A request as it was sent, minus its secrets.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SentRequest {
    pub method: String,
    pub url: String,
    /// Every header the core set, in order, the bearer one included (its value replaced).
    pub headers: Vec<(String, String)>,
    /// The body as sent (text: every body the platform takes is JSON).
    pub body: Option<String>,
    /// The built-in sandbox's access key was on the request (and is left out).
    pub sandbox_key: bool,
}

/// The first lines of the copy: what the receipt says about the request, so the copy
/// doubles as evidence in a bug report.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Evidence {
    pub request_id: String,
    /// RFC 3339.
    pub sent_at: String,
    /// Who paid: "Personal" or the Team's name.
    pub context: String,
    /// What the receipt charged, as the platform wrote it; `None` when it reported nothing.
    pub charged: Option<String>,
    /// What sending it again does (same request id: the platform's idempotent answer).
    pub note: Option<String>,
}

const BEARER_PLACEHOLDER_BASH: &str = "Bearer $XIAOYA_TOKEN";
const BEARER_PLACEHOLDER_PS: &str = "Bearer $env:XIAOYA_TOKEN";

impl SentRequest {
    /// Reads a built request. The `Authorization` value is not copied (only that there was
    /// one); the sandbox key header is dropped.
    pub fn of(request: &reqwest::Request) -> Result<SentRequest> {
        let mut headers = Vec::new();
        let mut sandbox_key = false;
        for (name, value) in request.headers() {
            if name == reqwest::header::AUTHORIZATION {
                headers.push(("Authorization".to_owned(), BEARER_PLACEHOLDER_BASH.to_owned()));
                continue;
            }
            if name.as_str() == xiaoya_sandbox::ACCESS_KEY_HEADER {
                sandbox_key = true;
                continue;
            }
            let value =
                value.to_str().map_err(|_| Error::Invariant("a request header that is not text"))?.to_owned();
            headers.push((display_name(name.as_str()), value));
        }
        let body = match request.body() {
            None => None,
            Some(body) => {
                let bytes = body.as_bytes().ok_or(Error::Invariant("a streamed request body"))?;
                Some(
                    String::from_utf8(bytes.to_vec())
                        .map_err(|_| Error::Invariant("a request body that is not text"))?,
                )
            }
        };
        Ok(SentRequest {
            method: request.method().as_str().to_owned(),
            url: request.url().as_str().to_owned(),
            headers,
            body,
            sandbox_key,
        })
    }

    /// Whether the answer is an event stream (`Accept: text/event-stream`).
    fn streams(&self) -> bool {
        self.header("accept").is_some_and(|v| v.contains("text/event-stream"))
    }

    /// Whether the answer is audio (it goes to a file, not the terminal).
    fn audio(&self) -> bool {
        self.header("accept").is_some_and(|v| v.starts_with("audio/"))
    }

    fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(n, _)| n.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str())
    }

    /// The command for `shell`, its first lines a comment with the evidence.
    pub fn render(&self, shell: CurlShell, evidence: &Evidence) -> String {
        let mut out = comment_lines(self, evidence);
        out.push_str(&match shell {
            CurlShell::Bash => self.bash(),
            CurlShell::PowerShell => self.powershell(),
            CurlShell::Httpie => self.httpie(),
        });
        out.push('\n');
        out
    }

    fn bash(&self) -> String {
        let method = if self.method == "GET" { String::new() } else { format!(" -X {}", self.method) };
        let stream = if self.streams() { " -N" } else { "" };
        let mut args = vec![format!("curl -sS{stream}{method} {}", bash_quote(&self.url))];
        for (name, value) in &self.headers {
            args.push(format!("-H {}", bash_header(name, value)));
        }
        if let Some(body) = &self.body {
            args.push(format!("--data-binary {}", bash_quote(body)));
        }
        if self.audio() {
            // The answer's headers (the receipt) on the terminal, the audio in a file.
            args.push("-D - -o response.audio".to_owned());
        }
        args.join(" \\\n  ")
    }

    fn httpie(&self) -> String {
        let stream = if self.streams() { " --stream" } else { "" };
        let download = if self.audio() { " --download --output response.audio" } else { "" };
        let mut args = vec![format!(
            "http --ignore-stdin --print=hb{stream}{download} {} {}",
            self.method,
            bash_quote(&self.url)
        )];
        for (name, value) in &self.headers {
            // HTTPie's `Name:Value` item, quoted for the shell as a whole.
            args.push(if name == "Authorization" {
                format!("\"Authorization:{BEARER_PLACEHOLDER_BASH}\"")
            } else {
                bash_quote(&format!("{name}:{value}"))
            });
        }
        if let Some(body) = &self.body {
            args.push(format!("--raw {}", bash_quote(body)));
        }
        args.join(" \\\n  ")
    }

    fn powershell(&self) -> String {
        let mut lines = vec!["$headers = @{".to_owned()];
        let mut content_type = None;
        for (name, value) in &self.headers {
            if name.eq_ignore_ascii_case("content-type") {
                content_type = Some(value.as_str());
                continue;
            }
            let value = if name == "Authorization" {
                format!("\"{BEARER_PLACEHOLDER_PS}\"")
            } else {
                ps_quote(value)
            };
            lines.push(format!("  {} = {}", ps_quote(name), value));
        }
        lines.push("}".to_owned());
        let mut call = vec![format!(
            "Invoke-WebRequest -UseBasicParsing -Method {} -Uri {} -Headers $headers",
            self.method,
            ps_quote(&self.url)
        )];
        if let Some(content_type) = content_type {
            call.push(format!("-ContentType {}", ps_quote(content_type)));
        }
        if let Some(body) = &self.body {
            // Bytes, so the body is sent as UTF-8 whatever the session's encoding.
            call.push(format!("-Body ([System.Text.Encoding]::UTF8.GetBytes({}))", ps_quote(body)));
        }
        if self.audio() {
            call.push("-OutFile response.audio -PassThru".to_owned());
        }
        lines.push(call.join(" `\n  "));
        lines.join("\n")
    }
}

/// `x-request-id` as `X-Request-ID`: how the platform's docs spell the headers.
fn display_name(name: &str) -> String {
    match name {
        "x-request-id" => "X-Request-ID".to_owned(),
        other => other
            .split('-')
            .map(|part| {
                let mut chars = part.chars();
                match chars.next() {
                    Some(first) => first.to_ascii_uppercase().to_string() + chars.as_str(),
                    None => String::new(),
                }
            })
            .collect::<Vec<_>>()
            .join("-"),
    }
}

/// One line of comment text: no line break or control character can end the comment early
/// (a Team's name is the platform's text).
fn comment_text(text: &str) -> String {
    text.chars().map(|c| if c.is_control() { ' ' } else { c }).collect()
}

fn comment_lines(request: &SentRequest, e: &Evidence) -> String {
    let charged = match &e.charged {
        Some(points) => format!("charged {points} points"),
        None => "no charge reported".to_owned(),
    };
    let mut out = format!(
        "# Xiaoya request {} · sent {} · charged to {} · {}\n",
        comment_text(&e.request_id),
        comment_text(&e.sent_at),
        comment_text(&e.context),
        charged
    );
    if let Some(note) = &e.note {
        out.push_str(&format!("# {}\n", comment_text(note)));
    }
    out.push_str(&format!("# Set {TOKEN_VARIABLE} to your access token first; this copy holds none.\n"));
    if request.sandbox_key {
        out.push_str(
            "# The built-in sandbox answers only the app: to run this, start one with \
             `cargo run -p xiaoya-sandbox` and use its address.\n",
        );
    }
    out
}

/// A bash word: single quotes, each `'` as `'\''`. Nothing inside single quotes is expanded
/// (`$`, backquotes, `!`, newlines are literal).
pub fn bash_quote(text: &str) -> String {
    format!("'{}'", text.replace('\'', r"'\''"))
}

/// A header for `curl -H`; the bearer one in double quotes so the variable expands.
fn bash_header(name: &str, value: &str) -> String {
    if name == "Authorization" {
        format!("\"Authorization: {BEARER_PLACEHOLDER_BASH}\"")
    } else {
        bash_quote(&format!("{name}: {value}"))
    }
}

/// A PowerShell verbatim string: single quotes, each single-quote character doubled —
/// PowerShell also ends a string at the typographic quotes ‘ ’ ‚ ‛, so they are doubled too.
pub fn ps_quote(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('\'');
    for c in text.chars() {
        if matches!(c, '\'' | '\u{2018}' | '\u{2019}' | '\u{201A}' | '\u{201B}') {
            out.push(c);
        }
        out.push(c);
    }
    out.push('\'');
    out
}

#[cfg(test)]
#[path = "curl_tests.rs"]
mod tests;
