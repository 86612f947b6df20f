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
