//! A simulated output device for tests: a thread that pulls samples from a mixer, so
//! playback, pause, seek and the end of a clip can be tested without a sound card.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use super::engine::{AudioError, Opener, Output};

/// A device for tests: a thread that pulls samples from a mixer faster than real time.
pub fn fake_opener(speedup: u32) -> Opener {
    Arc::new(move |_failed| {
        let channels = std::num::NonZero::new(2).ok_or_else(|| AudioError::Unavailable("channels".into()))?;
        let rate = std::num::NonZero::new(44_100).ok_or_else(|| AudioError::Unavailable("rate".into()))?;
        let (mixer, mut source) = rodio::mixer::mixer(channels, rate);
        let alive = Arc::new(AtomicBool::new(true));
        let keep = FakeDevice(alive.clone());
        let per_tick = (44_100 * 2 / 100) * speedup as usize;
        std::thread::spawn(move || {
            while alive.load(Ordering::SeqCst) {
                for _ in 0..per_tick {
                    if source.next().is_none() {
                        break;
                    }
                }
                std::thread::sleep(Duration::from_millis(10));
            }
        });
        Ok(Output::new(mixer, keep))
    })
}

struct FakeDevice(Arc<AtomicBool>);

impl Drop for FakeDevice {
    fn drop(&mut self) {
        self.0.store(false, Ordering::SeqCst);
    }
}
