//! PKCE (RFC 7636), S256 only.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use sha2::{Digest, Sha256};

/// `BASE64URL(SHA256(ASCII(code_verifier)))`.
pub(crate) fn s256_challenge(verifier: &str) -> String {
    URL_SAFE_NO_PAD.encode(Sha256::digest(verifier.as_bytes()))
}

/// 43–128 characters of `[A-Z] / [a-z] / [0-9] / "-" / "." / "_" / "~"` (RFC 7636 §4.1/§4.2).
pub(crate) fn is_well_formed(value: &str) -> bool {
    (43..=128).contains(&value.len())
        && value.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~'))
}

/// Checks a verifier against the stored challenge without an early exit on the first
/// differing byte.
pub(crate) fn verifier_matches(verifier: &str, challenge: &str) -> bool {
    if !is_well_formed(verifier) {
        return false;
    }
    constant_time_eq(s256_challenge(verifier).as_bytes(), challenge.as_bytes())
}

pub(crate) fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    /// RFC 7636 Appendix B.
    #[test]
    fn rfc7636_appendix_b_vector() {
        let verifier = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk";
        let challenge = "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM";
        assert_eq!(s256_challenge(verifier), challenge);
        assert!(verifier_matches(verifier, challenge));
        assert!(!verifier_matches("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXK", challenge));
    }

    #[test]
    fn rejects_malformed_verifiers() {
        assert!(!is_well_formed("short"));
        assert!(!is_well_formed(&"a".repeat(129)));
        assert!(!is_well_formed(&format!("{}+", "a".repeat(43))));
        assert!(is_well_formed(&"a~._-".repeat(9)));
    }
}
