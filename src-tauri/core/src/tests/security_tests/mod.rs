//! Cross-cutting security and reliability properties, each proven against the sandbox
//! through the test Rig (see `/work/shared/SECURITY_AND_RELIABILITY.md` and
//! `tests/SECURITY_TESTS.md`). Each test names the property it proves in a `Proves …` line.
//!
//! Routes the sandbox does not count per request id (OAuth, the Open API GETs) are counted
//! with its fault queue: a fault injected for `times: 2` (or a second "tripwire" fault queued
//! behind the first) is still pending after the call exactly when the route was hit once.
//!
//! By property: `oauth`, `no_answer`, `secrets`, `audio`; the shared helpers are here.

mod audio;
mod no_answer;
mod oauth;
mod secrets;

use std::collections::{HashMap, HashSet};
use std::fmt::Write as _;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use serde::Serialize;
use url::Url;
use xiaoya_sandbox::{self as sb, Fault, FaultKind, Route};

use crate::api::PlatformClient;
use crate::auth::pkce::s256_challenge;
use crate::auth::wire::ContextRequest;
use crate::chat::wire::{ChatEvent, ChatOptions, ChatSendInput, ExportFormat, ResponseFormatChoice};
use crate::foundation::error::{ErrorCode, IpcError, Result};
use crate::testing::Rig;
use crate::wire::{AppEvent, Locale, PlatformSettingsInput, ThemePreference};

fn query(url: &Url) -> HashMap<String, String> {
    url.query_pairs().map(|(k, v)| (k.into_owned(), v.into_owned())).collect()
}

fn team(id: &str) -> ContextRequest {
    ContextRequest::Team { team_id: id.into(), make_payer: true }
}

fn chat_input(text: &str) -> ChatSendInput {
    ChatSendInput {
        conversation_id: None,
        text: text.into(),
        options: ChatOptions {
            model_code: sb::MODEL_CHAT.into(),
            system_prompt: String::new(),
            parameters: Default::default(),
            response_format: ResponseFormatChoice::Text,
        },
    }
}

/// The faults still queued for `route`, as (kind, times left).
fn pending(rig: &Rig, route: Route) -> Vec<(FaultKind, u32)> {
    rig.control()
        .pending_faults()
        .into_iter()
        .filter(|f| f.route == route)
        .map(|f| (f.kind, f.times))
        .collect()
}
