//! The audio device as the real-window tests see it. `scripts/test.sh` starts PulseAudio with
//! a null sink on a known socket (`PULSE_SERVER=unix:...`, anonymous access, so the app finds
//! it whatever its HOME) and sets `XIAOYA_REQUIRE_AUDIO=1`. On a developer machine without
//! `PULSE_SERVER` the audio assertions are skipped with a note, unless that variable says
//! they are required.

use std::io::Read;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use super::TestResult;

/// Rate of the recordings made by [`record_output`] (mono, signed 16-bit).
pub const RECORD_RATE: u32 = 16_000;

/// `XIAOYA_REQUIRE_AUDIO=1`: an audio check that cannot run is a failure.
pub fn required() -> bool {
    std::env::var("XIAOYA_REQUIRE_AUDIO").is_ok_and(|v| v == "1")
}

/// The PulseAudio server the app plays to, when the test run provides one.
pub fn server() -> Option<String> {
    std::env::var("PULSE_SERVER").ok().filter(|s| !s.trim().is_empty())
}

/// Whether the audio checks run: `Ok(false)` (with a note) on a machine without the test
/// run's PulseAudio, an error when they are required but cannot run.
pub fn checks_enabled() -> TestResult<bool> {
    match server() {
        Some(_) => Ok(true),
        None if required() => Err("XIAOYA_REQUIRE_AUDIO=1 but PULSE_SERVER is not set: \
             start PulseAudio the way scripts/test.sh does"
            .into()),
        None => {
            eprintln!(
                "note: PULSE_SERVER is not set, so whether audio reaches an output device is not checked"
            );
            Ok(false)
        }
    }
}

/// The server's playback streams (`pactl list sink-inputs`), as text.
pub fn sink_inputs() -> TestResult<String> {
    let out = Command::new("pactl").args(["list", "sink-inputs"]).stdin(Stdio::null()).output()?;
    if !out.status.success() {
        return Err(format!("pactl list sink-inputs: {}", String::from_utf8_lossy(&out.stderr)).into());
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

/// How many of these streams belong to the program `binary` (the executable's file name).
pub fn streams_of(sink_inputs: &str, binary: &str) -> usize {
    let needle = format!("application.process.binary = \"{binary}\"");
    sink_inputs.lines().filter(|l| l.trim() == needle).count()
}

/// Records what the default sink plays (its monitor) for `length`.
pub fn record_output(length: Duration) -> TestResult<Vec<i16>> {
    let mut child = Command::new("parec")
        .args(["--device=@DEFAULT_MONITOR@", "--raw", "--format=s16le", "--channels=1", "--latency-msec=20"])
        .arg(format!("--rate={RECORD_RATE}"))
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot start parec: {e}"))?;
    let want = (length.as_secs_f64() * f64::from(RECORD_RATE)) as usize * 2;
    let mut stdout = child.stdout.take().ok_or("parec has no stdout")?;
    // parec streams even silence continuously; the deadline only guards a stuck server.
    let reader = std::thread::spawn(move || {
        let mut bytes = vec![0u8; want];
        stdout.read_exact(&mut bytes).map(|()| bytes)
    });
    let deadline = Instant::now() + length + Duration::from_secs(10);
    while !reader.is_finished() && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(20));
    }
    let _ = child.kill();
    let status = child.wait();
    if !reader.is_finished() {
        return Err(format!("parec recorded nothing in time ({status:?})").into());
    }
    let bytes = reader.join().map_err(|_| "the parec reader panicked")?.map_err(|e| {
        let mut err = String::new();
        if let Some(mut stderr) = child.stderr.take() {
            let _ = stderr.read_to_string(&mut err);
        }
        format!("reading from parec: {e}; {}", err.trim())
    })?;
    Ok(bytes.chunks_exact(2).map(|b| i16::from_le_bytes([b[0], b[1]])).collect())
}

/// The loudest sample (0 for silence).
pub fn peak(samples: &[i16]) -> u16 {
    samples.iter().map(|s| s.unsigned_abs()).max().unwrap_or(0)
}
