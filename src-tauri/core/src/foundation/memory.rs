//! Giving freed memory back to the system after a long piece of work.
//!
//! glibc's malloc keeps what a thread frees in that thread's arena for reuse and returns it
//! to the system only from the top of the main heap. A streamed reply frees its buffers from
//! tokio's worker threads (each with its own arena) while the next reply's are a little
//! larger (the request carries the history), so the app's process kept nearly all of it:
//! 578 replies took it from 100 to 253 MiB of PSS, and one `malloc_trim(0)` (through gdb)
//! brought it back to 106 MiB. Nothing was leaked; it was free memory malloc held (README,
//! Benchmarks: the soak). A trim at the end of the core's work released only part of it
//! (the shell frees the answer's buffers afterwards), so it runs a second later.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// How long after a piece of work the free memory is handed back: long enough for the shell
/// to have sent its answer and events (freed on other threads, after the core returns).
const SETTLE: Duration = Duration::from_secs(1);
static PENDING: AtomicBool = AtomicBool::new(false);

/// `release_free_memory` a second from now, once for any number of calls in that second
/// (a burst of replies costs one trim a second, ~0.1 ms each). Without a tokio runtime it
/// releases at once.
pub fn release_free_memory_soon() {
    if PENDING.swap(true, Ordering::AcqRel) {
        return;
    }
    // Clears the mark however the wait ends: done, or dropped with its runtime.
    struct Unmark;
    impl Drop for Unmark {
        fn drop(&mut self) {
            PENDING.store(false, Ordering::Release);
        }
    }
    let unmark = Unmark;
    match tokio::runtime::Handle::try_current() {
        Ok(runtime) => {
            runtime.spawn(async move {
                tokio::time::sleep(SETTLE).await;
                drop(unmark);
                release_free_memory();
            });
        }
        Err(_) => {
            drop(unmark);
            release_free_memory();
        }
    }
}

/// Hands the pages malloc holds free back to the system: glibc's `malloc_trim(0)`, which
/// walks every arena. Elsewhere (another libc or OS) it does nothing.
pub fn release_free_memory() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        extern "C" {
            fn malloc_trim(pad: usize) -> std::os::raw::c_int;
        }
        // SAFETY: malloc_trim takes a plain size and only rearranges malloc's own free lists;
        // it is safe to call from any thread at any time.
        #[allow(unsafe_code)]
        unsafe {
            malloc_trim(0);
        }
    }
}

/// This process's resident memory (VmRSS) in KiB, for the tests and benchmarks that check
/// what a release gives back; 0 where /proc has no such line.
#[cfg(test)]
pub(crate) fn resident_kib() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find(|l| l.starts_with("VmRSS:"))
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|v| v.parse().ok())
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::Ordering;

    use super::PENDING;

    #[test]
    fn a_release_cut_short_with_its_runtime_does_not_stop_later_ones() {
        let runtime = tokio::runtime::Builder::new_current_thread().enable_time().build().unwrap();
        runtime.block_on(async { super::release_free_memory_soon() });
        assert!(PENDING.load(Ordering::Acquire), "one release waits");
        drop(runtime);
        assert!(!PENDING.load(Ordering::Acquire), "the wait went with its runtime, and so did the mark");
        // Outside a runtime it releases at once.
        super::release_free_memory_soon();
        assert!(!PENDING.load(Ordering::Acquire));
    }

    #[test]
    fn freed_memory_goes_back_to_the_system() {
        use super::resident_kib;
        if !cfg!(all(target_os = "linux", target_env = "gnu")) {
            return;
        }
        // 64 MiB in 64 KiB blocks (under malloc's mmap threshold), touched, then every other
        // one freed: free memory in the middle of the heap, which malloc cannot hand back by
        // shrinking its top, the shape a reply leaves behind.
        let mut blocks: Vec<Option<Vec<u8>>> = (0..1024).map(|i| Some(vec![i as u8; 64 * 1024])).collect();
        for block in blocks.iter_mut().step_by(2) {
            *block = None;
        }
        let before = resident_kib();
        super::release_free_memory();
        let after = resident_kib();
        assert!(before > after + 24 * 1024, "{before} KiB resident before, {after} KiB after");
        assert_eq!(blocks.iter().flatten().count(), 512, "the other half is still in use");
    }
}
