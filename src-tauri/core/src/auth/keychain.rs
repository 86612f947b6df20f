//! Access tokens live only in the OS keychain (Secret Service on Linux, Keychain on
//! macOS, Credential Manager on Windows), one entry per session key (K1, K2). A
//! missing or locked keychain is an error with a way forward, never a plaintext
//! fallback (K3).

use super::secret::Sensitive;

/// The keychain "service" every entry of this app uses.
pub const SERVICE: &str = "xiaoya-companion";
/// Windows credential blobs hold about 1,280 UTF-16 units (K4); refuse anything larger
/// everywhere so a token that works on one OS works on all.
pub const MAX_SECRET_UTF16: usize = 1280;

#[derive(Debug, thiserror::Error)]
pub enum KeychainError {
    /// No keychain, or it is locked and could not be unlocked.
    #[error("the system keychain is not available: {0}")]
    Unavailable(String),
    #[error("the token is too long for the system keychain ({0} UTF-16 units)")]
    TooLong(usize),
    #[error("keychain error: {0}")]
    Other(String),
}

/// Where secrets are kept. The OS implementation is the only one outside tests.
pub trait SecretStore: Send + Sync {
    fn put(&self, account: &str, secret: &Sensitive<String>) -> Result<(), KeychainError>;
    fn get(&self, account: &str) -> Result<Option<Sensitive<String>>, KeychainError>;
    /// Removing an entry that is not there is not an error.
    fn delete(&self, account: &str) -> Result<(), KeychainError>;
    /// A name for diagnostics ("Secret Service", "macOS Keychain", …).
    fn backend(&self) -> &'static str;
}

pub struct OsKeychain {
    service: String,
}

impl OsKeychain {
    pub fn new() -> Self {
        OsKeychain { service: SERVICE.to_owned() }
    }

    /// A store under another service name, so tests never touch the app's entries.
    pub fn with_service(service: impl Into<String>) -> Self {
        OsKeychain { service: service.into() }
    }

    fn entry(&self, account: &str) -> Result<keyring::Entry, KeychainError> {
        keyring::Entry::new(&self.service, account).map_err(map_err)
    }
}

impl Default for OsKeychain {
    fn default() -> Self {
        Self::new()
    }
}

fn map_err(err: keyring::Error) -> KeychainError {
    match err {
        keyring::Error::PlatformFailure(e) => KeychainError::Unavailable(e.to_string()),
        keyring::Error::NoStorageAccess(e) => KeychainError::Unavailable(e.to_string()),
        keyring::Error::TooLong(_, n) => KeychainError::TooLong(n as usize),
        other => KeychainError::Other(other.to_string()),
    }
}

pub fn check_size(secret: &str) -> Result<(), KeychainError> {
    let units = secret.encode_utf16().count();
    if units > MAX_SECRET_UTF16 {
        return Err(KeychainError::TooLong(units));
    }
    Ok(())
}

impl SecretStore for OsKeychain {
    fn put(&self, account: &str, secret: &Sensitive<String>) -> Result<(), KeychainError> {
        check_size(secret.expose())?;
        self.entry(account)?.set_password(secret.expose()).map_err(map_err)
    }

    fn get(&self, account: &str) -> Result<Option<Sensitive<String>>, KeychainError> {
        match self.entry(account)?.get_password() {
            Ok(s) => Ok(Some(Sensitive::new(s))),
            Err(keyring::Error::NoEntry) => Ok(None),
            Err(e) => Err(map_err(e)),
        }
    }

    fn delete(&self, account: &str) -> Result<(), KeychainError> {
        match self.entry(account)?.delete_credential() {
            Ok(()) | Err(keyring::Error::NoEntry) => Ok(()),
            Err(e) => Err(map_err(e)),
        }
    }

    fn backend(&self) -> &'static str {
        if cfg!(target_os = "macos") {
            "macOS Keychain"
        } else if cfg!(windows) {
            "Windows Credential Manager"
        } else {
            "Secret Service (D-Bus)"
        }
    }
}

/// An in-memory store for unit tests only (K1: never in the app).
#[cfg(test)]
pub mod memory {
    use std::collections::HashMap;
    use std::sync::Mutex;

    use super::*;

    #[derive(Default)]
    pub struct MemoryKeychain {
        pub entries: Mutex<HashMap<String, String>>,
        pub unavailable: std::sync::atomic::AtomicBool,
    }

    impl MemoryKeychain {
        fn check(&self) -> Result<(), KeychainError> {
            if self.unavailable.load(std::sync::atomic::Ordering::SeqCst) {
                return Err(KeychainError::Unavailable("locked (test)".into()));
            }
            Ok(())
        }
    }

