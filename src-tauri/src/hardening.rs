//! Process hardening at start: no core dumps, so a crash never writes the heap — and the
//! access tokens in it — to disk, and (Linux) the process is not dumpable, so another
//! process of the same user cannot ptrace it or read its memory through /proc.

// This module exists to make these system calls; each block says why it is sound.
#![allow(unsafe_code)]

/// `RLIMIT_CORE` 0 (inherited by the webview's helper processes) and
/// `PR_SET_DUMPABLE` 0. Linux only; elsewhere a no-op.
pub fn disable_core_dumps() -> std::io::Result<()> {
    #[cfg(target_os = "linux")]
    {
        let zero = libc::rlimit { rlim_cur: 0, rlim_max: 0 };
        // SAFETY: plain system calls with a valid pointer to a local struct.
        if unsafe { libc::setrlimit(libc::RLIMIT_CORE, &zero) } != 0 {
            return Err(std::io::Error::last_os_error());
        }
        // SAFETY: PR_SET_DUMPABLE takes one integer argument; the rest are ignored.
        if unsafe {
            libc::prctl(
                libc::PR_SET_DUMPABLE,
                0 as libc::c_ulong,
                0 as libc::c_ulong,
                0 as libc::c_ulong,
                0 as libc::c_ulong,
            )
        } != 0
        {
            return Err(std::io::Error::last_os_error());
        }
    }
    Ok(())
}

/// What the process reports about itself: (dumpable, core soft limit, core hard limit).
#[cfg(target_os = "linux")]
pub fn core_dump_state() -> (i32, u64, u64) {
    // SAFETY: PR_GET_DUMPABLE takes no pointer; getrlimit writes into a local struct.
    let dumpable = unsafe {
        libc::prctl(
            libc::PR_GET_DUMPABLE,
            0 as libc::c_ulong,
            0 as libc::c_ulong,
            0 as libc::c_ulong,
            0 as libc::c_ulong,
        )
    };
    let mut limit = libc::rlimit { rlim_cur: libc::RLIM_INFINITY, rlim_max: libc::RLIM_INFINITY };
    // SAFETY: getrlimit writes into the local struct it is given.
    unsafe { libc::getrlimit(libc::RLIMIT_CORE, &mut limit) };
    // `rlim_t` is `u64` on Linux x86-64 but not on every target this builds for.
    #[allow(clippy::unnecessary_cast)]
    let (soft, hard) = (limit.rlim_cur as u64, limit.rlim_max as u64);
    (dumpable, soft, hard)
}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    /// Child side: hardens itself, then stays alive for the parent to look at.
    #[test]
    fn child_hardened_process() {
        if std::env::var_os("XIAOYA_HARDEN_CHILD").is_none() {
            return;
        }
        super::disable_core_dumps().unwrap();
        let (dumpable, soft, hard) = super::core_dump_state();
        println!("STATE dumpable={dumpable} core={soft}/{hard}");
        std::thread::sleep(std::time::Duration::from_secs(2));
    }

    /// A process that ran `disable_core_dumps` is not dumpable and may write no core —
    /// seen from outside, in its `/proc/<pid>/limits`, and from inside.
    #[test]
    fn a_hardened_process_is_not_dumpable_and_writes_no_core() {
        let child = std::process::Command::new(std::env::current_exe().unwrap())
            .args(["--exact", "hardening::tests::child_hardened_process", "--nocapture", "--test-threads=1"])
            .env("XIAOYA_HARDEN_CHILD", "1")
            .stdout(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        let pid = child.id();
        std::thread::sleep(std::time::Duration::from_millis(1000));
        let limits = std::fs::read_to_string(format!("/proc/{pid}/limits")).unwrap();
        let core = limits.lines().find(|l| l.starts_with("Max core file size")).unwrap().to_owned();
        let out = child.wait_with_output().unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(stdout.contains("STATE dumpable=0 core=0/0"), "{stdout}");
        let fields: Vec<&str> = core.split_whitespace().collect();
        assert_eq!(&fields[4..6], ["0", "0"], "{core}");
    }
}
