//! What a person sees: frames of the X screen (the Xvfb root window, through ImageMagick's
//! `import`), not WebKit's own rendering of the page that WebDriver returns. A WebDriver
//! screenshot can be a frame WebKit never showed whole (#26 item 12: Voices painted over
//! Balances); the X screen has only what was put on it.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

use crate::TestResult;

/// A rectangle on the X screen, in pixels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Area {
    pub x: u32,
    pub y: u32,
    pub width: u32,
    pub height: u32,
}

/// A settled frame of one screen of the app (`AppWindow::settled_shot`), and where its
/// heading was.
#[derive(Clone, Debug)]
pub struct Shot {
    pub screen: String,
    pub frame: Frame,
    pub heading: Area,
}

/// One frame of the X screen (or a part of one): RGB, 8 bits a channel, row by row.
#[derive(Clone, PartialEq, Eq)]
pub struct Frame {
    pub width: u32,
    pub height: u32,
    rgb: Vec<u8>,
}

impl std::fmt::Debug for Frame {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Frame {}×{}", self.width, self.height)
    }
}

/// The next whitespace-separated field of a PPM header, and where the header continues.
fn ppm_field(bytes: &[u8], mut at: usize) -> Option<(&str, usize)> {
    loop {
        while bytes.get(at)?.is_ascii_whitespace() {
            at += 1;
        }
        if bytes[at] == b'#' {
            while *bytes.get(at)? != b'\n' {
                at += 1;
            }
            continue;
        }
        let start = at;
        while !bytes.get(at)?.is_ascii_whitespace() {
            at += 1;
        }
        return Some((std::str::from_utf8(&bytes[start..at]).ok()?, at));
    }
}

impl Frame {
    /// The whole X screen now (`$DISPLAY`'s root window).
    pub fn capture() -> TestResult<Frame> {
        let out = Command::new("import")
            .args(["-silent", "-window", "root", "-depth", "8", "ppm:-"])
            .stdin(Stdio::null())
            .output()
            .map_err(|e| format!("ImageMagick's import is needed to capture the X screen: {e}"))?;
        if !out.status.success() {
            return Err(format!("import -window root: {}", String::from_utf8_lossy(&out.stderr)).into());
        }
        Frame::from_ppm(&out.stdout)
    }

    /// A binary PPM (P6, 8 bits a channel).
    pub fn from_ppm(bytes: &[u8]) -> TestResult<Frame> {
        let bad = || format!("not an 8-bit binary PPM ({} bytes)", bytes.len());
        let (magic, at) = ppm_field(bytes, 0).ok_or_else(bad)?;
        let (width, at) = ppm_field(bytes, at).ok_or_else(bad)?;
        let (height, at) = ppm_field(bytes, at).ok_or_else(bad)?;
        let (max, at) = ppm_field(bytes, at).ok_or_else(bad)?;
        if magic != "P6" || max != "255" {
            return Err(bad().into());
        }
        let width: u32 = width.parse()?;
        let height: u32 = height.parse()?;
        let rgb = bytes.get(at + 1..).ok_or_else(bad)?.to_vec();
        if rgb.len() != width as usize * height as usize * 3 {
            return Err(bad().into());
        }
        Ok(Frame { width, height, rgb })
    }

    /// The part of the frame inside `area` (clipped to the frame).
    pub fn crop(&self, area: Area) -> Frame {
        let x0 = area.x.min(self.width) as usize;
        let y0 = area.y.min(self.height) as usize;
        let x1 = (area.x.saturating_add(area.width)).min(self.width) as usize;
        let y1 = (area.y.saturating_add(area.height)).min(self.height) as usize;
        let mut rgb = Vec::with_capacity((x1 - x0) * (y1 - y0) * 3);
        for row in y0..y1 {
            let start = (row * self.width as usize + x0) * 3;
            rgb.extend_from_slice(&self.rgb[start..start + (x1 - x0) * 3]);
        }
        Frame { width: (x1 - x0) as u32, height: (y1 - y0) as u32, rgb }
    }

    /// How many pixels of two frames of one size differ by more than `tolerance` in a channel
    /// (`usize::MAX` when their sizes differ).
    pub fn differing(&self, other: &Frame, tolerance: u8) -> usize {
        if (self.width, self.height) != (other.width, other.height) {
            return usize::MAX;
        }
        self.rgb
            .chunks_exact(3)
            .zip(other.rgb.chunks_exact(3))
            .filter(|(a, b)| a.iter().zip(b.iter()).any(|(x, y)| x.abs_diff(*y) > tolerance))
            .count()
    }

    /// Whether `part` appears in this frame at `area`'s corner or up to `reach` pixels away
    /// from it in any direction: all but 1% of its pixels within 32 levels a channel (text
    /// painted again in place differs by its anti-aliasing only; another heading differs in
    /// about a tenth of its pixels).
    pub fn shows_near(&self, part: &Frame, area: Area, reach: i64) -> bool {
        let allowed = (part.width as usize * part.height as usize) / 100;
        for dy in -reach..=reach {
            for dx in -reach..=reach {
                let (x, y) = (i64::from(area.x) + dx, i64::from(area.y) + dy);
                if x < 0 || y < 0 {
                    continue;
                }
                let at = Area { x: x as u32, y: y as u32, width: part.width, height: part.height };
                if self.crop(at).differing(part, 32) <= allowed {
                    return true;
                }
            }
        }
        false
    }

