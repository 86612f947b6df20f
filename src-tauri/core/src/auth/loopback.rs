//! The RFC 8252 §7.3 loopback redirect. Each sign-in with an `http://127.0.0.1[:port]/path`
//! redirect URI listens on 127.0.0.1 only (a free port when the URI names none) for as
//! long as that attempt is pending. A request to the redirect path, addressed to the
//! listener's own `Host`, is handed to the core, which validates it exactly like a deep link
//! (state, single use, strict parsing); the browser then gets a small bilingual page and the
//! listener closes. Anything else — another path or `Host`, a malformed or slow request, a
//! link whose state matches no attempt — gets the same bare 404, whatever was wrong, and the
//! listener keeps waiting for the genuine callback (A4): a page that sweeps local ports
//! learns nothing from the answer, and disturbs nothing.
//!
//! Each connection is served by its own task (at most `MAX_CONNECTIONS` at a time) that
//! waits `HEAD_TIMEOUT` for the request head, so connections that send nothing never delay
//! the real callback. A listener on a fixed port is replaced by the next attempt that asks
//! for the same port, and reopened on its port when the core restarts with its attempt
//! still pending (`Auth::reopen_loopback_listeners`).

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{mpsc, oneshot, Notify, Semaphore};
use tokio::task::JoinSet;
use url::Url;

use super::pending::ATTEMPT_LIFETIME_SECS;
use crate::foundation::error::{Error, Result};

/// A request head larger than this is refused (the callback itself is capped at 4 KB).
pub const MAX_HEAD: usize = 8 * 1024;
/// How long a connection may take to send its request head before it gets the 404.
pub const HEAD_TIMEOUT: Duration = Duration::from_secs(2);
/// Connections served at once by one listener; the next one waits in the accept queue.
pub const MAX_CONNECTIONS: usize = 32;

/// The one answer to every request that is not this attempt's callback.
pub const NOT_FOUND: &[u8] =
    b"HTTP/1.1 404 Not Found\r\ncontent-length: 0\r\ncache-control: no-store\r\nconnection: close\r\n\r\n";

/// What the browser is shown after its callback was handled.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Page {
    /// Signed in: "You can return to Xiaoya Companion". The listener closes.
    SignedIn,
    /// The attempt ended without a session (the app says why). The listener closes.
    Failed,
    /// The attempt's own callback could not complete yet (the keychain did not answer) and
    /// the attempt was kept: the page says so, and the listener keeps waiting for the same
    /// link to be opened again.
    Kept,
    /// Not a callback for this attempt: the bare 404, and the listener keeps waiting.
    Refused,
}

impl Page {
    /// Whether the listener closes after answering with this page.
    fn closes(self) -> bool {
        matches!(self, Page::SignedIn | Page::Failed)
    }
}

/// A callback that reached a listener, waiting for the core's verdict.
pub struct LoopbackHit {
    /// The full callback URL as the browser requested it.
    pub url: String,
    /// The redirect URI this listener was opened for (with its port).
    pub redirect_uri: Url,
    reply: oneshot::Sender<Page>,
}

impl LoopbackHit {
    pub fn answer(self, page: Page) {
        let _ = self.reply.send(page);
    }
}

struct Listener {
    port: u16,
    task: tokio::task::JoinHandle<()>,
}

pub struct Loopback {
    tx: mpsc::Sender<LoopbackHit>,
    rx: tokio::sync::Mutex<mpsc::Receiver<LoopbackHit>>,
    listeners: Mutex<Vec<Listener>>,
    /// `HEAD_TIMEOUT` in milliseconds; tests shorten or lengthen it.
    head_timeout_ms: AtomicU64,
}

impl Default for Loopback {
    fn default() -> Self {
        let (tx, rx) = mpsc::channel(8);
        Loopback {
            tx,
            rx: tokio::sync::Mutex::new(rx),
            listeners: Mutex::new(Vec::new()),
            head_timeout_ms: AtomicU64::new(HEAD_TIMEOUT.as_millis() as u64),
        }
    }
}

