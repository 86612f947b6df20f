//! Benchmark, not a test: the time from the last audio byte of a synthesized clip to the
//! start of playback, through the app's real path, against the least a raw rodio program
//! needs for the same bytes, on the same machine in the same run, printed as ratios and
//! differences. It asserts nothing about time.
//!
//! cargo test --release -p xiaoya-core audio::bench -- --ignored --nocapture
//!
//! (with an audio output: under PulseAudio with a null sink, as `scripts/test.sh` starts it).
//!
//! App: a Core reaches the sandbox through a loopback relay in this file, which notes when it
//! has handed the core the last byte of the `/audio/speech` answer (t0). Then what the app
//! does: save the clip (fsync, rename, fsync the folder), mark it complete and record the
//! charge (`synthesize` returns), `play_clip` (ledger lookup, the whole-file decode check,
//! open the file again, the audio thread, a `Player` on the already open output). Not
//! included: the Tauri IPC and the webview, between `synthesize` returning and `play_clip`
//! being called in the real app.
//! Baseline: the same clip's bytes in memory, an output opened once beforehand;
//! `Decoder::new` over the bytes, `Player::connect_new`, `append`.
//! Two end points, on both sides: the clip handed to the `Player` (for the app that is when
//! `play_clip` reports `Playing`, to within its reply), and the first sample the device pulls,
//! timed by the same wrapping source ([`Tap`]; the engine calls [`Tap::armed_for`] in test
//! builds). The second adds the wait for the device's next callback, up to one device buffer
//! (2048 frames at 48 kHz, 43 ms, under PulseAudio), the same for both sides but random (each
//! run starts after a random pause, see [`jitter`]), so that line is noisier than the first.
//! A run in which the output failed for good (by the app's rule, `stream_errors::StreamErrors`; both
//! sides) is repeated and counted: the app reopens its output on the next play. Without an audio device it prints "skipped: no audio output device" and passes
//! (fails instead with `XIAOYA_REQUIRE_AUDIO=1`, as `scripts/test.sh` sets).

use std::io::Cursor;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

use rodio::source::SeekError;
use rodio::{ChannelCount, Decoder, DeviceSinkBuilder, Player, SampleRate, Source};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use xiaoya_sandbox as sb;

use super::engine::AudioError;
use super::wire::{AudioDevice, PlaybackStatus};
use crate::auth::wire::ContextRequest;
use crate::host::{Core, CoreOptions};
use crate::testing::{RecordingBrowser, Rig};
use crate::tts::send::{RetryPolicy, SPEECH_PATH};
use crate::tts::tests::{fast_policy, req};

const RUNS: usize = 40;
/// Runs on a clip of the longest input (about 12 minutes of audio).
const LONG_RUNS: usize = 3;
/// How long the device may take to pull a first sample before the output counts as absent.
const FIRST_PULL_LIMIT: Duration = Duration::from_secs(5);
/// 23.7 s of "speech" from the sandbox at its defaults (32 kHz mono; mp3 at 128 kbps).
const TEXT: &str = "Xiaoya reads this paragraph aloud so the player has something real to chew \
on. The sandbox turns every letter into a short tone and every pause into silence, which \
makes a clip about as long as a short news item. Playback should start as soon as the last \
byte of the audio arrives, with no waiting that a listener could notice.";

// ---- the probe on both sides ------------------------------------------------------------

/// When a clip was handed to the player (decoder open, about to be appended), and when the
/// device pulled its first sample.
#[derive(Default)]
struct Marks {
    handed: OnceLock<Instant>,
    first: OnceLock<Instant>,
}

type Slot = Arc<Marks>;

/// The next clip the app plays from this path gets its first pulled sample timed.
static ARMED: Mutex<Option<(PathBuf, Slot)>> = Mutex::new(None);

fn arm(path: &Path) -> Slot {
    let slot = Slot::default();
    *ARMED.lock().unwrap_or_else(|e| e.into_inner()) = Some((path.to_owned(), slot.clone()));
    slot
}

/// A source that notes when its first sample is pulled, i.e. reaches the output.
pub(crate) struct Tap<S> {
    inner: S,
    first: Option<Slot>,
}

impl<S> Tap<S> {
    fn new(inner: S, slot: Slot) -> Self {
        Tap { inner, first: Some(slot) }
    }

    /// The engine's test-only hook: times `inner` if the benchmark armed this path.
    pub(crate) fn armed_for(path: &Path, inner: S) -> Self {
        let mut armed = ARMED.lock().unwrap_or_else(|e| e.into_inner());
        let first = match armed.take() {
            Some((p, slot)) if p == path => {
                let _ = slot.handed.set(Instant::now());
                Some(slot)
            }
            other => {
                *armed = other;
                None
            }
        };
        Tap { inner, first }
    }
}

