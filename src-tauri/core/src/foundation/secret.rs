//! Secrets in memory: they neither print nor serialize, and their bytes are wiped when
//! they are dropped (so a freed token does not linger in the heap for a core dump or a
//! swap file). The only way to the bytes is `expose()`, used at the few places that put a
//! token on the wire or in the keychain.

use std::fmt;

use zeroize::Zeroize;

/// A value that must never reach a log, the UI, the database or a URL.
#[derive(Clone, PartialEq, Eq)]
pub struct Sensitive<T: Zeroize>(T);

impl<T: Zeroize> Sensitive<T> {
    pub fn new(value: T) -> Self {
        Sensitive(value)
    }

    pub fn expose(&self) -> &T {
        &self.0
    }
}

impl<T: Zeroize> Drop for Sensitive<T> {
    fn drop(&mut self) {
        self.0.zeroize();
    }
}

impl<T: Zeroize> fmt::Debug for Sensitive<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("[redacted]")
    }
}

impl<T: Zeroize> fmt::Display for Sensitive<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("[redacted]")
    }
}

/// An OAuth access token.
pub type AccessToken = Sensitive<String>;

// ---- copies made for the wire ------------------------------------------------------------
//
// A secret sent to a server is copied at least once into what the request is built from: the
// `Authorization: Bearer …` value, a form body with a code, verifier or token, a key header.
// These copies are made here, each in one allocation of its exact length (so no reallocation
// leaves a copy behind in freed memory), and handed to `reqwest` as `Bytes` that own it: the
// request keeps the owner alive and drops it last, and dropping it wipes the bytes. What
// `reqwest`, `hyper` and the TLS layer copy from there (the connection's write buffer, TLS
// records) is out of this crate's reach and is not wiped.

/// The owner of a wire copy: wiped when the last `Bytes` (header value, body) made from it
/// is dropped.
struct WipeOnDrop<T: Zeroize + AsRef<[u8]>>(T);

impl<T: Zeroize + AsRef<[u8]>> AsRef<[u8]> for WipeOnDrop<T> {
    fn as_ref(&self) -> &[u8] {
        self.0.as_ref()
    }
}

impl<T: Zeroize + AsRef<[u8]>> Drop for WipeOnDrop<T> {
    fn drop(&mut self) {
        #[cfg(test)]
        wipes::record_wipe(self.0.as_ref());
        self.0.zeroize();
    }
}

/// A buffer a secret is read into from the wire (a token answer): allocated once with room
/// for the most it may hold, so no reallocation leaves a copy behind, and wiped when dropped
/// (the whole allocation).
pub struct WireBuffer {
    bytes: Vec<u8>,
    limit: usize,
}

impl WireBuffer {
    /// Room for `limit` bytes, allocated now.
    pub fn with_limit(limit: usize) -> Self {
        WireBuffer { bytes: Vec::with_capacity(limit), limit }
    }

    /// Appends `more` if the buffer stays within its limit (in the room allocated up front);
    /// false, with nothing appended, if it would not.
    pub fn append(&mut self, more: &[u8]) -> bool {
        if more.len() > self.limit - self.bytes.len() {
            return false;
        }
        self.bytes.extend_from_slice(more);
        true
    }

    pub fn as_slice(&self) -> &[u8] {
        &self.bytes
    }
}

impl Drop for WireBuffer {
    fn drop(&mut self) {
        #[cfg(test)]
        wipes::record_wipe(&self.bytes);
        self.bytes.zeroize();
    }
}

/// `owner`'s bytes as `Bytes`, without a copy, wiped when the last clone is dropped.
pub fn wire_bytes<T: AsRef<[u8]> + Zeroize + Send + 'static>(owner: T) -> bytes::Bytes {
    bytes::Bytes::from_owner(WipeOnDrop(owner))
}

/// A header value made from a secret: marked sensitive (never printed by `http`'s `Debug`,
/// never HPACK-indexed) and wiped when the request carrying it is dropped. A value that
/// cannot be a header (a control character) is refused by `reqwest` when the request is
/// built, as `bearer_auth` did; its bytes are wiped at once.
pub struct WireHeader(std::result::Result<http::HeaderValue, http::header::InvalidHeaderValue>);

impl WireHeader {
    pub fn new<T: AsRef<[u8]> + Zeroize + Send + 'static>(owner: T) -> Self {
        WireHeader(http::HeaderValue::from_maybe_shared(wire_bytes(owner)).map(|mut value| {
            value.set_sensitive(true);
            value
        }))
    }

    /// `Bearer <token>`, built in one allocation of its exact length.
    pub fn bearer(token: &AccessToken) -> Self {
        WireHeader::new(bearer_bytes(token))
    }

    /// A secret header value as it is (a key, an agent's API key).
    pub fn secret(value: &str) -> Self {
        WireHeader::new(value.as_bytes().to_vec())
    }
}

