//! A `text/event-stream` parser that follows the WHATWG HTML "event stream interpretation"
//! exactly, fed with chunks of any size (down to one byte):
//!
//! - UTF-8 decoded incrementally (a code point split across chunks is kept until its last
//!   byte arrives; invalid bytes become U+FFFD), one leading BOM stripped;
//! - lines end at CR, LF or CRLF, also when the CR and the LF arrive in different chunks;
//! - `:` starts a comment (skipped as it streams, never buffered); `field:value` with one leading space of the value removed;
//!   a line without a colon is a field with an empty value;
//! - `data` lines are joined with `\n`; a blank line dispatches; an event with no data is
//!   not dispatched; an unterminated last event is discarded at the end;
//! - every buffer is bounded: a line or an event larger than the limit is an error.

/// One dispatched event.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SseEvent {
    /// `event:` or `message` when none was given (or it was empty).
    pub event: String,
    pub data: String,
    /// The last event id seen so far (WHATWG's "last event ID buffer").
    pub id: String,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SseError {
    #[error("an event-stream line or event exceeded {0} bytes")]
    TooLarge(usize),
}

/// Default bound for one line and for one event's data (the platform's chunks are small).
pub const DEFAULT_LIMIT: usize = 1024 * 1024;

#[derive(Debug)]
pub struct SseParser {
    limit: usize,
    /// Bytes of an incomplete UTF-8 sequence at the end of the last chunk.
    pending_bytes: Vec<u8>,
    started: bool,
    /// The last character was a CR: a following LF belongs to the same line ending.
    after_cr: bool,
    line: String,
    /// The current line is a comment: its text is skipped, never buffered.
    in_comment: bool,
    data: String,
    event: String,
    last_id: String,
    retry: Option<u64>,
}

impl Default for SseParser {
    fn default() -> Self {
        SseParser::new(DEFAULT_LIMIT)
    }
}

impl SseParser {
    pub fn new(limit: usize) -> Self {
        SseParser {
            limit,
            pending_bytes: Vec::new(),
            started: false,
            after_cr: false,
            line: String::new(),
            in_comment: false,
            data: String::new(),
            event: String::new(),
            last_id: String::new(),
            retry: None,
        }
    }

    /// The reconnection time the stream asked for, if any (`retry:` with digits only).
    pub fn retry(&self) -> Option<u64> {
        self.retry
    }

    /// Feeds one chunk; returns the events it completed.
    pub fn push(&mut self, chunk: &[u8]) -> Result<Vec<SseEvent>, SseError> {
        let mut out = Vec::new();
        let text = self.decode(chunk);
        for c in text.chars() {
            self.push_char(c, &mut out)?;
        }
        Ok(out)
    }

    /// The stream ended. Whatever was not terminated by a blank line is discarded, as
    /// the specification requires; an incomplete UTF-8 tail is dropped with it.
    pub fn finish(&mut self) {
        self.pending_bytes.clear();
        self.line.clear();
        self.in_comment = false;
        self.data.clear();
        self.event.clear();
    }

    fn decode(&mut self, chunk: &[u8]) -> String {
        let mut bytes = std::mem::take(&mut self.pending_bytes);
        bytes.extend_from_slice(chunk);
        let mut out = String::with_capacity(bytes.len());
        let mut rest: &[u8] = &bytes;
        loop {
            match std::str::from_utf8(rest) {
                Ok(valid) => {
                    out.push_str(valid);
                    break;
                }
                Err(err) => {
                    let (valid, after) = rest.split_at(err.valid_up_to());
                    // `valid_up_to` marks a UTF-8 boundary, so this cannot fail.
                    out.push_str(std::str::from_utf8(valid).unwrap_or_default());
                    match err.error_len() {
                        Some(len) => {
                            out.push('\u{FFFD}');
                            rest = &after[len..];
                        }
                        None => {
                            // An incomplete sequence at the end: wait for the next chunk.
                            self.pending_bytes = after.to_vec();
                            break;
                        }
                    }
                }
            }
        }
        if !self.started && !out.is_empty() {
            self.started = true;
            if let Some(stripped) = out.strip_prefix('\u{FEFF}') {
                return stripped.to_owned();
            }
        }
        out
    }

    fn push_char(&mut self, c: char, out: &mut Vec<SseEvent>) -> Result<(), SseError> {
        let after_cr = std::mem::replace(&mut self.after_cr, false);
        match c {
            '\n' if after_cr => Ok(()),
            '\r' => {
                self.after_cr = true;
                self.end_line(out)
            }
            '\n' => self.end_line(out),
            ':' if self.line.is_empty() && !self.in_comment => {
                self.in_comment = true;
                Ok(())
            }
            _ if self.in_comment => Ok(()),
            _ => {
                if self.line.len() + c.len_utf8() > self.limit {
                    return Err(SseError::TooLarge(self.limit));
                }
                self.line.push(c);
                Ok(())
            }
        }
    }

    fn end_line(&mut self, out: &mut Vec<SseEvent>) -> Result<(), SseError> {
        if std::mem::replace(&mut self.in_comment, false) {
            return Ok(());
        }
        let line = std::mem::take(&mut self.line);
        if line.is_empty() {
            self.dispatch(out);
            return Ok(());
        }
        let (field, value) = match line.find(':') {
            Some(at) => {
                let value = &line[at + 1..];
                (&line[..at], value.strip_prefix(' ').unwrap_or(value))
            }
            None => (line.as_str(), ""),
        };
        match field {
            "data" => {
                if self.data.len() + value.len() + 1 > self.limit {
                    return Err(SseError::TooLarge(self.limit));
                }
                self.data.push_str(value);
                self.data.push('\n');
            }
            "event" => {
                self.event.clear();
                self.event.push_str(value);
            }
            "id" if !value.contains('\0') => {
                self.last_id.clear();
                self.last_id.push_str(value);
            }
            "retry" if !value.is_empty() && value.bytes().all(|b| b.is_ascii_digit()) => {
                self.retry = value.parse().ok();
            }
            _ => {}
        }
        Ok(())
    }

    fn dispatch(&mut self, out: &mut Vec<SseEvent>) {
        let event = std::mem::take(&mut self.event);
        if self.data.is_empty() {
            return;
        }
        let mut data = std::mem::take(&mut self.data);
        if data.ends_with('\n') {
            data.pop();
        }
        let event = if event.is_empty() { "message".to_owned() } else { event };
        out.push(SseEvent { event, data, id: self.last_id.clone() });
    }
}