impl<S: Source> Iterator for Tap<S> {
    type Item = rodio::Sample;

    #[inline]
    fn next(&mut self) -> Option<rodio::Sample> {
        let sample = self.inner.next();
        if let Some(first) = self.first.take() {
            let _ = first.first.set(Instant::now());
        }
        sample
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.inner.size_hint()
    }
}

impl<S: Source> Source for Tap<S> {
    fn current_span_len(&self) -> Option<usize> {
        self.inner.current_span_len()
    }
    fn is_exhausted(&self) -> bool {
        self.inner.is_exhausted()
    }
    fn channels(&self) -> ChannelCount {
        self.inner.channels()
    }
    fn sample_rate(&self) -> SampleRate {
        self.inner.sample_rate()
    }
    fn total_duration(&self) -> Option<Duration> {
        self.inner.total_duration()
    }
    fn try_seek(&mut self, pos: Duration) -> Result<(), SeekError> {
        self.inner.try_seek(pos)
    }
}

/// A random pause before each run on both sides, many device buffers long, so each run
/// starts at a random point of the device's cycle. Without it the strict alternation starts
/// the baseline at a nearly fixed offset after the app's last callback (PulseAudio serves both
/// streams on the same clock), which biased the "first sample" line by several ms per format.
fn jitter() -> Duration {
    Duration::from_secs_f64(rand::random::<f64>() * 0.2)
}

fn wait_for(slot: &Slot) -> Option<Instant> {
    let until = Instant::now() + FIRST_PULL_LIMIT;
    loop {
        if let Some(at) = slot.first.get() {
            return Some(*at);
        }
        if Instant::now() > until {
            return None;
        }
        std::thread::sleep(Duration::from_millis(1));
    }
}

// ---- the relay that sees the last byte -----------------------------------------------------

/// A loopback TCP relay in front of the sandbox. It notes the moment it has handed the core
/// the last bytes of an answer to a speech request: the core's socket then holds the whole
/// clip. (HTTP/1.1 without pipelining: an answer is everything the server sends after a
/// request until the client's next request on that connection.)
struct Relay {
    base: String,
    last_speech_byte: Arc<Mutex<Option<Instant>>>,
}

const METHODS: [&[u8]; 5] = [b"GET /", b"POST /", b"PUT /", b"PATCH /", b"DELETE /"];

async fn relay(upstream: &str) -> Relay {
    let upstream = url::Url::parse(upstream).unwrap();
    let upstream = format!("{}:{}", upstream.host_str().unwrap(), upstream.port_or_known_default().unwrap());
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    let last_speech_byte: Arc<Mutex<Option<Instant>>> = Arc::default();
    let mark = last_speech_byte.clone();
    tokio::spawn(async move {
        while let Ok((client, _)) = listener.accept().await {
            let Ok(server) = TcpStream::connect(&upstream).await else {
                continue;
            };
            let _ = (client.set_nodelay(true), server.set_nodelay(true));
            let (mut from_client, mut to_client) = client.into_split();
            let (mut from_server, mut to_server) = server.into_split();
            let speech = Arc::new(AtomicBool::new(false));
            let asked = speech.clone();
            tokio::spawn(async move {
                let mut buf = vec![0u8; 64 * 1024];
                while let Ok(n @ 1..) = from_client.read(&mut buf).await {
                    let chunk = &buf[..n];
                    if METHODS.iter().any(|m| chunk.starts_with(m)) {
                        let line = chunk.split(|b| *b == b'\r').next().unwrap_or_default();
                        let is_speech = line.windows(SPEECH_PATH.len()).any(|w| w == SPEECH_PATH.as_bytes());
                        asked.store(is_speech, Ordering::SeqCst);
                    }
                    if to_server.write_all(chunk).await.is_err() {
                        break;
                    }
                }
                let _ = to_server.shutdown().await;
            });
            let mark = mark.clone();
            tokio::spawn(async move {
                let mut buf = vec![0u8; 64 * 1024];
                while let Ok(n @ 1..) = from_server.read(&mut buf).await {
                    if to_client.write_all(&buf[..n]).await.is_err() {
                        break;
                    }
                    if speech.load(Ordering::SeqCst) {
                        *mark.lock().unwrap() = Some(Instant::now());
                    }
                }
                let _ = to_client.shutdown().await;
            });
        }
    });
    Relay { base, last_speech_byte }
}

