//! A stand-in file manager on the test's real D-Bus session bus: it owns
//! `org.freedesktop.FileManager1` (the interface Nautilus, Dolphin and Nemo implement) and
//! writes each `ShowItems` call's URIs, one call per line, to the file given as its only
//! argument. The app's "Show in folder" talks to whatever owns that name, so a test sees
//! exactly what a real file manager would be asked to show.

use std::io::Write;

struct FileManager {
    log: std::path::PathBuf,
}

#[zbus::interface(name = "org.freedesktop.FileManager1")]
impl FileManager {
    fn show_items(&self, uris: Vec<String>, _startup_id: String) {
        if let Ok(mut file) = std::fs::OpenOptions::new().create(true).append(true).open(&self.log) {
            let _ = writeln!(file, "{}", uris.join(" "));
        }
    }

    fn show_folders(&self, uris: Vec<String>, startup_id: String) {
        self.show_items(uris, startup_id);
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let log = std::env::args().nth(1).ok_or("usage: fake-file-manager LOG")?.into();
    let _connection = zbus::blocking::connection::Builder::session()?
        .name("org.freedesktop.FileManager1")?
        .serve_at("/org/freedesktop/FileManager1", FileManager { log })?
        .build()?;
    // Ready: the name is owned. The test kills this process when it is done.
    println!("ready");
    std::io::stdout().flush()?;
    loop {
        std::thread::park();
    }
}