/// The address to listen on for `redirect_uri`: its loopback IP and port (0 = any free one).
fn bind_addr(redirect_uri: &Url) -> SocketAddr {
    let ip = match redirect_uri.host() {
        Some(url::Host::Ipv4(ip)) if ip.is_loopback() => IpAddr::V4(ip),
        Some(url::Host::Ipv6(ip)) if ip.is_loopback() => IpAddr::V6(ip),
        _ => IpAddr::V4(Ipv4Addr::LOCALHOST),
    };
    SocketAddr::new(ip, redirect_uri.port().unwrap_or(0))
}

impl Loopback {
    /// How long each connection may take to send its request head (listeners opened from
    /// now on). The app keeps `HEAD_TIMEOUT`.
    pub fn set_head_timeout(&self, timeout: Duration) {
        self.head_timeout_ms.store(timeout.as_millis().max(1) as u64, Ordering::SeqCst);
    }

    /// Starts listening for one attempt; returns the redirect URI to send (with the port).
    /// A redirect URI that names its port replaces this app's listener on that port, if
    /// any: the newest attempt on a fixed port is the one the browser comes back to.
    pub async fn listen(&self, redirect_uri: &Url) -> Result<Url> {
        let addr = bind_addr(redirect_uri);
        if addr.port() != 0 {
            self.close_port(addr.port()).await;
        }
        let listener = TcpListener::bind(addr).await.map_err(|e| {
            Error::SignIn(format!("could not listen on {addr} for the browser to come back: {e}"))
        })?;
        let port =
            listener.local_addr().map_err(|source| Error::Io { action: "loopback address", source })?.port();
        let mut bound = redirect_uri.clone();
        bound.set_port(Some(port)).map_err(|_| Error::Invariant("loopback redirect URI takes no port"))?;
        let serving = Serving {
            redirect_uri: bound.clone(),
            host: authority(&bound),
            tx: self.tx.clone(),
            head_timeout: Duration::from_millis(self.head_timeout_ms.load(Ordering::SeqCst)),
            done: Notify::new(),
        };
        let task = tokio::spawn(serve(listener, Arc::new(serving)));
        let mut listeners = self.listeners.lock().unwrap_or_else(|e| e.into_inner());
        listeners.retain(|l| !l.task.is_finished());
        listeners.push(Listener { port, task });
        tracing::info!(port, "listening on the loopback redirect for one sign-in");
        Ok(bound)
    }

    /// Stops this app's listener on `port`, if any, and waits until the port is released.
    pub async fn close_port(&self, port: u16) {
        let closing: Vec<_> = {
            let mut listeners = self.listeners.lock().unwrap_or_else(|e| e.into_inner());
            let (closing, kept) = listeners.drain(..).partition(|l| l.port == port);
            *listeners = kept;
            closing
        };
        stop(closing).await;
    }

    /// Stops every listener (the sign-in was cancelled or the platform changed) and waits
    /// until their ports are released.
    pub async fn close_all(&self) {
        let closing: Vec<_> = self.listeners.lock().unwrap_or_else(|e| e.into_inner()).drain(..).collect();
        stop(closing).await;
    }

    /// How many listeners are still open.
    pub fn open_count(&self) -> usize {
        let mut listeners = self.listeners.lock().unwrap_or_else(|e| e.into_inner());
        listeners.retain(|l| !l.task.is_finished());
        listeners.len()
    }

    /// The ports of the listeners still open.
    pub fn open_ports(&self) -> Vec<u16> {
        let mut listeners = self.listeners.lock().unwrap_or_else(|e| e.into_inner());
        listeners.retain(|l| !l.task.is_finished());
        listeners.iter().map(|l| l.port).collect()
    }

    /// The next callback that reached any listener.
    pub async fn next(&self) -> LoopbackHit {
        let mut rx = self.rx.lock().await;
        match rx.recv().await {
            Some(hit) => hit,
            // `self` holds a sender, so the channel never closes while we wait.
            None => std::future::pending().await,
        }
    }
}

impl Drop for Loopback {
    /// The listeners go with the core that opened them.
    fn drop(&mut self) {
        for listener in self.listeners.get_mut().unwrap_or_else(|e| e.into_inner()).drain(..) {
            listener.task.abort();
        }
    }
}

async fn stop(listeners: Vec<Listener>) {
    for listener in listeners {
        listener.task.abort();
        // Awaiting an aborted task returns once it was dropped: its socket is closed.
        let _ = listener.task.await;
    }
}

