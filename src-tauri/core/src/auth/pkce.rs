//! PKCE S256 (RFC 7636) and `state` (RFC 6749 §10.12): fresh CSPRNG values per attempt.

use oauth2::{CsrfToken, PkceCodeChallenge, PkceCodeVerifier};

use crate::foundation::secret::Sensitive;

/// 32 random bytes → a 43-character base64url verifier (A2).
const VERIFIER_BYTES: u32 = 32;
/// 32 random bytes → 256 bits of `state` (A3 asks for at least 128).
const STATE_BYTES: u32 = 32;

pub struct Pkce {
    pub verifier: Sensitive<String>,
    pub challenge: String,
}

impl Pkce {
    pub fn new() -> Self {
        let (challenge, verifier) = PkceCodeChallenge::new_random_sha256_len(VERIFIER_BYTES);
        Pkce { verifier: Sensitive::new(verifier.secret().clone()), challenge: challenge.as_str().to_owned() }
    }
}

impl Default for Pkce {
    fn default() -> Self {
        Self::new()
    }
}

/// The S256 challenge of a verifier.
pub fn s256_challenge(verifier: &str) -> String {
    PkceCodeChallenge::from_code_verifier_sha256(&PkceCodeVerifier::new(verifier.to_owned()))
        .as_str()
        .to_owned()
}

pub fn new_state() -> String {
    CsrfToken::new_random_len(STATE_BYTES).secret().clone()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rfc7636_appendix_b_vector() {
        assert_eq!(
            s256_challenge("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"),
            "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"
        );
    }

    #[test]
    fn verifiers_are_43_chars_fresh_and_match_their_challenge() {
        let a = Pkce::new();
        let b = Pkce::new();
        assert_eq!(a.verifier.expose().len(), 43);
        assert!(a.verifier.expose().chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_'));
        assert_ne!(a.verifier.expose(), b.verifier.expose());
        assert_eq!(s256_challenge(a.verifier.expose()), a.challenge);
    }

    #[test]
    fn state_has_at_least_128_bits() {
        let s = new_state();
        // base64url without padding: 6 bits per character.
        assert!(s.len() * 6 >= 128, "{s}");
        assert_ne!(s, new_state());
    }
}
