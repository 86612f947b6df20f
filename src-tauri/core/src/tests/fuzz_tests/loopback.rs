//! The loopback listener's request-head reader (`auth::loopback::HeadReader`, `parse_head`):
//! any bytes in any chunking come to the same answer as in one piece, never panic, and keep
//! at most `MAX_HEAD` bytes plus one chunk; a well-formed `GET` head reads to exactly its
//! target and `Host`, and the same head made malformed in one of the ways a browser never
//! sends is refused.

use proptest::prelude::*;

use super::{chunk_sizes, chunked, config, re, text};
use crate::auth::loopback::{parse_head, HeadReader, RequestHead, Step, MAX_HEAD};

/// Feeds `bytes` in the given chunking until the reader answers; the answer and the most it
/// ever kept.
fn read(bytes: &[u8], sizes: &[usize]) -> (Step, usize) {
    let mut reader = HeadReader::default();
    let mut kept = 0;
    for chunk in chunked(bytes, sizes) {
        let step = reader.feed(chunk);
        kept = kept.max(reader.kept());
        if step != Step::More {
            return (step, kept);
        }
    }
    (Step::More, kept)
}

/// Pieces request heads are made of, well-formed or nearly.
fn head_ish() -> impl Strategy<Value = Vec<u8>> {
    let piece = prop_oneof![
        Just("GET ".to_owned()),
        Just("GET /oauth/callback?code=x&state=y HTTP/1.1".to_owned()),
        Just("POST / HTTP/1.1".to_owned()),
        Just(" HTTP/1.0".to_owned()),
        Just("\r\n".to_owned()),
        Just("\r\n\r\n".to_owned()),
        Just("\n".to_owned()),
        Just("\r".to_owned()),
        Just("Host: 127.0.0.1:7777".to_owned()),
        Just("host:localhost".to_owned()),
        Just("HOST: \t".to_owned()),
        Just(": ".to_owned()),
        Just(" folded".to_owned()),
        re("[A-Za-z-]{1,12}: [ -~]{0,20}"),
        re("/[!-~]{0,20}"),
        text(),
    ];
    prop_oneof![
        8 => prop::collection::vec(piece, 0..12).prop_map(|p| p.concat().into_bytes()),
        1 => prop::collection::vec(any::<u8>(), 0..64),
        // Long ones, to reach the limit.
        1 => (re("[!-~]{0,40}"), 0usize..2 * MAX_HEAD, prop::bool::ANY).prop_map(|(line, n, end)| {
            let mut bytes = format!("GET /{line} HTTP/1.1\r\nHost: a\r\nX: ").into_bytes();
            bytes.resize(bytes.len() + n, b'y');
            if end { bytes.extend_from_slice(b"\r\n\r\n"); }
            bytes
        }),
    ]
}

/// A header line other than `Host`: a token name and a value with no CR or LF.
fn other_header() -> impl Strategy<Value = (String, String)> {
    (
        re("[A-Za-z0-9!#$%&'*+.^_`|~-]{1,16}").prop_filter("not Host", |n| !n.eq_ignore_ascii_case("host")),
        re("[!-~]([ !-~]{0,30}[!-~])?"),
    )
}

/// A well-formed head: the request line, other headers with `Host` at any place (any case,
/// optional spaces or tabs around its value), CRLF line ends, the empty line.
fn well_formed() -> impl Strategy<Value = (String, String, String)> {
    let target = re("/[!-~]{0,200}");
    let host = re("[!-~]{1,40}");
    let name = prop::sample::select(vec!["Host", "host", "HOST", "hOsT"]);
    let ows = prop::sample::select(vec!["", " ", "\t", "  "]);
    (
        target,
        host,
        name,
        ows.clone(),
        ows,
        prop::collection::vec(other_header(), 0..8),
        any::<prop::sample::Index>(),
        prop::sample::select(vec!["HTTP/1.1", "HTTP/1.0"]),
    )
        .prop_map(|(target, host, name, before, after, others, at, version)| {
            let mut lines: Vec<String> = others.iter().map(|(n, v)| format!("{n}: {v}")).collect();
            let at = at.index(lines.len() + 1);
            lines.insert(at, format!("{name}:{before}{host}{after}"));
            let head = format!(
                "GET {target} {version}\r\n{}\r\n\r\n",
                lines.iter().map(|l| format!("{l}\r\n")).collect::<String>().trim_end_matches("\r\n")
            );
            (head, target, host)
        })
}

