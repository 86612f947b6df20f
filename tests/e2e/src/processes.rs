//! The processes behind a window: stopping them, and the watchdog that ends a window
//! that outlives its budget.

use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use crate::{app_binary, screenshot_dir};

/// The app can outlive its WebDriver session; a leftover instance would take the next
/// test's launch over through single-instance. Windows run one at a time, so every
/// process of the app binary still alive here is ours to end.
pub(crate) fn stop_app_instances() {
    let app = app_binary();
    let pattern = format!("^{}", app.display());
    for signal in ["-TERM", "-KILL"] {
        let deadline = Instant::now() + Duration::from_secs(5);
        let _ = Command::new("pkill").arg(signal).arg("-f").arg(&pattern).status();
        while Instant::now() < deadline {
            let alive = Command::new("pgrep").arg("-f").arg(&pattern).stdout(Stdio::null()).status();
            if !matches!(alive, Ok(s) if s.success()) {
                return;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

/// How long one window may live (`XIAOYA_E2E_WINDOW_SECS`, 300 s by default). Every
/// WebDriver command runs under it: a window whose webview stops answering fails its
/// own test within this budget instead of holding the whole run.
pub(crate) fn window_budget() -> Duration {
    let secs = std::env::var("XIAOYA_E2E_WINDOW_SECS").ok().and_then(|v| v.parse().ok()).unwrap_or(300);
    Duration::from_secs(secs)
}

/// Ends a window that outlives its budget: it first records what the screen and the
/// processes looked like (a screenshot of the whole display and the process table
/// land in `target/e2e-screenshots/`), then stops tauri-driver, WebKitWebDriver and the
/// app, so the WebDriver command that was waiting returns an error and the test fails.
pub(crate) struct Watchdog {
    disarmed: std::sync::Arc<std::sync::atomic::AtomicBool>,
}

impl Watchdog {
    pub(crate) fn start(driver_pid: u32, budget: Duration) -> Self {
        use std::sync::atomic::Ordering;
        let disarmed = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        let flag = disarmed.clone();
        let _ = std::thread::Builder::new().name("e2e-window-watchdog".into()).spawn(move || {
            let deadline = Instant::now() + budget;
            while Instant::now() < deadline {
                if flag.load(Ordering::SeqCst) {
                    return;
                }
                std::thread::sleep(Duration::from_millis(200));
            }
            if flag.load(Ordering::SeqCst) {
                return;
            }
            eprintln!(
                "e2e watchdog: the window outlived its {} s budget; recording the screen and stopping it",
                budget.as_secs()
            );
            record_hung_window();
            let _ = Command::new("kill").arg("-TERM").arg(driver_pid.to_string()).status();
            std::thread::sleep(Duration::from_secs(3));
            let _ = Command::new("kill").arg("-KILL").arg(driver_pid.to_string()).status();
            let _ = Command::new("pkill").arg("-KILL").arg("-f").arg("WebKitWebDriver").status();
            stop_app_instances();
        });
        Watchdog { disarmed }
    }

    pub(crate) fn disarm(&self) {
        self.disarmed.store(true, std::sync::atomic::Ordering::SeqCst);
    }
}

impl Drop for Watchdog {
    /// A launch that fails half-way drops its watchdog: it must not fire later at a
    /// process id that may belong to someone else by then.
    fn drop(&mut self) {
        self.disarm();
    }
}

fn record_hung_window() {
    let stamp =
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_secs()).unwrap_or(0);
    let dir = screenshot_dir();
    let png = dir.join(format!("hung-window-{stamp}.png"));
    if let Some(display) = std::env::var_os("DISPLAY") {
        let shot =
            Command::new("import").arg("-display").arg(display).arg("-window").arg("root").arg(&png).status();
        match shot {
            Ok(s) if s.success() => eprintln!("e2e watchdog: screen recorded in {}", png.display()),
            other => eprintln!("e2e watchdog: no screenshot ({other:?})"),
        }
    }
    if let Ok(out) =
        Command::new("ps").args(["-eo", "pid,ppid,stat,wchan:24,etime,time,args", "--sort=pid"]).output()
    {
        let table = String::from_utf8_lossy(&out.stdout);
        let ours: Vec<&str> = table
            .lines()
            .filter(|l| {
                l.contains("PID")
                    || l.contains("WebKit")
                    || l.contains("xiaoya")
                    || l.contains("tauri-driver")
            })
            .collect();
        eprintln!("e2e watchdog: processes\n{}", ours.join("\n"));
        let _ = std::fs::write(dir.join(format!("hung-window-{stamp}.ps.txt")), table.as_bytes());
        // Where every thread of the app and its web process waits (gdb, when installed).
        let pids: Vec<String> = table
            .lines()
            .filter(|l| l.contains("WebKitWebProcess") || l.contains(&app_binary().display().to_string()))
            .filter_map(|l| l.split_whitespace().next().map(str::to_owned))
            .collect();
        let mut stacks = String::new();
        for pid in pids {
            let out = Command::new("timeout")
                .args(["20", "gdb", "-p", &pid, "-batch", "-nx", "-ex", "thread apply all bt 30"])
                .stdin(Stdio::null())
                .output();
            if let Ok(out) = out {
                stacks.push_str(&format!("===== pid {pid}\n{}\n", String::from_utf8_lossy(&out.stdout)));
            }
        }
        if !stacks.is_empty() {
            let path = dir.join(format!("hung-window-{stamp}.stacks.txt"));
            let _ = std::fs::write(&path, stacks.as_bytes());
            eprintln!("e2e watchdog: thread stacks in {}", path.display());
        }
    }
}

pub(crate) fn stop_gracefully(child: &mut Child) {
    if let Ok(Some(_)) = child.try_wait() {
        return;
    }
    let _ = Command::new("kill").arg("-TERM").arg(child.id().to_string()).status();
    let deadline = Instant::now() + Duration::from_secs(10);
    while Instant::now() < deadline {
        if let Ok(Some(_)) = child.try_wait() {
            return;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let _ = child.kill();
    let _ = child.wait();
}
