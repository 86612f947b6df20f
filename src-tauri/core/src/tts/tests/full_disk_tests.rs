//! Proves #13 (the last hole): on a full disk a charged clip keeps its receipt and its
//! charge, its audio stays in memory, and "Save again" writes it once there is room. The
//! full disk is real: a small tmpfs mounted over the clips folder and filled up (root only;
//! skipped loudly elsewhere, and never skipped in CI).

use super::{charged, ledger_rows, personal, standard};
use crate::foundation::error::ErrorCode;
use crate::testing::Tmpfs;
use crate::tts::wire::ClipStatus;

#[tokio::test]
async fn on_a_full_disk_a_charged_clip_keeps_its_receipt_and_save_again_writes_the_kept_audio() {
    let rig = personal().await;
    let audio = rig.dir.path().join("audio");
    let Some(disk) = Tmpfs::mount(&audio, "1m") else { return };
    let filler = disk.fill();

    let clip = rig.core.tts().synthesize(standard("Charged while the disk was full.")).await.unwrap();
    assert_eq!(clip.status, ClipStatus::SettledNoAudio, "{:?}", clip.error);
    assert_eq!(clip.error.as_ref().map(|e| e.code), Some(ErrorCode::DiskFull));
    assert!(clip.audio_kept && !clip.has_audio, "kept in memory, not on disk");
    let receipt = clip.receipt.clone().expect("the receipt of the charge is kept");
    assert!(receipt.charged_points.is_some());
    assert_eq!(charged(&rig, &clip.request_id), 1);
    let rows = ledger_rows(&rig, &clip.request_id).await;
    assert_eq!(rows.len(), 1, "the charge is recorded although the audio is not saved");
    assert_eq!(rows[0].3, receipt.charged_points);
    assert!(
        std::fs::read_dir(&audio).unwrap().all(|e| e.unwrap().file_name() == "filler"),
        "no partial file is left"
    );

    // Still full: Save again says so and keeps the audio.
    let err = rig.core.tts().retry_save_audio(&clip.id).await.unwrap_err();
    assert_eq!(err.code(), ErrorCode::DiskFull);
    assert!(rig.core.tts().tts_clip(&clip.id).await.unwrap().audio_kept);

    // Room again: the kept audio is written, nothing is sent or charged again.
    std::fs::remove_file(filler).unwrap();
    let saved = rig.core.tts().retry_save_audio(&clip.id).await.unwrap();
    assert_eq!(saved.status, ClipStatus::Complete);
    assert!(saved.has_audio && !saved.audio_kept);
    assert_eq!(saved.receipt, Some(receipt));
    let bytes = std::fs::read(audio.join(format!("{}.mp3", clip.id))).unwrap();
    assert_eq!(Some(bytes.len() as i64), saved.audio_bytes);
    assert!(bytes[0] == 0xFF || &bytes[..3] == b"ID3", "the audio as it arrived");
    assert_eq!(rig.control().speech_request_count(&clip.request_id), 1, "not sent again");
    assert_eq!(charged(&rig, &clip.request_id), 1);
    assert_eq!(ledger_rows(&rig, &clip.request_id).await.len(), 1, "charged once in the ledger");
    assert_eq!(
        rig.core.tts().retry_save_audio(&clip.id).await.unwrap_err().code(),
        ErrorCode::InvalidInput,
        "nothing is kept any more"
    );
    drop(disk);
}

/// The database refuses too (a trigger stands in for its disk being full): the attempt
/// fails, but the audio and the receipt stay in memory, and Save again writes the audio
/// first, then the receipt and the charge, once.
#[tokio::test]
async fn when_the_database_cannot_be_written_either_save_again_records_audio_receipt_and_charge() {
    let rig = personal().await;
    let audio = rig.dir.path().join("audio");
    let Some(disk) = Tmpfs::mount(&audio, "1m") else { return };
    let filler = disk.fill();
    let pool = rig.core.db().pool();
    sqlx::query(
        "CREATE TRIGGER full_db BEFORE UPDATE OF receipt ON tts_clips
         BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END",
    )
    .execute(pool)
    .await
    .unwrap();
    let failed = rig.core.tts().synthesize(standard("Charged while nothing could be written.")).await;
    assert!(failed.is_err(), "{failed:?}");
    let (id, request_id, status, receipt): (String, String, String, Option<String>) =
        sqlx::query_as("SELECT id, request_id, status, receipt FROM tts_clips")
            .fetch_one(pool)
            .await
            .unwrap();
    assert_eq!((status.as_str(), receipt), ("pending", None));
    assert_eq!(charged(&rig, &request_id), 1, "the platform charged");
    assert!(rig.core.tts().tts_clip(&id).await.unwrap().audio_kept);

    sqlx::query("DROP TRIGGER full_db").execute(pool).await.unwrap();
    std::fs::remove_file(filler).unwrap();
    let saved = rig.core.tts().retry_save_audio(&id).await.unwrap();
    assert_eq!(saved.status, ClipStatus::Complete);
    assert!(saved.has_audio);
    let receipt = saved.receipt.expect("the receipt kept in memory is written");
    let rows = ledger_rows(&rig, &request_id).await;
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0].3, receipt.charged_points);
    assert_eq!(rig.control().speech_request_count(&request_id), 1, "not sent again");
    drop(disk);
}

/// A database on a full disk says DISK_FULL (what the person can fix), not STORAGE.
#[tokio::test]
async fn a_database_write_on_a_full_disk_is_disk_full() {
    let scratch = tempfile::tempdir().unwrap();
    let Some(disk) = Tmpfs::mount(scratch.path(), "256k") else { return };
    let options = sqlx::sqlite::SqliteConnectOptions::new()
        .filename(scratch.path().join("full.db"))
        .create_if_missing(true);
    let pool = sqlx::SqlitePool::connect_with(options).await.unwrap();
    sqlx::query("CREATE TABLE t (b BLOB)").execute(&pool).await.unwrap();
    disk.fill();
    let err = sqlx::query("INSERT INTO t VALUES (zeroblob(200000))").execute(&pool).await.unwrap_err();
    assert_eq!(crate::foundation::error::Error::from(err).code(), ErrorCode::DiskFull);
    pool.close().await;
    drop(disk);
}
