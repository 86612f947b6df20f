//! H5: the SSE parser against the WHATWG/WPT `format-*` cases, each fed whole, split at
//! every byte into two chunks, one byte at a time and in irregular chunks; then the
//! platform's own rules on top (`[DONE]`, error objects, a stream without `[DONE]`).

use super::super::sse::{SseError, SseEvent, SseParser};
use super::super::stream::{CompletionStream, StreamFailure, StreamItem};

/// Every way of chunking `input` these tests use.
fn chunkings(input: &[u8]) -> Vec<Vec<&[u8]>> {
    let mut all = vec![vec![input]];
    for at in 1..input.len() {
        all.push(vec![&input[..at], &input[at..]]);
    }
    all.push(input.chunks(1).collect());
    for size in [2, 3, 5, 7] {
        all.push(input.chunks(size).collect());
    }
    all
}

fn parse_chunks(chunks: &[&[u8]], limit: usize) -> Result<Vec<SseEvent>, SseError> {
    let mut parser = SseParser::new(limit);
    let mut out = Vec::new();
    for chunk in chunks {
        out.extend(parser.push(chunk)?);
    }
    parser.finish();
    Ok(out)
}

/// Parses `input` under every chunking and checks they all agree; returns the events.
fn parse_all(input: &[u8]) -> Vec<SseEvent> {
    let mut expected: Option<Vec<SseEvent>> = None;
    for chunks in chunkings(input) {
        let events = parse_chunks(&chunks, super::super::sse::DEFAULT_LIMIT).expect("within limits");
        match &expected {
            None => expected = Some(events),
            Some(first) => assert_eq!(
                &events,
                first,
                "chunking {:?} disagrees",
                chunks.iter().map(|c| c.len()).collect::<Vec<_>>()
            ),
        }
    }
    expected.unwrap_or_default()
}

fn data(input: &str) -> Vec<String> {
    parse_all(input.as_bytes()).into_iter().map(|e| e.data).collect()
}

#[test]
fn wpt_format_bom_strips_one_leading_bom_only() {
    assert_eq!(data("\u{FEFF}data: 1\n\n\u{FEFF}data: 2\n\ndata: 3\n\n"), ["1", "3"]);
}

#[test]
fn wpt_format_bom_2_a_second_bom_is_part_of_the_field_name() {
    assert_eq!(data("\u{FEFF}\u{FEFF}data: 1\n\ndata: 2\n\ndata: 3\n\n"), ["2", "3"]);
}

#[test]
fn wpt_format_comments() {
    let long = "x".repeat(2049);
    let input = format!("data:1\r:\0\n:\r\ndata:2\n:{long}\rdata:3\n:data:fail\r:{long}\ndata:4\n\n");
    assert_eq!(data(&input), ["1\n2\n3\n4"]);
}

#[test]
fn wpt_format_data_before_final_empty_line_is_discarded() {
    assert_eq!(data("retry:1000\ndata:test1\n\nid:test\ndata:test2"), ["test1"]);
}

#[test]
fn wpt_format_field_data() {
    assert_eq!(data("data:\n\ndata\ndata\n\ndata:test\n\n"), ["", "\n", "test"]);
}

#[test]
fn wpt_format_field_event_and_empty_event() {
    let events = parse_all(b"event:test\ndata:x\n\ndata:x\n\nevent: \ndata:data\n\n");
    let types: Vec<&str> = events.iter().map(|e| e.event.as_str()).collect();
    assert_eq!(types, ["test", "message", "message"]);
    assert_eq!(events[2].data, "data");
}

#[test]
fn wpt_format_field_id_persists_resets_and_ignores_null() {
    let events = parse_all(b"id: 1\ndata:a\n\ndata:b\n\nid\ndata:c\n\nid:2\0\ndata:d\n\n");
    let ids: Vec<&str> = events.iter().map(|e| e.id.as_str()).collect();
    assert_eq!(ids, ["1", "1", "", ""]);
}

