//! `Emitter<E>`: how an area announces what changed without knowing who listens or what the
//! app-wide event looks like. Each area defines its own event type and is handed an emitter
//! for it; the composition root (`host.rs`) turns each into the app's `AppEvent` and sends it
//! through the shell's port (`events.rs`). So no area depends on the app-wide event enum,
//! which names every area's types.

use std::sync::Arc;

pub struct Emitter<E>(Arc<dyn Fn(E) + Send + Sync>);

impl<E> Clone for Emitter<E> {
    fn clone(&self) -> Self {
        Emitter(self.0.clone())
    }
}

impl<E> std::fmt::Debug for Emitter<E> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Emitter")
    }
}

impl<E> Emitter<E> {
    pub fn new(send: impl Fn(E) + Send + Sync + 'static) -> Self {
        Emitter(Arc::new(send))
    }

    /// Nobody listens.
    pub fn none() -> Self {
        Emitter(Arc::new(|_| {}))
    }

    /// Called from any task; must not block.
    pub fn emit(&self, event: E) {
        (self.0)(event)
    }
}
