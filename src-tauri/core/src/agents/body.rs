//! Answer bodies as the agent check reads them: JSON or SSE by the label (sniffed when the
//! label is neither), the JSON-RPC messages in a body, and the SSE events of a whole body.

use serde_json::Value;

use super::wire::WireFormat;

/// JSON or SSE by the label; an unlabelled or mislabelled answer is read by its body (so the
/// rest of a review can go on while `protocol.transport` fails it).
pub(crate) fn wire_format(content_type: Option<&str>, body: &[u8]) -> WireFormat {
    let essence = content_type
        .and_then(|c| c.split(';').next())
        .map(|c| c.trim().to_ascii_lowercase())
        .unwrap_or_default();
    match essence.as_str() {
        "application/json" => WireFormat::Json,
        "text/event-stream" => WireFormat::Sse,
        _ if body.iter().all(u8::is_ascii_whitespace) => WireFormat::Empty,
        _ => WireFormat::Other,
    }
}

/// How a body is read: by its label, or sniffed when the label is neither JSON nor SSE.
pub(crate) fn read_as(format: WireFormat, body: &[u8]) -> WireFormat {
    if format != WireFormat::Other {
        return format;
    }
    let text = String::from_utf8_lossy(body);
    let start = text.trim_start();
    if start.starts_with('{') || start.starts_with('[') {
        WireFormat::Json
    } else if ["event:", "data:", "id:", "retry:", ":"].iter().any(|p| start.starts_with(p)) {
        WireFormat::Sse
    } else {
        WireFormat::Other
    }
}

/// The JSON-RPC messages in a body (a JSON message or batch, or SSE `data:` events).
pub(crate) fn parse_messages(format: WireFormat, body: &[u8]) -> Vec<Value> {
    match read_as(format, body) {
        WireFormat::Json => match serde_json::from_slice::<Value>(body) {
            Ok(Value::Array(items)) => items,
            Ok(value) => vec![value],
            Err(_) => Vec::new(),
        },
        WireFormat::Sse => sse_events(body)
            .into_iter()
            .filter_map(|e| e.data.and_then(|d| serde_json::from_str::<Value>(&d).ok()))
            .collect(),
        WireFormat::Empty | WireFormat::Other => Vec::new(),
    }
}

/// SSE events of a whole body (the WHATWG event-stream rules: `data:` lines joined by `\n`,
/// one leading space dropped, an event ends at a blank line).
pub(crate) fn sse_events(body: &[u8]) -> Vec<sse_stream::Sse> {
    let text = String::from_utf8_lossy(body);
    let mut events = Vec::new();
    let mut current = sse_stream::Sse::default();
    let mut data: Vec<String> = Vec::new();
    let mut any = false;
    let lines = text.split("\r\n").flat_map(|l| l.split(['\n', '\r'])).chain(std::iter::once(""));
    for line in lines {
        if line.is_empty() {
            if any {
                if !data.is_empty() {
                    current.data = Some(data.join("\n"));
                }
                events.push(std::mem::take(&mut current));
                data.clear();
                any = false;
            }
            continue;
        }
        if line.starts_with(':') {
            continue;
        }
        let (field, value) = line.split_once(':').unwrap_or((line, ""));
        let value = value.strip_prefix(' ').unwrap_or(value);
        any = true;
        match field {
            "data" => data.push(value.to_owned()),
            "event" => current.event = Some(value.to_owned()),
            "id" => current.id = Some(value.to_owned()),
            "retry" => current.retry = value.parse().ok(),
            _ => {}
        }
    }
    events
}