/// What every connection of one listener shares.
struct Serving {
    redirect_uri: Url,
    /// The `Host` a browser sends for the redirect URI (`127.0.0.1:PORT`), lower case.
    host: String,
    tx: mpsc::Sender<LoopbackHit>,
    head_timeout: Duration,
    /// Told once the attempt ended (signed in or failed): the listener closes.
    done: Notify,
}

/// `host[:port]` as a browser writes it in the `Host` header for `url` (no port when it is
/// the scheme's default), lower case.
fn authority(url: &Url) -> String {
    let host = url.host_str().unwrap_or_default().to_ascii_lowercase();
    match url.port() {
        Some(port) => format!("{host}:{port}"),
        None => host,
    }
}

async fn serve(listener: TcpListener, serving: Arc<Serving>) {
    let lifetime = Duration::from_secs(ATTEMPT_LIFETIME_SECS as u64 + 30);
    let permits = Arc::new(Semaphore::new(MAX_CONNECTIONS));
    // Dropped with this task: a closed or replaced listener ends its connections too.
    let mut connections = JoinSet::new();
    let accept = async {
        loop {
            while connections.try_join_next().is_some() {}
            let Ok(permit) = permits.clone().acquire_owned().await else { return };
            let Ok((stream, _)) = listener.accept().await else {
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            };
            let serving = serving.clone();
            connections.spawn(async move {
                answer(stream, &serving).await;
                drop(permit);
            });
        }
    };
    tokio::select! {
        _ = tokio::time::timeout(lifetime, accept) => {}
        _ = serving.done.notified() => {}
    }
    tracing::info!("loopback redirect listener closed");
}

/// Serves one connection: the callback's page, or the 404.
async fn answer(mut stream: TcpStream, serving: &Serving) {
    let head = tokio::time::timeout(serving.head_timeout, read_head(&mut stream)).await;
    let target = match head {
        Ok(Some(head)) if serving.accepts(&head) => head.target,
        _ => return not_found(&mut stream).await,
    };
    let origin = serving.redirect_uri.origin().ascii_serialization();
    let (reply, verdict) = oneshot::channel();
    let hit =
        LoopbackHit { url: format!("{origin}{target}"), redirect_uri: serving.redirect_uri.clone(), reply };
    if serving.tx.send(hit).await.is_err() {
        return not_found(&mut stream).await;
    }
    let page = verdict.await.unwrap_or(Page::Kept);
    if page == Page::Refused {
        return not_found(&mut stream).await;
    }
    let _ = respond(&mut stream, page).await;
    if page.closes() {
        serving.done.notify_one();
    }
}

impl Serving {
    /// A `GET` of the redirect path, addressed to this listener's own host and port (a
    /// DNS-rebinding page sends its own name as `Host`).
    fn accepts(&self, head: &RequestHead) -> bool {
        let path = head.target.split('?').next().unwrap_or_default();
        path == self.redirect_uri.path() && host_matches(&head.host, &self.host)
    }
}

/// Whether a request's `Host` is exactly the listener's address (ASCII case aside).
pub fn host_matches(host: &str, expected: &str) -> bool {
    host.eq_ignore_ascii_case(expected)
}

async fn not_found(stream: &mut TcpStream) {
    let _ = stream.write_all(NOT_FOUND).await;
    let _ = stream.shutdown().await;
}

/// Reads a request head from the stream (nothing after it).
async fn read_head(stream: &mut TcpStream) -> Option<RequestHead> {
    let mut reader = HeadReader::default();
    let mut buf = [0u8; 1024];
    loop {
        let n = stream.read(&mut buf).await.ok()?;
        if n == 0 {
            return None;
        }
        match reader.feed(&buf[..n]) {
            Step::More => {}
            Step::Head(head) => return Some(head),
            Step::Refused => return None,
        }
    }
}

/// The parts of a request head the listener looks at.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RequestHead {
    /// The request target, starting with `/`.
    pub target: String,
    /// The one `Host` header's value.
    pub host: String,
}

/// What a request head read so far comes to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Step {
    /// The head has not ended yet.
    More,
    /// A well-formed `GET` head with exactly one `Host`.
    Head(RequestHead),
    /// Anything else, or no end within `MAX_HEAD` bytes.
    Refused,
}

