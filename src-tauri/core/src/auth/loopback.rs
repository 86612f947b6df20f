//! The RFC 8252 §7.3 loopback redirect. Each sign-in with an `http://127.0.0.1[:port]/path`
//! redirect URI listens on 127.0.0.1 only (a free port when the URI names none) for as
//! long as that one attempt is pending. A request to the redirect path is handed to the
//! core, which validates it exactly like a deep link (state, single use, strict parsing);
//! the browser then gets a small bilingual page and the listener closes. Anything else —
//! another path, a malformed request, a link whose state matches no attempt — is answered
//! and the listener keeps waiting for the genuine callback (A4).

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::Mutex;
use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{mpsc, oneshot};
use url::Url;

use super::pending::ATTEMPT_LIFETIME_SECS;
use crate::foundation::error::{Error, Result};

/// A request head larger than this is refused (the callback itself is capped at 4 KB).
const MAX_HEAD: usize = 8 * 1024;
/// A browser that connects and sends nothing is dropped after this long.
const READ_TIMEOUT: Duration = Duration::from_secs(10);

/// What the browser is shown after its callback was handled.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Page {
    /// Signed in: "You can return to Xiaoya Companion". The listener closes.
    SignedIn,
    /// The attempt ended without a session (the app says why). The listener closes.
    Failed,
    /// Not a callback for this attempt; the listener keeps waiting.
    Refused,
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

pub struct Loopback {
    tx: mpsc::Sender<LoopbackHit>,
    rx: tokio::sync::Mutex<mpsc::Receiver<LoopbackHit>>,
    listeners: Mutex<Vec<tokio::task::JoinHandle<()>>>,
}

impl Default for Loopback {
    fn default() -> Self {
        let (tx, rx) = mpsc::channel(8);
        Loopback { tx, rx: tokio::sync::Mutex::new(rx), listeners: Mutex::new(Vec::new()) }
    }
}

/// The address to listen on for `redirect_uri`: its loopback IP and port (0 = any free one).
fn bind_addr(redirect_uri: &Url) -> Result<SocketAddr> {
    let ip = match redirect_uri.host() {
        Some(url::Host::Ipv4(ip)) if ip.is_loopback() => IpAddr::V4(ip),
        Some(url::Host::Ipv6(ip)) if ip.is_loopback() => IpAddr::V6(ip),
        _ => IpAddr::V4(Ipv4Addr::LOCALHOST),
    };
    Ok(SocketAddr::new(ip, redirect_uri.port().unwrap_or(0)))
}

impl Loopback {
    /// Starts listening for one attempt; returns the redirect URI to send (with the port).
    pub async fn listen(&self, redirect_uri: &Url) -> Result<Url> {
        let addr = bind_addr(redirect_uri)?;
        let listener = TcpListener::bind(addr).await.map_err(|e| {
            Error::SignIn(format!("could not listen on {addr} for the browser to come back: {e}"))
        })?;
        let port =
            listener.local_addr().map_err(|source| Error::Io { action: "loopback address", source })?.port();
        let mut bound = redirect_uri.clone();
        bound.set_port(Some(port)).map_err(|_| Error::Invariant("loopback redirect URI takes no port"))?;
        let task = tokio::spawn(serve(listener, bound.clone(), self.tx.clone()));
        let mut listeners = self.listeners.lock().unwrap_or_else(|e| e.into_inner());
        listeners.retain(|t| !t.is_finished());
        listeners.push(task);
        tracing::info!(port, "listening on the loopback redirect for one sign-in");
        Ok(bound)
    }

    /// Stops every listener (the sign-in was cancelled or the platform changed).
    pub fn close_all(&self) {
        for task in self.listeners.lock().unwrap_or_else(|e| e.into_inner()).drain(..) {
            task.abort();
        }
    }