const BEARER: &[u8] = b"Bearer ";

fn bearer_bytes(token: &AccessToken) -> Vec<u8> {
    let token = token.expose().as_bytes();
    let mut value = Vec::with_capacity(BEARER.len() + token.len());
    value.extend_from_slice(BEARER);
    value.extend_from_slice(token);
    value
}

impl TryFrom<WireHeader> for http::HeaderValue {
    type Error = http::header::InvalidHeaderValue;

    fn try_from(header: WireHeader) -> std::result::Result<Self, Self::Error> {
        header.0
    }
}

/// An `application/x-www-form-urlencoded` body of these pairs (encoded as `reqwest`'s `.form`
/// encodes them), written into one allocation of its exact length and wiped when the request
/// is dropped. Send it with `.header(CONTENT_TYPE, FORM_CONTENT_TYPE).body(…)`.
pub fn wire_form(pairs: &[(&str, &str)]) -> bytes::Bytes {
    wire_bytes(form_bytes(pairs))
}

fn form_bytes(pairs: &[(&str, &str)]) -> Vec<u8> {
    let encoded = |s: &str| url::form_urlencoded::byte_serialize(s.as_bytes()).map(str::len).sum::<usize>();
    let len =
        pairs.iter().map(|(k, v)| encoded(k) + 1 + encoded(v)).sum::<usize>() + pairs.len().saturating_sub(1);
    let mut body = Vec::with_capacity(len);
    for (i, (k, v)) in pairs.iter().enumerate() {
        if i > 0 {
            body.push(b'&');
        }
        url::form_urlencoded::byte_serialize(k.as_bytes()).for_each(|c| body.extend_from_slice(c.as_bytes()));
        body.push(b'=');
        url::form_urlencoded::byte_serialize(v.as_bytes()).for_each(|c| body.extend_from_slice(c.as_bytes()));
    }
    body
}

pub const FORM_CONTENT_TYPE: &str = "application/x-www-form-urlencoded";

/// Test builds only: what every wire copy held just before it was wiped, so a test can find
/// its own canary among them (`wiped_copies_holding`).
#[cfg(test)]
pub(crate) mod wipes {
    use std::sync::Mutex;

    static WIPED: Mutex<Vec<Vec<u8>>> = Mutex::new(Vec::new());

    pub(super) fn record_wipe(bytes: &[u8]) {
        WIPED.lock().unwrap_or_else(|e| e.into_inner()).push(bytes.to_vec());
    }

