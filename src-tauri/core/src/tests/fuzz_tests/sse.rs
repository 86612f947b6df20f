//! The SSE parser and the completion stream on top of it: arbitrary bytes in arbitrary
//! chunkings never panic and read the same as in one chunk; a valid event stream reads to
//! exactly the events it was written from, under any chunking down to one byte.

use proptest::prelude::*;

use super::{chunk_sizes, chunked, config, re, text};
use crate::chat::sse::{SseError, SseEvent, SseParser};
use crate::chat::stream::{CompletionStream, StreamFailure, StreamItem};

/// Bytes that matter to an event stream, mixed with any byte.
fn stream_bytes() -> impl Strategy<Value = Vec<u8>> {
    let special = prop::sample::select(
        &b"data:event:id:retry: \r\n\n\n\r\r:\xEF\xBB\xBF\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80\x80\xFF{}[DONE]\"0"[..],
    );
    let words = prop::sample::select(vec![
        &b"data: "[..],
        b"data:",
        b"event: ",
        b"id: ",
        b"retry: ",
        b"\r\n",
        b"\n\n",
        b": c\n",
        b"[DONE]",
        b"{\"choices\":[{\"delta\":{\"content\":\"x\"}}]}",
        b"{\"error\":{\"code\":\"E\"}}",
        b"event: error\n",
        b"\xEF\xBB\xBF",
        b"\xE2\x82",
    ]);
    prop::collection::vec(
        prop_oneof![3 => any::<u8>().prop_map(|b| vec![b]), 3 => special.prop_map(|b| vec![b]), 4 => words.prop_map(<[u8]>::to_vec)],
        0..96,
    )
    .prop_map(|parts| parts.concat())
}

/// Events, the error (if any) and `retry` after feeding `chunks` and ending the stream.
fn parse(limit: usize, chunks: &[&[u8]]) -> (Vec<SseEvent>, Option<SseError>, Option<u64>) {
    let mut parser = SseParser::new(limit);
    let mut events = Vec::new();
    for chunk in chunks {
        match parser.push(chunk) {
            Ok(mut more) => events.append(&mut more),
            Err(err) => return (events, Some(err), parser.retry()),
        }
    }
    parser.finish();
    (events, None, parser.retry())
}

/// One line of a generated event stream, and what the parser must make of it.
#[derive(Debug, Clone)]
enum Line {
    /// `data: v`, `data:v` or (empty value) `data`.
    Data {
        value: String,
        form: u8,
    },
    Event(String),
    Id(String),
    /// An `id` holding NUL is ignored.
    IdWithNul(String),
    Retry(u32),
    Comment(String),
    /// A field the parser does not know (ignored).
    Other {
        name: String,
        value: String,
    },
}

impl Line {
    fn text(&self) -> String {
        match self {
            Line::Data { value, form: 0 } => format!("data: {value}"),
            Line::Data { value, form: 1 } if !value.starts_with(' ') => format!("data:{value}"),
            Line::Data { value, .. } if value.is_empty() => "data".to_owned(),
            Line::Data { value, .. } => format!("data: {value}"),
            Line::Event(v) => format!("event: {v}"),
            Line::Id(v) => format!("id: {v}"),
            Line::IdWithNul(v) => format!("id: {v}\0"),
            Line::Retry(n) => format!("retry: {n}"),
            Line::Comment(v) => format!(":{v}"),
            Line::Other { name, value } => format!("{name}: {value}"),
        }
    }
}

fn value() -> impl Strategy<Value = String> {
    re("[^\r\n]{0,12}")
}

fn line() -> impl Strategy<Value = Line> {
    prop_oneof![
        6 => (value(), 0u8..3).prop_map(|(value, form)| Line::Data { value, form }),
        2 => value().prop_map(Line::Event),
        2 => re("[^\r\n\0]{0,8}").prop_map(Line::Id),
        1 => re("[^\r\n]{0,4}").prop_map(Line::IdWithNul),
        1 => any::<u32>().prop_map(Line::Retry),
        1 => value().prop_map(Line::Comment),
        1 => (re("[a-z]{1,6}").prop_filter("unknown field", |n| !matches!(n.as_str(), "data" | "event" | "id" | "retry")), value())
            .prop_map(|(name, value)| Line::Other { name, value }),
    ]
}

