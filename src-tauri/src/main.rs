// Prevents an extra console window on Windows in release builds.
#![cfg_attr(not(debug_assertions), windows_subsystem = "windows")]

fn main() {
    // Before any thread starts: it may set an environment variable the web process inherits.
    xiaoya_companion_lib::rendering::choose_for_this_machine();
    xiaoya_companion_lib::run();
}
