//! The core's event port: what the core announces by itself (a session that ended, a
//! balance read again after a charge, a clip that settled, …). The shell implements
//! `Events` once (its `AppEventHub`, which forwards to the page); the core never knows
//! who listens. Every event is a variant of `wire::AppEvent`.

use crate::wire::AppEvent;

/// Where the core's announcements go. Called from any task; must not block.
pub trait Events: Send + Sync {
    fn emit(&self, event: AppEvent);
}

/// Nobody listens (tools, benches, tests that don't look at events).
pub struct NoEvents;

impl Events for NoEvents {
    fn emit(&self, _event: AppEvent) {}
}