    /// The wire copies wiped so far that contain `needle`.
    pub(crate) fn wiped_copies_holding(needle: &str) -> Vec<String> {
        let wiped = WIPED.lock().unwrap_or_else(|e| e.into_inner());
        wiped
            .iter()
            .filter(|b| b.windows(needle.len()).any(|w| w == needle.as_bytes()))
            .map(|b| String::from_utf8_lossy(b).into_owned())
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use std::sync::{Arc, Mutex};

    use super::*;

    #[test]
    fn secrets_never_print() {
        let token = AccessToken::new("tok_canary_123".into());
        assert_eq!(format!("{token:?} {token}"), "[redacted] [redacted]");
        assert_eq!(token.expose(), "tok_canary_123");
    }

    /// A value that copies what it holds at the moment it is wiped, so the test sees the
    /// bytes the drop left behind without reading freed memory.
    struct Probe {
        bytes: Vec<u8>,
        seen_after_wipe: Arc<Mutex<Option<Vec<u8>>>>,
    }

    impl Zeroize for Probe {
        fn zeroize(&mut self) {
            self.bytes.as_mut_slice().zeroize();
            *self.seen_after_wipe.lock().unwrap() = Some(self.bytes.clone());
        }
    }

    impl AsRef<[u8]> for Probe {
        fn as_ref(&self) -> &[u8] {
            &self.bytes
        }
    }

    /// Issue 25: a wire copy of a secret (a header value, a form body) is wiped when the last
    /// request holding it is dropped, not before; a header value is sensitive.
    #[test]
    fn a_wire_copy_is_wiped_when_the_request_carrying_it_is_dropped() {
        let client = reqwest::Client::new();
        let url = "http://127.0.0.1:9/oauth/token";

        let seen = Arc::new(Mutex::new(None));
        let header = WireHeader::new(Probe {
            bytes: b"Bearer tok_canary_789".to_vec(),
            seen_after_wipe: seen.clone(),
        });
        let request = client.get(url).header(http::header::AUTHORIZATION, header).build().unwrap();
        let value = &request.headers()[http::header::AUTHORIZATION];
        assert_eq!(value.as_bytes(), b"Bearer tok_canary_789");
        assert!(value.is_sensitive());
        assert_eq!(format!("{value:?}"), "Sensitive");
        let copy = request.try_clone().unwrap();
        drop(request);
        assert!(seen.lock().unwrap().is_none(), "not wiped while a request still carries it");
        drop(copy);
        assert_eq!(seen.lock().unwrap().as_deref(), Some(&[0u8; 21][..]), "wiped with the last request");

        let seen = Arc::new(Mutex::new(None));
        let body =
            wire_bytes(Probe { bytes: b"code=c&code_verifier=v".to_vec(), seen_after_wipe: seen.clone() });
        let request = client.post(url).body(body).build().unwrap();
        assert_eq!(request.body().and_then(reqwest::Body::as_bytes), Some(&b"code=c&code_verifier=v"[..]));
        assert!(seen.lock().unwrap().is_none());
        drop(request);
        assert_eq!(seen.lock().unwrap().as_deref(), Some(&[0u8; 22][..]));

        // A value that can't be a header is refused when the request is built, and wiped.
        let seen = Arc::new(Mutex::new(None));
        let bad = WireHeader::new(Probe { bytes: b"Bearer a\nb".to_vec(), seen_after_wipe: seen.clone() });
        assert!(client.get(url).header(http::header::AUTHORIZATION, bad).build().is_err());
        assert_eq!(seen.lock().unwrap().as_deref(), Some(&[0u8; 10][..]));
    }

    /// The bearer value and a form body are what `bearer_auth` and `.form` sent, each in one
    /// allocation of exactly its length (no reallocation left a copy behind).
    #[test]
    fn wire_copies_are_what_reqwest_sent_in_one_exact_allocation() {
        let client = reqwest::Client::new();
        let token = AccessToken::new("tok_ä+/=".into());
        let ours =
            client.get("http://127.0.0.1:9/").header(http::header::AUTHORIZATION, WireHeader::bearer(&token));
        let theirs = client.get("http://127.0.0.1:9/").bearer_auth(token.expose());
        let (ours, theirs) = (ours.build().unwrap(), theirs.build().unwrap());
        assert_eq!(
            ours.headers()[http::header::AUTHORIZATION],
            theirs.headers()[http::header::AUTHORIZATION]
        );
        assert!(ours.headers()[http::header::AUTHORIZATION].is_sensitive());

        let pairs =
            [("grant_type", "authorization_code"), ("code", "a b&c=d/é"), ("code_verifier", "x~y.z-_")];
        let body = wire_form(&pairs);
        let reference = url::form_urlencoded::Serializer::new(String::new()).extend_pairs(pairs).finish();
        assert_eq!(body.as_ref(), reference.as_bytes());
        assert_eq!(wire_form(&[]).as_ref(), b"");
        // One allocation each, of exactly the length written.
        let form = form_bytes(&pairs);
        assert_eq!((form.len(), form.capacity()), (reference.len(), reference.len()));
        let bearer = bearer_bytes(&token);
        assert_eq!((bearer.len(), bearer.capacity()), (7 + token.expose().len(), 7 + token.expose().len()));
    }

    /// Dropping a secret wipes its bytes (and so a token's `String`: the same `Zeroize`).
    #[test]
    fn dropping_a_secret_wipes_its_bytes() {
        let seen = Arc::new(Mutex::new(None));
        let secret =
            Sensitive::new(Probe { bytes: b"tok_canary_123".to_vec(), seen_after_wipe: seen.clone() });
        assert!(seen.lock().unwrap().is_none());
        drop(secret);
        assert_eq!(seen.lock().unwrap().as_deref(), Some(&[0u8; 14][..]), "every byte is zero");

        // A String's buffer, wiped in place before it is freed.
        let mut token = String::from("tok_canary_456");
        let ptr = token.as_ptr();
        let len = token.len();
        token.zeroize();
        // SAFETY: `zeroize` on a String wipes the buffer then clears it, without freeing
        // it: the allocation is still `token`'s, `len` bytes long.
        #[allow(unsafe_code)]
        let after = unsafe { std::slice::from_raw_parts(ptr, len) };
        assert!(after.iter().all(|b| *b == 0), "{after:?}");
    }
}