    impl SecretStore for MemoryKeychain {
        fn put(&self, account: &str, secret: &Sensitive<String>) -> Result<(), KeychainError> {
            self.check()?;
            check_size(secret.expose())?;
            self.entries.lock().unwrap().insert(account.into(), secret.expose().clone());
            Ok(())
        }
        fn get(&self, account: &str) -> Result<Option<Sensitive<String>>, KeychainError> {
            self.check()?;
            Ok(self.entries.lock().unwrap().get(account).cloned().map(Sensitive::new))
        }
        fn delete(&self, account: &str) -> Result<(), KeychainError> {
            self.check()?;
            self.entries.lock().unwrap().remove(account);
            Ok(())
        }
        fn backend(&self) -> &'static str {
            "memory (tests)"
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn oversized_secrets_are_refused_before_the_keychain_sees_them() {
        assert!(check_size(&"a".repeat(MAX_SECRET_UTF16)).is_ok());
        assert!(matches!(check_size(&"a".repeat(MAX_SECRET_UTF16 + 1)), Err(KeychainError::TooLong(_))));
    }

    /// Proves K1: the store the app is started with is the OS backend chosen explicitly —
    /// on Linux a Secret Service credential, never keyring's mock store or another default.
    #[test]
    fn the_app_keychain_is_the_explicit_os_backend_never_the_mock() {
        let entry = OsKeychain::new().entry("k1-check").unwrap();
        let credential = entry.get_credential();
        assert!(credential.downcast_ref::<keyring::mock::MockCredential>().is_none(), "not the mock store");
        #[cfg(target_os = "linux")]
        assert!(
            credential.downcast_ref::<keyring::secret_service::SsCredential>().is_some(),
            "the Secret Service backend"
        );
        let dir = tempfile::tempdir().unwrap();
        let options = crate::host::CoreOptions::from_process_env(dir.path().to_path_buf(), "test");
        assert_eq!(options.keychain.backend(), OsKeychain::new().backend(), "the app starts with the OS store");
        #[cfg(target_os = "linux")]
        assert_eq!(options.keychain.backend(), "Secret Service (D-Bus)");
    }

    /// Proves K4 on the OS store itself (not only the helper): a secret over 1,280 UTF-16
    /// units is refused before the keychain is touched — so the same with or without a
    /// Secret Service — and the limit counts UTF-16 units, not bytes or characters.
    #[test]
    fn the_os_store_refuses_an_oversized_secret_before_the_keychain_sees_it() {
        let store = OsKeychain::with_service(format!("xiaoya-companion-k4-{}", std::process::id()));
        let astral = "😀".repeat(641); // 641 characters, 1,282 UTF-16 units
        assert!(matches!(store.put("k4", &Sensitive::new(astral)), Err(KeychainError::TooLong(1282))));
        assert!(check_size(&"😀".repeat(640)).is_ok(), "1,280 units fit");
        assert!(check_size(&"你".repeat(1280)).is_ok(), "3,840 bytes, but 1,280 units: fits");
    }

    /// The real Secret Service. `scripts/test.sh` runs an unlocked gnome-keyring and sets
    /// XIAOYA_REQUIRE_KEYCHAIN=1, so there this test must pass; elsewhere (no D-Bus
    /// session) it says why it did nothing.
    #[test]
    fn the_os_keychain_stores_reads_and_deletes_one_entry_per_account() {
        if std::env::var_os("XIAOYA_REQUIRE_KEYCHAIN").is_none() {
            eprintln!("skipped: set XIAOYA_REQUIRE_KEYCHAIN=1 with an unlocked Secret Service to run");
            return;
        }
        let store = OsKeychain::with_service(format!("xiaoya-companion-test-{}", std::process::id()));
        let a = "origin|client|user|personal";
        let b = "origin|client|user|team:team_alpha";
        store.put(a, &Sensitive::new("token-a".into())).expect("put a");
        store.put(b, &Sensitive::new("token-b".into())).expect("put b");
        assert_eq!(store.get(a).unwrap().unwrap().expose(), "token-a");
        store.delete(a).unwrap();
        assert!(store.get(a).unwrap().is_none());
        assert_eq!(store.get(b).unwrap().unwrap().expose(), "token-b", "deleting one context leaves the other");
        store.delete(b).unwrap();
        store.delete(b).expect("deleting twice is fine");
    }
}

/// Async wrappers: keychain calls block on D-Bus, so they run on the blocking pool.
pub async fn put(store: &std::sync::Arc<dyn SecretStore>, account: String, secret: Sensitive<String>) -> Result<(), KeychainError> {
    let store = store.clone();
    tokio::task::spawn_blocking(move || store.put(&account, &secret))
        .await
        .map_err(|e| KeychainError::Other(e.to_string()))?
}

pub async fn get(store: &std::sync::Arc<dyn SecretStore>, account: String) -> Result<Option<Sensitive<String>>, KeychainError> {
    let store = store.clone();
    tokio::task::spawn_blocking(move || store.get(&account)).await.map_err(|e| KeychainError::Other(e.to_string()))?
}

pub async fn delete(store: &std::sync::Arc<dyn SecretStore>, account: String) -> Result<(), KeychainError> {
    let store = store.clone();
    tokio::task::spawn_blocking(move || store.delete(&account)).await.map_err(|e| KeychainError::Other(e.to_string()))?
}