    /// How many distinct colours the frame holds (1: blank).
    pub fn colours(&self) -> usize {
        let mut seen = std::collections::HashSet::new();
        for px in self.rgb.chunks_exact(3) {
            seen.insert([px[0], px[1], px[2]]);
            if seen.len() > 64 {
                break;
            }
        }
        seen.len()
    }

    /// Saves the frame as a PNG (through ImageMagick's `convert`).
    pub fn save_png(&self, path: &Path) -> TestResult {
        let mut child = Command::new("convert")
            .args(["ppm:-", &format!("png:{}", path.display())])
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| format!("ImageMagick's convert is needed to save a frame: {e}"))?;
        {
            let mut stdin = child.stdin.take().ok_or("convert's stdin")?;
            write!(stdin, "P6\n{} {}\n255\n", self.width, self.height)?;
            stdin.write_all(&self.rgb)?;
        }
        let out = child.wait_with_output()?;
        if !out.status.success() {
            return Err(format!("convert: {}", String::from_utf8_lossy(&out.stderr)).into());
        }
        Ok(())
    }
}

/// Runs an X tool and returns what it printed (an error names the tool and what it said).
fn x_tool(tool: &str, args: &[&str]) -> TestResult<String> {
    let out = Command::new(tool).args(args).stdin(Stdio::null()).output().map_err(|e| {
        format!("{tool} is needed to look at the X screen (scripts/bootstrap.sh installs it): {e}")
    })?;
    if !out.status.success() {
        return Err(format!("{tool} {args:?}: {}", String::from_utf8_lossy(&out.stderr).trim()).into());
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

/// Moves the X pointer to `(x, y)` of the X screen (xdotool), as a person moves the mouse.
/// Not `--sync`: when the pointer is there already, xdotool waits 15 s for a move that never
/// comes; where it is is read back instead.
pub fn move_pointer(x: u32, y: u32) -> TestResult {
    if pointer()? == (x, y) {
        return Ok(());
    }
    x_tool("xdotool", &["mousemove", &x.to_string(), &y.to_string()])?;
    for _ in 0..50 {
        if pointer()? == (x, y) {
            return Ok(());
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    Err(format!("the X pointer did not move to {x},{y}").into())
}

/// The X screen's size.
pub fn screen_size() -> TestResult<(u32, u32)> {
    let out = x_tool("xdotool", &["getdisplaygeometry"])?;
    let mut parts = out.split_whitespace().map(|v| v.parse::<u32>().ok());
    match (parts.next().flatten(), parts.next().flatten()) {
        (Some(w), Some(h)) => Ok((w, h)),
        _ => Err(format!("xdotool getdisplaygeometry said {out:?}").into()),
    }
}

/// Where the X pointer is on the X screen.
pub fn pointer() -> TestResult<(u32, u32)> {
    let out = x_tool("xdotool", &["getmouselocation", "--shell"])?;
    let field = |name: &str| {
        out.lines().find_map(|l| l.strip_prefix(name)?.strip_prefix('=')?.trim().parse::<u32>().ok())
    };
    Ok((field("X").ok_or("no pointer X")?, field("Y").ok_or("no pointer Y")?))
}

/// The tooltips on the X screen now, each as `window id (its area)`. GTK shows a `title`
/// tooltip (the sidebar's "Chat (Ctrl+3)") as a window of its own, of type
/// `_NET_WM_WINDOW_TYPE_TOOLTIP`, over the app's window: a frame of the X screen has it.
pub fn visible_tooltips() -> TestResult<Vec<String>> {
    let tree = x_tool("xwininfo", &["-root", "-children"])?;
    let mut shown = Vec::new();
    for id in tree.lines().filter_map(|l| l.split_whitespace().next()).filter(|w| w.starts_with("0x")) {
        // A window can go between the listing and the look: gone is not shown.
        let Ok(kind) = x_tool("xprop", &["-id", id, "_NET_WM_WINDOW_TYPE"]) else { continue };
        if !kind.contains("_NET_WM_WINDOW_TYPE_TOOLTIP") {
            continue;
        }
        let Ok(info) = x_tool("xwininfo", &["-id", id]) else { continue };
        if info.contains("Map State: IsViewable") {
            let geometry = info.lines().find_map(|l| l.trim().strip_prefix("-geometry ")).unwrap_or("?");
            shown.push(format!("{id} ({geometry})"));
        }
    }
    Ok(shown)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_ppm_is_read_and_cropped() {
        let mut bytes = b"P6\n# made by hand\n3 2\n255\n".to_vec();
        bytes.extend((0u8..18).map(|v| v * 10).collect::<Vec<_>>());
        let frame = Frame::from_ppm(&bytes).unwrap();
        assert_eq!((frame.width, frame.height), (3, 2));
        let part = frame.crop(Area { x: 1, y: 1, width: 5, height: 5 });
        assert_eq!((part.width, part.height), (2, 1));
        assert_eq!(part.rgb, vec![120, 130, 140, 150, 160, 170]);
        assert_eq!(frame.colours(), 6);
        assert!(frame.shows_near(&part, Area { x: 0, y: 0, width: 2, height: 1 }, 1));
        assert!(!frame.shows_near(&part, Area { x: 0, y: 0, width: 2, height: 1 }, 0));
        let mut near = frame.clone();
        near.rgb[0] = 30;
        assert_eq!(frame.differing(&near, 32), 0);
        assert_eq!(frame.differing(&near, 16), 1);
        assert!(Frame::from_ppm(b"P3\n1 1\n255\n").is_err());
    }
}
