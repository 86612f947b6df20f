// Copying text: the async Clipboard API where the webview allows it, else the older
// selection-based copy. Resolves whether the text was copied. While presenting, what is
// copied is masked like the window (an audience can watch a paste), and the toast says so.
// One copy, one toast: a caller's own notice ("Copied", "Link copied") carries the
// presenting note in its body rather than a second toast beside it.

import { toast } from "../components";
import { masked } from "../format/mask";
import { t } from "../i18n";

/** What the one toast of a copy says: its title on success, its body unless the copy was
 * masked (then the presenting note), and on failure `failed` (null: no toast, the caller
 * shows the failure itself). */
export interface CopyNotice {
  title: string;
  body?: string;
  failed?: string | null;
}

export async function copyText(original: string, notice?: CopyNotice): Promise<boolean> {
  const text = masked(original);
  const ok = await copyExactly(text);
  const wasMasked = text !== original;
  if (ok && notice) {
    toast({
      tone: "success",
      title: notice.title,
      body: wasMasked ? t("presenting.copiedMaskedBody") : notice.body,
    });
  } else if (ok && wasMasked) {
    toast({ title: t("presenting.copiedMasked"), body: t("presenting.copiedMaskedBody") });
  } else if (!ok && notice && notice.failed !== null) {
    toast({ tone: "error", title: notice.failed ?? t("chat.copyFailed") });
  }
  return ok;
}

async function copyExactly(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Fall through to the selection-based copy.
  }
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.className = "offscreen";
  const previous = document.activeElement as HTMLElement | null;
  document.body.appendChild(area);
  area.select();
  let ok = false;
  try {
    ok = document.execCommand("copy");
  } catch {
    ok = false;
  }
  area.remove();
  previous?.focus();
  return ok;
}
