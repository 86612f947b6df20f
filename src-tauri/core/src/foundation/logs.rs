//! Log retention: the shell writes one rolling file a day (`companion.log.YYYY-MM-DD`);
//! at start, files of that name older than [`LOG_RETENTION_DAYS`] days are deleted.

use std::path::Path;

/// How long a day's log file is kept.
pub const LOG_RETENTION_DAYS: i64 = 14;
/// The rolling file's prefix (tracing-appender adds `.YYYY-MM-DD`).
pub const LOG_FILE_PREFIX: &str = "companion.log";

/// Deletes the daily log files in `dir` dated more than `LOG_RETENTION_DAYS` days before
/// `today`. Only files named `companion.log.YYYY-MM-DD` are touched; anything else in
/// the folder stays. Returns how many were deleted.
pub fn prune_old_logs(dir: &Path, today: time::Date) -> std::io::Result<usize> {
    let entries = match std::fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(0),
        Err(e) => return Err(e),
    };
    let format = time::macros::format_description!("[year]-[month]-[day]");
    let oldest_kept = today - time::Duration::days(LOG_RETENTION_DAYS - 1);
    let mut deleted = 0;
    for entry in entries {
        let entry = entry?;
        let name = entry.file_name();
        let Some(date) = name
            .to_str()
            .and_then(|n| n.strip_prefix(LOG_FILE_PREFIX))
            .and_then(|n| n.strip_prefix('.'))
            .and_then(|d| time::Date::parse(d, &format).ok())
        else {
            continue;
        };
        if date < oldest_kept && entry.file_type()?.is_file() {
            std::fs::remove_file(entry.path())?;
            deleted += 1;
        }
    }
    Ok(deleted)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn log_files_older_than_fourteen_days_are_deleted_and_nothing_else() {
        let dir = tempfile::tempdir().unwrap();
        let today = time::macros::date!(2026 - 12 - 01);
        let names = [
            "companion.log.2026-12-01",     // today
            "companion.log.2026-11-18",     // the 14th day, counting today: kept
            "companion.log.2026-11-17",     // 15 days: deleted
            "companion.log.2025-01-01",     // deleted
            "companion.log",                // not a dated file: kept
            "companion.log.2026-11-17.bak", // not ours: kept
            "notes.txt",
        ];
        for n in names {
            std::fs::write(dir.path().join(n), b"x").unwrap();
        }
        assert_eq!(prune_old_logs(dir.path(), today).unwrap(), 2);
        let mut left: Vec<String> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        left.sort();
        assert_eq!(
            left,
            [
                "companion.log",
                "companion.log.2026-11-17.bak",
                "companion.log.2026-11-18",
                "companion.log.2026-12-01",
                "notes.txt"
            ]
        );
        assert_eq!(prune_old_logs(&dir.path().join("missing"), today).unwrap(), 0, "no folder yet");
    }
}