/// Reads a request head as it arrives, in any chunking: the answer depends only on the
/// bytes, and no more than `MAX_HEAD` bytes plus one chunk are ever kept.
#[derive(Default)]
pub struct HeadReader {
    buf: Vec<u8>,
}

impl HeadReader {
    /// How many bytes it holds.
    pub fn kept(&self) -> usize {
        self.buf.len()
    }

    /// Adds the next bytes; `More` until the head ended (or can no longer end in time).
    pub fn feed(&mut self, chunk: &[u8]) -> Step {
        let from = self.buf.len().saturating_sub(3);
        self.buf.extend_from_slice(chunk);
        match self.buf[from..].windows(4).position(|w| w == b"\r\n\r\n") {
            Some(i) if from + i + 4 <= MAX_HEAD => {
                parse_head(&self.buf[..from + i + 2]).map_or(Step::Refused, Step::Head)
            }
            Some(_) => Step::Refused,
            None if self.buf.len() >= MAX_HEAD => Step::Refused,
            None => Step::More,
        }
    }
}

/// A request head (request line and header lines, each ending in CRLF, the empty line left
/// out): a `GET` of an origin-form target over HTTP/1.0 or 1.1, with well-formed header
/// lines and exactly one `Host`.
pub fn parse_head(head: &[u8]) -> Option<RequestHead> {
    let text = std::str::from_utf8(head).ok()?.strip_suffix("\r\n")?;
    let mut lines = text.split("\r\n");
    let mut parts = lines.next()?.split(' ');
    let (method, target, version) = (parts.next()?, parts.next()?, parts.next()?);
    let visible = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_graphic());
    if method != "GET"
        || !target.starts_with('/')
        || !visible(target)
        || !matches!(version, "HTTP/1.1" | "HTTP/1.0")
        || parts.next().is_some()
    {
        return None;
    }
    let mut host = None;
    for line in lines {
        if line.contains(['\r', '\n']) {
            return None;
        }
        let (name, value) = line.split_once(':')?;
        let token = |b: u8| b.is_ascii_alphanumeric() || b"!#$%&'*+-.^_`|~".contains(&b);
        if name.is_empty() || !name.bytes().all(token) {
            return None;
        }
        if name.eq_ignore_ascii_case("host") {
            let value = value.trim_matches([' ', '\t']);
            if host.is_some() || !visible(value) {
                return None;
            }
            host = Some(value.to_owned());
        }
    }
    Some(RequestHead { target: target.to_owned(), host: host? })
}

async fn respond(stream: &mut TcpStream, page: Page) -> std::io::Result<()> {
    let body = page_html(page);
    let head = format!(
        "HTTP/1.1 200 OK\r\ncontent-type: text/html; charset=utf-8\r\ncontent-length: {}\r\n\
         cache-control: no-store\r\nreferrer-policy: no-referrer\r\n\
         content-security-policy: default-src 'none'; style-src 'unsafe-inline'\r\nconnection: close\r\n\r\n",
        body.len()
    );
    stream.write_all(head.as_bytes()).await?;
    stream.write_all(body.as_bytes()).await?;
    stream.shutdown().await
}