/// A stream: events (each a few lines then a blank line), then an optional unterminated
/// tail, each line ended by LF, CR or CRLF, with an optional BOM.
#[derive(Debug, Clone)]
struct Stream {
    bom: bool,
    events: Vec<Vec<Line>>,
    tail: Vec<Line>,
    endings: Vec<u8>,
}

impl Stream {
    fn bytes(&self) -> Vec<u8> {
        let mut out = String::new();
        if self.bom {
            out.push('\u{FEFF}');
        }
        let mut n = 0;
        let mut prev = "";
        let mut end = |out: &mut String, blank: bool| {
            let mut e = ["\n", "\r", "\r\n"][usize::from(self.endings[n % self.endings.len()])];
            // A CR then an LF is one line ending: after a CR, a blank line ends in CR or CRLF.
            if blank && prev == "\r" && e == "\n" {
                e = "\r\n";
            }
            out.push_str(e);
            prev = e;
            n += 1;
        };
        for event in &self.events {
            for line in event {
                out.push_str(&line.text());
                end(&mut out, false);
            }
            end(&mut out, true);
        }
        for (i, line) in self.tail.iter().enumerate() {
            out.push_str(&line.text());
            if i + 1 < self.tail.len() {
                end(&mut out, false);
            }
        }
        out.into_bytes()
    }

    /// What the WHATWG interpretation dispatches for this stream, and the last `retry`.
    fn expected(&self) -> (Vec<SseEvent>, Option<u64>) {
        let mut out = Vec::new();
        let mut last_id = String::new();
        let mut retry = None;
        let mut apply =
            |line: &Line, data: &mut Vec<String>, name: &mut String, last_id: &mut String| match line {
                // Every form reads to its value (`text` never writes `data:` before a space).
                Line::Data { value, .. } => data.push(value.clone()),
                Line::Event(v) => *name = v.clone(),
                Line::Id(v) => *last_id = v.clone(),
                Line::Retry(n) => retry = Some(u64::from(*n)),
                Line::IdWithNul(_) | Line::Comment(_) | Line::Other { .. } => {}
            };
        for event in &self.events {
            let (mut data, mut name) = (Vec::new(), String::new());
            for line in event {
                apply(line, &mut data, &mut name, &mut last_id);
            }
            if !data.is_empty() {
                let event = if name.is_empty() { "message".to_owned() } else { name };
                out.push(SseEvent { event, data: data.join("\n"), id: last_id.clone() });
            }
        }
        // The tail's lines are read (an ended `retry` line counts) but never dispatched.
        let ended = self.tail.len().saturating_sub(1);
        for line in &self.tail[..ended] {
            apply(line, &mut Vec::new(), &mut String::new(), &mut last_id);
        }
        (out, retry)
    }
}

fn stream() -> impl Strategy<Value = Stream> {
    (
        any::<bool>(),
        prop::collection::vec(prop::collection::vec(line(), 0..5), 0..6),
        prop::collection::vec(line(), 0..3),
        prop::collection::vec(0u8..3, 1..8),
    )
        .prop_map(|(bom, events, tail, endings)| Stream { bom, events, tail, endings })
}

/// A completion stream as the platform sends it: content deltas, usage, then `[DONE]`.
fn completion_body(deltas: &[String], total_tokens: u32, after_done: &str) -> Vec<u8> {
    let mut out = String::new();
    for d in deltas {
        let chunk = serde_json::json!({"object": "chat.completion.chunk", "choices": [{"index": 0, "delta": {"content": d}}]});
        out.push_str(&format!("data: {chunk}\n\n"));
    }
    let usage = serde_json::json!({"choices": [{"delta": {}, "finish_reason": "stop"}], "usage": {"total_tokens": total_tokens}});
    out.push_str(&format!("data: {usage}\r\n\r\ndata: [DONE]\n\n{after_done}"));
    out.into_bytes()
}

/// Items until the first failure, the failure, and whether the end was clean.
fn run_completion(chunks: &[&[u8]]) -> (Vec<StreamItem>, Option<StreamFailure>, CompletionStream) {
    let mut stream = CompletionStream::new();
    let mut items = Vec::new();
    for chunk in chunks {
        let mut pushed = stream.push(chunk);
        items.append(&mut pushed.items);
        if pushed.failure.is_some() {
            return (items, pushed.failure, stream);
        }
    }
    let failure = stream.finish().err();
    (items, failure, stream)
}

