//! Whether the window's content fits: one check shared by the layout and presenting tests.

use crate::{AppWindow, TestResult};

impl AppWindow {
    /// What is wider than the window, overflows the header or the main area, sits outside the
    /// window in the header; an empty list when it all fits.
    pub async fn overflow(&self) -> TestResult<Vec<String>> {
        let found = self
            .client
            .execute(
                r#"
                const out = [];
                const vw = window.innerWidth;
                const doc = document.documentElement;
                if (doc.scrollWidth > vw) out.push(`page ${doc.scrollWidth} > ${vw}`);
                const header = document.querySelector('[data-testid=app-header]');
                if (header.scrollWidth > header.clientWidth) out.push(`header ${header.scrollWidth} > ${header.clientWidth}`);
                const main = document.querySelector('[data-testid=main]');
                if (main && main.scrollWidth > main.clientWidth + 1) out.push(`main ${main.scrollWidth} > ${main.clientWidth}`);
                for (const el of header.querySelectorAll('[data-testid]')) {
                  const r = el.getBoundingClientRect();
                  if (r.width > 0 && (r.right > vw + 0.5 || r.left < -0.5)) out.push(`${el.dataset.testid} at ${r.left}..${r.right} of ${vw}`);
                }
                return out;
                "#,
                vec![],
            )
            .await?;
        Ok(found.as_array().map(|a| a.iter().map(|v| v.to_string()).collect()).unwrap_or_default())
    }

    /// The header's labels that say who pays and that the window is presenting, where their
    /// text is wider than their box (cut off, an ellipsis where words should be).
    pub async fn cut_off_labels(&self) -> TestResult<Vec<String>> {
        let found = self
            .client
            .execute(
                r#"
                const out = [];
                for (const el of document.querySelectorAll('[data-testid=app-header] :is([data-testid=charged-to], [data-testid=presenting-badge], [data-testid=platform-label])')) {
                  for (const part of [el, ...el.querySelectorAll('*')]) {
                    if (part.clientWidth > 0 && part.scrollWidth > part.clientWidth + 1 && part.textContent.trim())
                      out.push(`${el.dataset.testid}: "${part.textContent.trim()}" ${part.scrollWidth} > ${part.clientWidth}`);
                  }
                }
                return out;
                "#,
                vec![],
            )
            .await?;
        Ok(found.as_array().map(|a| a.iter().map(|v| v.to_string()).collect()).unwrap_or_default())
    }
}
