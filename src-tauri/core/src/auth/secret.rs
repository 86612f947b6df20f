//! Secrets in memory: they neither print nor serialize. The only way to the bytes is
//! `expose()`, used at the few places that put a token on the wire or in the keychain.

use std::fmt;

/// A value that must never reach a log, the UI, the database or a URL.
#[derive(Clone, PartialEq, Eq)]
pub struct Sensitive<T>(T);

impl<T> Sensitive<T> {
    pub fn new(value: T) -> Self {
        Sensitive(value)
    }

    pub fn expose(&self) -> &T {
        &self.0
    }
}

impl<T> fmt::Debug for Sensitive<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("[redacted]")
    }
}

impl<T> fmt::Display for Sensitive<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("[redacted]")
    }
}

/// An OAuth access token.
pub type AccessToken = Sensitive<String>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn secrets_never_print() {
        let token = AccessToken::new("tok_canary_123".into());
        assert_eq!(format!("{token:?} {token}"), "[redacted] [redacted]");
        assert_eq!(token.expose(), "tok_canary_123");
    }
}