/// A rig like `Rig::new`, but the core reaches the sandbox through the relay.
async fn rig_behind(relay: &Relay, sandbox: sb::Sandbox) -> Rig {
    let dir = tempfile::tempdir().unwrap();
    let browser = Arc::new(RecordingBrowser::default());
    let keys = Arc::new(crate::foundation::keychain::memory::MemoryKeychain::default());
    let base = relay.base.clone();
    let events = Arc::new(crate::testing::RecordingEvents::default());
    let core = Core::start(CoreOptions {
        data_dir: dir.path().to_path_buf(),
        env: Box::new(move |k| (k == crate::foundation::config::ENV_SANDBOX_URL).then(|| base.clone())),
        version: "test".into(),
        keychain: keys.clone(),
        browser: browser.clone(),
        events: events.clone(),
    })
    .await
    .expect("core");
    Rig { core, events, sandbox, browser, keys, dir }
}

// ---- the two sides -------------------------------------------------------------------------

#[derive(Clone, Copy)]
struct AppRun {
    /// Last byte → `synthesize` returned (saved, fsynced, in the ledger, charge recorded).
    saved: Duration,
    /// Last byte → the audio thread handed the clip to a `Player`.
    handed: Duration,
    /// Last byte → `play_clip` returned `Playing`.
    reported: Duration,
    /// Last byte → the device pulled the clip's first sample.
    first_pull: Duration,
    /// `play_clip`'s decode check (`check_audio`) alone, on the same file, right after.
    check: Duration,
    /// The engine's `open_decoder` alone, on the same file, right after.
    open: Duration,
}

enum Outcome<T> {
    Ran(T),
    /// The output failed during the run: the run is repeated, and the app reopens its
    /// output on the next play.
    Disturbed,
    NoDevice(String),
}

async fn app_once(rig: &Rig, relay: &Relay, text: &str, format: &str) -> Outcome<(AppRun, PathBuf)> {
    tokio::time::sleep(jitter()).await;
    *relay.last_speech_byte.lock().unwrap() = None;
    let clip = rig
        .core
        .tts()
        .synthesize(req(sb::TTS_CONFIG_STANDARD, sb::VOICE_NEWS_ANCHOR, text, format))
        .await
        .unwrap();
    let saved_at = Instant::now();
    let t0 = relay.last_speech_byte.lock().unwrap().take().expect("the relay saw the audio");
    let path = rig.dir.path().join("audio").join(format!("{}.{}", clip.id, clip.format));
    let slot = arm(&path);
    let state = match rig.core.tts().play_clip(&clip.id).await {
        Ok(state) => state,
        Err(err) => return Outcome::NoDevice(err.to_string()),
    };
    let reported_at = Instant::now();
    assert_eq!(state.status, PlaybackStatus::Playing);
    let marks = slot.clone();
    let first = tokio::task::spawn_blocking(move || wait_for(&slot)).await.unwrap();
    let after = rig.core.audio().stop_playback().await.unwrap();
    let (Some(first), AudioDevice::Ready) = (first, after.device) else {
        return Outcome::Disturbed;
    };
    let check_started = Instant::now();
    super::check_audio(path.clone(), format.to_owned()).await.unwrap();
    let check = check_started.elapsed();
    let open_started = Instant::now();
    drop(super::probe::open_decoder(&path, format).unwrap());
    let open = open_started.elapsed();
    Outcome::Ran((
        AppRun {
            saved: saved_at - t0,
            handed: *marks.handed.get().expect("the engine's hook ran") - t0,
            reported: reported_at - t0,
            first_pull: first - t0,
            check,
            open,
        },
        path,
    ))
}

#[derive(Clone, Copy)]
struct RawRun {
    handed: Duration,
    first_pull: Duration,
}

type RawAnswer = Option<(RawRun, usize)>;

/// The raw rodio program, on its own thread (the device handle stays on one thread).
struct Baseline {
    tx: mpsc::Sender<(Arc<Vec<u8>>, mpsc::Sender<RawAnswer>)>,
    device: String,
}

/// The default output, opened as the app opens it; the flag is raised on a stream error
/// that ends the stream by the app's own rule (not a passing xrun or EIO).
fn open_output() -> Result<(rodio::MixerDeviceSink, Arc<AtomicBool>), AudioError> {
    let failed = Arc::new(AtomicBool::new(false));
    let flag = failed.clone();
    let mut errors = super::stream_errors::StreamErrors::default();
    let mut sink = DeviceSinkBuilder::from_default_device()
        .and_then(|b| {
            b.with_error_callback(move |e| {
                if errors.is_fatal(e.kind(), Instant::now()) && !flag.swap(true, Ordering::SeqCst) {
                    STREAM_ERRORS.lock().unwrap_or_else(|e| e.into_inner()).push(format!("{:?}", e.kind()));
                }
            })
            .open_sink_or_fallback()
        })
        .map_err(|e| AudioError::Unavailable(e.to_string()))?;
    sink.log_on_drop(false);
    Ok((sink, failed))
}