proptest! {
    #![proptest_config(config())]

    /// Arbitrary bytes never panic, and read the same in any chunking as in one chunk (also
    /// with a small limit, where the same input must fail in the same way).
    #[test]
    fn fuzz_sse_arbitrary_bytes_read_the_same_in_any_chunking(bytes in stream_bytes(), sizes in chunk_sizes(), small in any::<bool>()) {
        let limit = if small { 24 } else { crate::chat::sse::DEFAULT_LIMIT };
        let whole = parse(limit, &[&bytes]);
        let chunks = chunked(&bytes, &sizes);
        let (events, error, retry) = parse(limit, &chunks);
        prop_assert_eq!(&error, &whole.1);
        if error.is_none() {
            prop_assert_eq!(&events, &whole.0);
            prop_assert_eq!(retry, whole.2);
        }
    }

    /// A valid event stream reads to exactly its events under any chunking down to one byte.
    #[test]
    fn fuzz_sse_valid_streams_read_to_their_events_in_any_chunking(stream in stream(), sizes in chunk_sizes()) {
        let bytes = stream.bytes();
        let (want, want_retry) = stream.expected();
        let (events, error, retry) = parse(crate::chat::sse::DEFAULT_LIMIT, &chunked(&bytes, &sizes));
        prop_assert_eq!(error, None);
        prop_assert_eq!(&events, &want);
        prop_assert_eq!(retry, want_retry);
    }

    /// Arbitrary bytes through the completion stream never panic, and give the same items
    /// and the same failure in any chunking.
    #[test]
    fn fuzz_completion_stream_arbitrary_bytes_read_the_same_in_any_chunking(bytes in stream_bytes(), sizes in chunk_sizes()) {
        let (items, failure, _) = run_completion(&[&bytes]);
        let (c_items, c_failure, _) = run_completion(&chunked(&bytes, &sizes));
        prop_assert_eq!(&c_items, &items);
        prop_assert_eq!(&c_failure, &failure);
    }

    /// A valid completion stream yields every non-empty delta in order, then Done, its usage
    /// and finish reason, in any chunking; whatever follows `[DONE]` is ignored.
    #[test]
    fn fuzz_completion_stream_valid_replies_read_exactly(
        deltas in prop::collection::vec(text(), 0..6),
        total in any::<u32>(),
        after in prop_oneof![Just(String::new()), Just("data: {\"error\":{\"code\":\"LATE\"}}\n\n".to_owned()), re("[^\0]{0,12}")],
        sizes in chunk_sizes(),
    ) {
        let body = completion_body(&deltas, total, &after);
        let mut want: Vec<StreamItem> = deltas.iter().filter(|d| !d.is_empty()).cloned().map(StreamItem::Delta).collect();
        want.push(StreamItem::Done);
        let (items, failure, stream) = run_completion(&chunked(&body, &sizes));
        prop_assert_eq!(&items, &want);
        prop_assert_eq!(failure, None);
        prop_assert!(stream.is_done());
        prop_assert_eq!(stream.usage.and_then(|u| u.total_tokens), Some(u64::from(total)));
        prop_assert_eq!(stream.finish_reason.as_deref(), Some("stop"));
    }

    /// Issue 25: usage without `total_tokens` sums the two counts checked, whatever they are:
    /// never a panic (debug) or a wrapped total (release); an overflowing pair has no total.
    #[test]
    fn fuzz_usage_without_a_total_sums_checked(prompt in any::<u64>(), completion in any::<u64>(), large in any::<bool>()) {
        let (prompt, completion) = if large { (u64::MAX - prompt % 4, completion) } else { (prompt, completion) };
        let value = serde_json::json!({"usage": {"prompt_tokens": prompt, "completion_tokens": completion}});
        let usage = crate::chat::stream::usage_of(&value).expect("a usage object");
        prop_assert_eq!(usage.total_tokens, prompt.checked_add(completion));
        prop_assert_eq!((usage.prompt_tokens, usage.completion_tokens), (Some(prompt), Some(completion)));
    }
}
