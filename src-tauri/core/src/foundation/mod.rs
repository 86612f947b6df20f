//! The foundation every area stands on, and which knows none of them: errors and their IPC
//! codes, the one clock, configuration, the exact platform context a thing belongs to,
//! secrets that neither print nor serialize, the ports the core is given (keychain, browser, emitters),
//! the tolerant JSON readers and JSON Schema keywords, and process-level helpers (memory, logs).

pub mod atomic_file;
pub mod browser;
pub mod clock;
pub mod config;
pub mod context;
pub mod emitter;
pub mod error;
pub mod json_schema;
pub mod keychain;
pub mod logs;
pub mod mask;
pub mod memory;
pub mod pages;
pub mod reading;
pub mod retry_after;
pub mod secret;