/// The error that ended each baseline output stream that failed (cpal's error kind).
static STREAM_ERRORS: Mutex<Vec<String>> = Mutex::new(Vec::new());

/// Bytes in memory → decoder → player, until the device pulls the first sample.
fn raw_once(sink: &rodio::MixerDeviceSink, bytes: &[u8]) -> Option<RawRun> {
    let cursor = Cursor::new(bytes.to_vec());
    let slot = Slot::default();
    std::thread::sleep(jitter());
    let t0 = Instant::now();
    let decoder = Decoder::new(cursor).expect("the sandbox's audio decodes");
    let player = Player::connect_new(sink.mixer());
    let handed = Instant::now();
    player.append(Tap::new(decoder, slot.clone()));
    let first = wait_for(&slot);
    drop(player);
    first.map(|at| RawRun { handed: handed - t0, first_pull: at - t0 })
}

fn baseline() -> Result<Baseline, AudioError> {
    let (tx, rx) = mpsc::channel::<(Arc<Vec<u8>>, mpsc::Sender<RawAnswer>)>();
    let (ready_tx, ready_rx) = mpsc::channel();
    std::thread::spawn(move || {
        let mut output = match open_output() {
            Ok(output) => output,
            Err(e) => {
                let _ = ready_tx.send(Err(e));
                return;
            }
        };
        let c = output.0.config();
        let _ = ready_tx.send(Ok(format!(
            "{} Hz, {} ch, buffer {:?}",
            c.sample_rate(),
            c.channel_count(),
            c.buffer_size()
        )));
        for (bytes, reply) in rx {
            // After a stream error (the app's engine does the same) reopen and run again.
            let mut answer = None;
            for repeats in 0..5 {
                if output.1.load(Ordering::SeqCst) {
                    match open_output() {
                        Ok(fresh) => output = fresh,
                        Err(_) => break,
                    }
                }
                let run = raw_once(&output.0, &bytes);
                if let (Some(run), false) = (run, output.1.load(Ordering::SeqCst)) {
                    answer = Some((run, repeats));
                    break;
                }
                output.1.store(true, Ordering::SeqCst);
            }
            let _ = reply.send(answer);
        }
    });
    let device =
        ready_rx.recv().map_err(|_| AudioError::Unavailable("the baseline thread died".into()))??;
    Ok(Baseline { tx, device })
}

impl Baseline {
    fn once(&self, bytes: &Arc<Vec<u8>>) -> RawAnswer {
        let (reply, answer) = mpsc::channel();
        self.tx.send((bytes.clone(), reply)).ok()?;
        tokio::task::block_in_place(|| answer.recv().ok())?
    }
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.total_cmp(b));
    v[v.len() / 2]
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

/// No device: say so and pass, unless `XIAOYA_REQUIRE_AUDIO=1` (as `scripts/test.sh` sets).
fn skipped(why: &str) {
    let message = format!("audio playback-start benchmark skipped: no audio output device ({why})");
    assert!(std::env::var("XIAOYA_REQUIRE_AUDIO").as_deref() != Ok("1"), "XIAOYA_REQUIRE_AUDIO=1: {message}");
    println!("{message}");
}