#[test]
fn wpt_format_field_parsing() {
    let input =
        "data:\0\ndata:  2\rData:1\ndata\0:2\ndata:1\r\0data:4\nda-ta:3\rdata_5\ndata:3\rdata:\r\n data:32\ndata:4\n\n";
    assert_eq!(data(input), ["\0\n 2\n1\n3\n\n4"]);
}

#[test]
fn wpt_format_field_retry() {
    let mut parser = SseParser::default();
    parser.push(b"retry:03000\ndata:x\n\n").unwrap();
    assert_eq!(parser.retry(), Some(3000));
    parser.push(b"retry:1000x\nretry:\ndata:x\n\n").unwrap();
    assert_eq!(parser.retry(), Some(3000), "only ASCII digits set the retry time");
    parser.push(b"retry: 500\n\n").unwrap();
    assert_eq!(parser.retry(), Some(500));
}

#[test]
fn wpt_format_field_unknown() {
    assert_eq!(
        data("data:test\n data\ndata\nfoobar:xxx\njustsometext\n:thisisacommentyay\ndata:test\n\n"),
        ["test\n\ntest"]
    );
}

#[test]
fn wpt_format_leading_space_only_one_is_stripped() {
    assert_eq!(data("data:\ttest\rdata: \ndata:test\n\n"), ["\ttest\n\ntest"]);
    assert_eq!(data("data:  two\n\n"), [" two"]);
}

#[test]
fn wpt_format_newlines_cr_lf_crlf() {
    assert_eq!(data("data:test\r\ndata\ndata:test\r\n\r\n"), ["test\n\ntest"]);
    assert_eq!(data("data:a\rdata:b\r\rdata:c\n\ndata:d\r\n\r\n"), ["a\nb", "c", "d"]);
}

#[test]
fn crlf_split_across_chunks_is_one_line_ending() {
    let events = parse_chunks(&[b"data: a\r", b"\ndata: b\r", b"\n\r", b"\n"], 1024).unwrap();
    assert_eq!(events.len(), 1);
    assert_eq!(events[0].data, "a\nb");
}

#[test]
fn wpt_format_null_character() {
    assert_eq!(data("data:\0\n\n\n\n"), ["\0"]);
}

#[test]
fn wpt_format_utf_8_including_split_code_points() {
    assert_eq!(data("data:ok…你好😀\n\n"), ["ok…你好😀"]);
    // Invalid bytes become U+FFFD (the decoder replaces, it never fails).
    let events = parse_all(b"data:\xffa\xe4\xbd\n\n");
    assert_eq!(events[0].data, "\u{FFFD}a\u{FFFD}");
}

#[test]
fn comments_and_keep_alives_dispatch_nothing() {
    assert!(data(": keep-alive\n\n:\n\n: ping\r\n\r\n").is_empty());
    assert_eq!(data(": keep-alive\n\ndata: x\n\n: keep-alive\n\n"), ["x"]);
}

#[test]
fn buffers_are_bounded() {
    let long_line = format!("data: {}\n\n", "x".repeat(300));
    assert_eq!(parse_chunks(&[long_line.as_bytes()], 256), Err(SseError::TooLarge(256)));
    // Many short lines that add up to a too-large event.
    let many = "data: 0123456789\n".repeat(40) + "\n";
    assert_eq!(parse_chunks(&[many.as_bytes()], 256), Err(SseError::TooLarge(256)));
    // Comments are skipped as they arrive, so a long padding comment needs no buffer.
    let comment = format!(":{}\ndata: ok\n\n", "c".repeat(300));
    assert_eq!(parse_chunks(&[comment.as_bytes()], 256).unwrap()[0].data, "ok");
}

// ---- the platform's rules ----------------------------------------------------------------

