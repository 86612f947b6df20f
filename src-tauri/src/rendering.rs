//! How WebKitGTK paints when there is no GPU. WebKitGTK 2.50 paints through Skia on OpenGL by
//! default; without a GPU render node that OpenGL is Mesa's llvmpipe, which compiles every
//! shader Skia asks for with LLVM on the CPU. Measured on a machine without `/dev/dri`
//! (README, start-up): the app's first start compiled 105–109 shaders against a bare window's
//! 10, ~83% of the web process's extra CPU; with `WEBKIT_SKIA_ENABLE_CPU_RENDERING=1` it
//! compiles 11, CPU to the settled UI fell from 2,780 to 1,110 ms and memory by 65–90 MiB.
//! So on software OpenGL only, and only when the person has not set the variable, the app
//! asks WebKit to paint on the CPU. The web process inherits it from this process.

use std::ffi::OsStr;

pub const CPU_RENDERING: &str = "WEBKIT_SKIA_ENABLE_CPU_RENDERING";

/// Whether to set `CPU_RENDERING=1`: never over a value the person set; yes when Mesa is told
/// to render in software (`LIBGL_ALWAYS_SOFTWARE` other than `0`) or no DRM render node
/// (`renderD*`) exists.
pub fn cpu_rendering_wanted<I, S>(
    already_set: Option<&OsStr>,
    libgl_always_software: Option<&OsStr>,
    dri_entries: Option<I>,
) -> bool
where
    I: IntoIterator<Item = S>,
    S: AsRef<OsStr>,
{
    if already_set.is_some() {
        return false;
    }
    if libgl_always_software.is_some_and(|v| !v.is_empty() && v != "0") {
        return true;
    }
    let has_render_node = dri_entries
        .map(|entries| entries.into_iter().any(|name| name.as_ref().to_string_lossy().starts_with("renderD")))
        .unwrap_or(false);
    !has_render_node
}

/// Reads this machine's answer and sets the variable. Call first in `main`, before any thread
/// starts (setting the environment is only sound while the process has one thread).
pub fn choose_for_this_machine() {
    if !cfg!(target_os = "linux") {
        return;
    }
    let dri = std::fs::read_dir("/dev/dri")
        .ok()
        .map(|entries| entries.flatten().map(|e| e.file_name()).collect::<Vec<_>>());
    let wanted = cpu_rendering_wanted(
        std::env::var_os(CPU_RENDERING).as_deref(),
        std::env::var_os("LIBGL_ALWAYS_SOFTWARE").as_deref(),
        dri,
    );
    if wanted {
        std::env::set_var(CPU_RENDERING, "1");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const NONE: Option<Vec<&str>> = None;

    #[test]
    fn no_render_node_means_cpu_painting() {
        assert!(cpu_rendering_wanted(None, None, NONE), "no /dev/dri at all (a VM, a container, Xvfb)");
        assert!(
            cpu_rendering_wanted(None, None, Some(vec!["card0", "by-path"])),
            "a card but no render node"
        );
    }

    #[test]
    fn a_gpu_render_node_keeps_webkits_default() {
        assert!(!cpu_rendering_wanted(None, None, Some(vec!["card0", "renderD128"])));
    }

    #[test]
    fn mesa_told_to_render_in_software_means_cpu_painting_even_with_a_gpu() {
        let gpu = Some(vec!["renderD128"]);
        assert!(cpu_rendering_wanted(None, Some(OsStr::new("1")), gpu.clone()));
        assert!(!cpu_rendering_wanted(None, Some(OsStr::new("0")), gpu.clone()));
        assert!(!cpu_rendering_wanted(None, Some(OsStr::new("")), gpu));
    }

    #[test]
    fn a_value_the_person_set_is_never_overridden() {
        assert!(!cpu_rendering_wanted(Some(OsStr::new("0")), None, NONE));
        assert!(!cpu_rendering_wanted(Some(OsStr::new("1")), Some(OsStr::new("1")), NONE));
    }
}