/// Warms both sides on one clip, then alternates `runs` app runs (each a new clip of the
/// same text) with baseline runs on the warm clip's bytes, and prints the medians. False
/// when there turned out to be no device.
async fn measure(rig: &Rig, relay: &Relay, raw: &Baseline, text: &str, format: &str, runs: usize) -> bool {
    // The app opens its output on the first play; the baseline plays the bytes of this clip.
    let mut path = None;
    for _ in 0..3 {
        match app_once(rig, relay, text, format).await {
            Outcome::Ran((_, p)) => {
                path = Some(p);
                break;
            }
            Outcome::Disturbed => {}
            Outcome::NoDevice(why) => {
                skipped(&why);
                return false;
            }
        }
    }
    let Some(path) = path else {
        skipped("the app's output never pulled a sample");
        return false;
    };
    let bytes = Arc::new(std::fs::read(&path).unwrap());
    let probe = super::probe::probe(&path, format).unwrap();
    if raw.once(&bytes).is_none() {
        skipped("the output never pulled a sample");
        return false;
    }
    let (mut app, mut base) = (Vec::new(), Vec::new());
    let (mut app_repeats, mut raw_repeats) = (0, 0);
    while app.len() < runs {
        match app_once(rig, relay, text, format).await {
            Outcome::Ran((run, _)) => app.push(run),
            Outcome::Disturbed | Outcome::NoDevice(_) if app_repeats < runs => {
                // Not counted; the next play reopens the output, so warm it again first.
                app_repeats += 1;
                let _ = app_once(rig, relay, text, format).await;
                continue;
            }
            Outcome::Disturbed | Outcome::NoDevice(_) => panic!("the device keeps failing"),
        }
        let (run, repeats) = raw
            .once(&bytes)
            .unwrap_or_else(|| panic!("the device keeps failing: {:?}", STREAM_ERRORS.lock().unwrap()));
        raw_repeats += repeats;
        base.push(run);
    }
    let m = |f: &dyn Fn(&AppRun) -> Duration| median(app.iter().map(|r| ms(f(r))).collect());
    let (saved, handed, reported, first, check, open) = (
        m(&|r| r.saved),
        m(&|r| r.handed),
        m(&|r| r.reported),
        m(&|r| r.first_pull),
        m(&|r| r.check),
        m(&|r| r.open),
    );
    let raw_first = median(base.iter().map(|r| ms(r.first_pull)).collect());
    let raw_handed = median(base.iter().map(|r| ms(r.handed)).collect());
    println!(
        "  {format}, {} KB, {:.1} s ({} Hz, {} ch), {runs} runs each{}:",
        bytes.len() / 1024,
        probe.duration.as_secs_f64(),
        probe.sample_rate,
        probe.channels,
        if app_repeats + raw_repeats > 0 {
            let errors = std::mem::take(&mut *STREAM_ERRORS.lock().unwrap());
            format!(
                " (repeated after a device error: app {app_repeats}, raw {raw_repeats}; raw saw {errors:?})"
            )
        } else {
            String::new()
        }
    );
    println!(
        "    to the first sample the device pulls: raw {raw_first:.2} ms, app {first:.2} ms, ratio {:.2}x, added {:+.2} ms",
        first / raw_first,
        first - raw_first
    );
    println!(
        "    to the clip handed to a Player:       raw {raw_handed:.2} ms, app {handed:.2} ms, added {:+.2} ms",
        handed - raw_handed
    );
    println!(
        "    app steps: saved and in the ledger {saved:.2} ms, play_clip answered Playing {reported:.2} ms"
    );
    println!(
        "    timed alone on the same file: the decode check {check:.2} ms, opening the decoder {open:.2} ms"
    );
    true
}

#[tokio::test(flavor = "multi_thread")]
#[ignore = "benchmark: run with --ignored --nocapture"]
async fn last_audio_byte_to_playback_start_vs_raw_rodio() {
    let sandbox =
        xiaoya_sandbox::start(sb::SandboxConfig { auto_approve: true, ..sb::SandboxConfig::default() })
            .await
            .expect("sandbox");
    let relay = relay(&sandbox.base_url()).await;
    let rig = rig_behind(&relay, sandbox).await;
    rig.sign_in(ContextRequest::Personal).await;
    // The longest clip takes the sandbox a while to render and encode.
    rig.core
        .tts()
        .state()
        .set_policy(RetryPolicy { request_timeout: Duration::from_secs(120), ..fast_policy() });
    rig.control().set_personal_balance(sb::PersonalBalance {
        subscription: 1_000_000_000,
        gift_card: 0,
        recharge: 0,
    });

    let raw = match tokio::task::spawn_blocking(baseline).await.unwrap() {
        Ok(raw) => raw,
        Err(why) => {
            skipped(&why.to_string());
            return;
        }
    };
    println!("audio playback-start benchmark: last audio byte -> playback start, app vs raw rodio (medians)");
    println!("  output: the default device, {}", raw.device);
    for format in ["mp3", "wav"] {
        if !measure(&rig, &relay, &raw, TEXT, format, RUNS).await {
            return;
        }
    }
    // The longest input a clip may have: how the app's side grows with the clip's length.
    let longest: String = TEXT.chars().cycle().take(9_999).collect();
    println!("  the longest input (9,999 characters):");
    for format in ["mp3", "wav"] {
        if !measure(&rig, &relay, &raw, &longest, format, LONG_RUNS).await {
            return;
        }
    }
}