/// A small page in both languages; it carries nothing from the request. (A refused
/// request gets no page: `NOT_FOUND`.)
pub fn page_html(page: Page) -> String {
    let (en_title, zh_title, en_body, zh_body) = match page {
        Page::SignedIn => (
            "You can return to Xiaoya Companion",
            "您可以返回小雅助手了",
            "You're signed in. You can close this tab.",
            "已登录。可以关闭此标签页。",
        ),
        Page::Failed | Page::Refused => (
            "You can return to Xiaoya Companion",
            "您可以返回小雅助手了",
            "The sign-in didn't complete. Xiaoya Companion says why and lets you try again.",
            "登录未完成。小雅助手会说明原因，并可重新登录。",
        ),
        Page::Kept => (
            "You can return to Xiaoya Companion",
            "您可以返回小雅助手了",
            "The sign-in didn't complete yet. Xiaoya Companion says why; once that is fixed, reload this page.",
            "登录尚未完成。小雅助手会说明原因；问题解决后，请刷新此页面。",
        ),
    };
    format!(
        "<!doctype html><html><head><meta charset=\"utf-8\"><title>{en_title} · {zh_title}</title>\
         <style>body{{font:16px system-ui,sans-serif;max-width:34em;margin:4em auto;padding:0 1em;color:#1f2933}}\
         h1{{font-size:1.4em}}</style></head><body>\
         <h1 lang=\"en\">{en_title}</h1><p lang=\"en\">{en_body}</p>\
         <h1 lang=\"zh-CN\">{zh_title}</h1><p lang=\"zh-CN\">{zh_body}</p></body></html>"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn head(text: &str) -> Option<RequestHead> {
        match HeadReader::default().feed(text.as_bytes()) {
            Step::Head(head) => Some(head),
            _ => None,
        }
    }

    #[test]
    fn a_get_with_one_host_is_read_and_anything_else_is_refused() {
        let ok = head(
            "GET /oauth/callback?code=a&state=b HTTP/1.1\r\nHost: 127.0.0.1:7777\r\nAccept: */*\r\n\r\n",
        );
        assert_eq!(
            ok,
            Some(RequestHead {
                target: "/oauth/callback?code=a&state=b".into(),
                host: "127.0.0.1:7777".into()
            })
        );
        assert!(head("GET / HTTP/1.0\r\nhOsT:\t127.0.0.1:1 \r\n\r\n").is_some());
        for bad in [
            "GET / HTTP/1.1\r\n\r\n",                        // no Host
            "GET / HTTP/1.1\r\nHost: a\r\nHost: a\r\n\r\n",  // two
            "POST / HTTP/1.1\r\nHost: a\r\n\r\n",            // not GET
            "GET http://a/ HTTP/1.1\r\nHost: a\r\n\r\n",     // absolute form
            "GET / HTTP/2\r\nHost: a\r\n\r\n",               // version
            "GET  / HTTP/1.1\r\nHost: a\r\n\r\n",            // two spaces
            "GET / HTTP/1.1\r\nHost: a\r\n folded\r\n\r\n",  // obs-fold
            "GET / HTTP/1.1\r\nHost: a\nX: b\r\n\r\n",       // bare LF
            "GET / HTTP/1.1\r\nHost: \r\n\r\n",              // empty Host
            "GET / HTTP/1.1\r\nHost: a b\r\n\r\n",           // space inside
            "GET / HTTP/1.1\r\nHo st: a\r\nHost: a\r\n\r\n", // bad name
        ] {
            assert_eq!(head(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn a_head_that_cannot_end_within_the_limit_is_refused() {
        let mut reader = HeadReader::default();
        assert_eq!(reader.feed(b"GET / HTTP/1.1\r\nHost: a\r\n"), Step::More);
        assert_eq!(reader.feed(&vec![b'x'; MAX_HEAD]), Step::Refused);
        // Exactly at the limit is fine.
        let line = "GET / HTTP/1.1\r\nHost: a\r\nX: ";
        let text = format!("{line}{}\r\n\r\n", "y".repeat(MAX_HEAD - line.len() - 4));
        assert_eq!(text.len(), MAX_HEAD);
        assert!(head(&text).is_some());
        let over = format!("{line}{}\r\n\r\n", "y".repeat(MAX_HEAD - line.len() - 3));
        assert!(head(&over).is_none());
    }

    #[test]
    fn the_host_is_the_listeners_own_address() {
        let url = Url::parse("http://127.0.0.1:7777/oauth/callback").unwrap();
        assert_eq!(authority(&url), "127.0.0.1:7777");
        assert!(host_matches("127.0.0.1:7777", &authority(&url)));
        assert!(!host_matches("127.0.0.1", &authority(&url)));
        assert!(!host_matches("evil.example:7777", &authority(&url)));
        assert!(!host_matches("localhost:7777", &authority(&url)), "only as the redirect URI names it");
        let v6 = Url::parse("http://[::1]:9/cb").unwrap();
        assert_eq!(authority(&v6), "[::1]:9");
        let named = Url::parse("http://LocalHost:9/cb").unwrap();
        assert!(host_matches("localhost:9", &authority(&named)));
    }
}
