// Copying text: the async Clipboard API where the webview allows it, else the older
// selection-based copy. Resolves whether the text was copied. While presenting, what is
// copied is masked like the window (an audience can watch a paste), and a toast says so.

import { toast } from "../components";
import { hasPrivate, masked } from "../format/mask";
import { t } from "../i18n";

export async function copyText(original: string): Promise<boolean> {
  const text = masked(original);
  const ok = await copyExactly(text);
  if (ok && hasPrivate(original)) toast({ title: t("presenting.copiedMasked"), body: t("presenting.copiedMaskedBody") });
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