    /// How many listeners are still open.
    pub fn open_count(&self) -> usize {
        let mut listeners = self.listeners.lock().unwrap_or_else(|e| e.into_inner());
        listeners.retain(|t| !t.is_finished());
        listeners.len()
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

async fn serve(listener: TcpListener, redirect_uri: Url, tx: mpsc::Sender<LoopbackHit>) {
    let lifetime = Duration::from_secs(ATTEMPT_LIFETIME_SECS as u64 + 30);
    let _ = tokio::time::timeout(lifetime, async {
        loop {
            let Ok((stream, _)) = listener.accept().await else {
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            };
            if answer(stream, &redirect_uri, &tx).await {
                break;
            }
        }
    })
    .await;
    tracing::info!("loopback redirect listener closed");
}

/// Handles one connection; true when the attempt is over and the listener should close.
async fn answer(mut stream: TcpStream, redirect_uri: &Url, tx: &mpsc::Sender<LoopbackHit>) -> bool {
    let target = match tokio::time::timeout(READ_TIMEOUT, read_target(&mut stream)).await {
        Ok(Some(target)) => target,
        _ => {
            let _ = respond(&mut stream, "400 Bad Request", Page::Refused).await;
            return false;
        }
    };
    let path = target.split('?').next().unwrap_or_default();
    if path != redirect_uri.path() {
        let _ = stream
            .write_all(b"HTTP/1.1 404 Not Found\r\ncontent-length: 0\r\nconnection: close\r\n\r\n")
            .await;
        return false;
    }
    let origin = redirect_uri.origin().ascii_serialization();
    let (reply, verdict) = oneshot::channel();
    let hit = LoopbackHit { url: format!("{origin}{target}"), redirect_uri: redirect_uri.clone(), reply };
    if tx.send(hit).await.is_err() {
        return true;
    }
    let page = verdict.await.unwrap_or(Page::Failed);
    let status = if page == Page::Refused { "400 Bad Request" } else { "200 OK" };
    let _ = respond(&mut stream, status, page).await;
    page != Page::Refused
}

/// The request target of a `GET` request head, or `None` for anything else.
async fn read_target(stream: &mut TcpStream) -> Option<String> {
    let mut head = Vec::with_capacity(1024);
    let mut buf = [0u8; 1024];
    while !head.windows(4).any(|w| w == b"\r\n\r\n") {
        let n = stream.read(&mut buf).await.ok()?;
        if n == 0 || head.len() + n > MAX_HEAD {
            return None;
        }
        head.extend_from_slice(&buf[..n]);
    }
    let text = std::str::from_utf8(&head).ok()?;
    let line = text.lines().next()?;
    let mut parts = line.split(' ');
    let (method, target, version) = (parts.next()?, parts.next()?, parts.next()?);
    (method == "GET" && target.starts_with('/') && version.starts_with("HTTP/1.") && parts.next().is_none())
        .then(|| target.to_owned())
}

async fn respond(stream: &mut TcpStream, status: &str, page: Page) -> std::io::Result<()> {
    let body = page_html(page);
    let head = format!(
        "HTTP/1.1 {status}\r\ncontent-type: text/html; charset=utf-8\r\ncontent-length: {}\r\n\
         cache-control: no-store\r\nreferrer-policy: no-referrer\r\n\
         content-security-policy: default-src 'none'; style-src 'unsafe-inline'\r\nconnection: close\r\n\r\n",
        body.len()
    );
    stream.write_all(head.as_bytes()).await?;
    stream.write_all(body.as_bytes()).await?;
    stream.shutdown().await
}

/// A small page in both languages; it carries nothing from the request.
pub fn page_html(page: Page) -> String {
    let (en_title, zh_title, en_body, zh_body) = match page {
        Page::SignedIn => (
            "You can return to Xiaoya Companion",
            "您可以返回小雅助手了",
            "You're signed in. You can close this tab.",
            "已登录。可以关闭此标签页。",
        ),
        Page::Failed => (
            "You can return to Xiaoya Companion",
            "您可以返回小雅助手了",
            "The sign-in didn't complete. Xiaoya Companion says why and lets you try again.",
            "登录未完成。小雅助手会说明原因，并可重新登录。",
        ),
        Page::Refused => (
            "This sign-in link was not accepted",
            "此登录链接未被接受",
            "It doesn't belong to a sign-in started in Xiaoya Companion. Return to the app and start again there.",
            "它不属于在小雅助手中发起的登录。请返回应用并重新开始。",
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