proptest! {
    #![proptest_config(config())]

    /// Any bytes in any chunking: the same answer as in one piece, never a panic, at most
    /// `MAX_HEAD` bytes and one chunk kept; a head is read only when it ends within
    /// `MAX_HEAD` bytes, and whatever is read checks out against the raw bytes.
    #[test]
    fn fuzz_loopback_any_bytes_read_the_same_in_any_chunking(bytes in head_ish(), sizes in chunk_sizes()) {
        let (whole, _) = read(&bytes, &[]);
        let (step, kept) = read(&bytes, &sizes);
        prop_assert_eq!(&step, &whole);
        let chunk = sizes.iter().copied().max().unwrap_or(bytes.len()).max(1);
        prop_assert!(kept <= MAX_HEAD + chunk, "kept {} bytes", kept);
        let end = bytes.windows(4).position(|w| w == b"\r\n\r\n").map(|i| i + 4);
        match (&step, end) {
            (Step::Head(head), Some(end)) => {
                prop_assert!(end <= MAX_HEAD);
                prop_assert_eq!(Some(head.clone()), parse_head(&bytes[..end - 2]));
                let line = format!("GET {} HTTP/1.", head.target);
                prop_assert!(bytes.starts_with(line.as_bytes()), "{:?}", head);
                prop_assert!(!head.host.is_empty() && head.host.bytes().all(|b| b.is_ascii_graphic()));
            }
            (Step::Head(head), None) => prop_assert!(false, "a head without its end: {:?}", head),
            (Step::More, end) => prop_assert!(end.is_none() && bytes.len() < MAX_HEAD),
            (Step::Refused, Some(end)) if end <= MAX_HEAD => prop_assert!(parse_head(&bytes[..end - 2]).is_none()),
            (Step::Refused, _) => prop_assert!(bytes.len() >= MAX_HEAD),
        }
    }

    /// A well-formed `GET` reads to exactly its target and `Host`, in any chunking; the same
    /// head with a second `Host`, no `Host`, another method, a folded or bare-LF line, a
    /// space too many, or another version is refused.
    #[test]
    fn fuzz_loopback_well_formed_heads_read_exactly((head, target, host) in well_formed(), sizes in chunk_sizes(), mutation in 0u8..8) {
        let (step, _) = read(head.as_bytes(), &sizes);
        prop_assert_eq!(step, Step::Head(RequestHead { target: target.clone(), host: host.clone() }));
        let host_line = head.lines().find(|l| l.to_ascii_lowercase().starts_with("host:")).unwrap_or_default();
        // The line with the CRLFs around it, so the target (which may hold the same text)
        // is never the part changed.
        let line = format!("\r\n{host_line}\r\n");
        let bad = match mutation {
            0 => head.replacen("\r\n\r\n", &format!("\r\nHost: {host}\r\n\r\n"), 1),
            1 => head.replacen(&line, "\r\n", 1),
            2 => head.replacen("GET ", "HEAD ", 1),
            3 => head.replacen(&line, &format!("\r\n{host_line}\r\n folded\r\n"), 1),
            4 => head.replacen(&line, &format!("\r\n{host_line}\nX: y\r\n"), 1),
            5 => head.replacen("GET ", "GET  ", 1),
            6 => head.replacen(" HTTP/1.", " HTTP/2.", 1),
            _ => head.replacen(&line, &format!("\r\nX{host_line}\r\n"), 1),
        };
        prop_assert_ne!(&bad, &head);
        prop_assert!(!matches!(read(bad.as_bytes(), &sizes).0, Step::Head(_)), "{:?}", bad);
    }
}