fn chunk(content: &str) -> String {
    format!(
        "data: {{\"id\":\"c1\",\"object\":\"chat.completion.chunk\",\"choices\":[{{\"index\":0,\"delta\":{{\"content\":{}}},\"finish_reason\":null}}]}}\n\n",
        serde_json::to_string(content).unwrap()
    )
}

const USAGE_CHUNK: &str = "data: {\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"stop\"}],\"usage\":{\"prompt_tokens\":12,\"completion_tokens\":5,\"total_tokens\":17}}\n\n";

/// Runs a whole platform stream through every chunking; all must agree.
fn platform(input: &str) -> (String, Result<(), StreamFailure>, Option<u64>) {
    let mut first: Option<(String, Result<(), StreamFailure>, Option<u64>)> = None;
    for chunks in chunkings(input.as_bytes()) {
        let mut stream = CompletionStream::new();
        let mut text = String::new();
        let mut result = Ok(());
        'feed: for c in &chunks {
            let pushed = stream.push(c);
            for item in pushed.items {
                match item {
                    StreamItem::Delta(t) => text.push_str(&t),
                    StreamItem::Done => break 'feed,
                }
            }
            if let Some(failure) = pushed.failure {
                result = Err(failure);
                break 'feed;
            }
        }
        if result.is_ok() {
            result = stream.finish();
        }
        let got = (text, result, stream.usage.and_then(|u| u.total_tokens));
        match &first {
            None => first = Some(got),
            Some(expected) => assert_eq!(&got, expected),
        }
    }
    first.expect("at least one chunking")
}

#[test]
fn done_ends_the_stream_and_usage_is_read() {
    let input = format!(
        ": keep-alive\n\n{}{}{}{USAGE_CHUNK}data: [DONE]\n\n{}",
        chunk(""),
        chunk("Hello, "),
        chunk("世界"),
        chunk("ignored")
    );
    let (text, result, total) = platform(&input);
    assert_eq!(text, "Hello, 世界");
    assert_eq!(result, Ok(()));
    assert_eq!(total, Some(17));
}

#[test]
fn a_stream_without_done_is_interrupted() {
    let input = format!("{}{}", chunk("partial "), chunk("reply"));
    let (text, result, _) = platform(&input);
    assert_eq!(text, "partial reply", "what arrived is kept");
    assert_eq!(result, Err(StreamFailure::EndedWithoutDone));
    // An unterminated `[DONE]` does not count either.
    let (_, result, _) = platform(&format!("{}data: [DONE]", chunk("x")));
    assert_eq!(result, Err(StreamFailure::EndedWithoutDone));
}

#[test]
fn an_error_object_in_the_stream_is_an_error() {
    let openai = format!("{}data: {{\"error\":{{\"code\":\"UPSTREAM_TIMEOUT\",\"message\":\"provider timed out\"}},\"request_id\":\"req_9\"}}\n\n", chunk("so far"));
    let (text, result, _) = platform(&openai);
    assert_eq!(text, "so far");
    assert_eq!(
        result,
        Err(StreamFailure::Platform {
            code: "UPSTREAM_TIMEOUT".into(),
            message: "provider timed out".into(),
            request_id: Some("req_9".into())
        })
    );
    let envelope = "data: {\"success\":false,\"code\":\"INSUFFICIENT_POINTS\",\"message\":\"no points\",\"request_id\":\"req_1\"}\n\n";
    assert!(
        matches!(platform(envelope).1, Err(StreamFailure::Platform { ref code, .. }) if code == "INSUFFICIENT_POINTS")
    );
    let typed = "event: error\ndata: {\"message\":\"boom\"}\n\n";
    assert!(
        matches!(platform(typed).1, Err(StreamFailure::Platform { ref code, .. }) if code == "STREAM_ERROR")
    );
}

#[test]
fn a_payload_that_is_not_json_is_refused() {
    assert!(matches!(platform("data: {not json\n\n").1, Err(StreamFailure::Malformed(_))));
}
