// A link in a reply: never navigates the webview; opens in the browser after showing where it goes.

import type { ComponentChildren } from "preact";

import { Icon, toast } from "../../components";
import { t } from "../../i18n";
import { openExternalLink } from "../../ipc";
import { isOpenableLink } from "./markdown";

export function openLink(href: string) {
  openExternalLink(href).catch(() => toast({ tone: "error", title: t("chat.link.failed") }));
}

/** Bidi and other invisible format controls, which could make a target read as another. */
export const CONTROLS = /[\u061c\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;

/** A target as the tooltip shows it: those controls percent-encoded, as the parser's
 * normalisation already does for link targets (this holds even if it stops doing so). */
export function shownTarget(href: string): string {
  return href.replace(CONTROLS, (c) => encodeURIComponent(c));
}

/** Whether a link that is not offered shows its target beside its text: when the target says
 * more than the text. An autolink's text is its target, but for an e-mail address the target
 * adds `mailto:`, which is shown as for any other link; a `www.` autolink's added `http://` is not. */
function targetShown(href: string, text: string, auto: boolean): boolean {
  if (!href || href === text) return false;
  return !auto || href.startsWith("mailto:");
}

/** A link: a button for an https target, otherwise its text with the target beside it. */
export function LinkView(props: { target: string; auto: boolean; children: ComponentChildren; text: string }) {
  const href = props.target;
  if (isOpenableLink(href))
    return (
      <button
        type="button"
        class="md-link"
        title={t("chat.link.open", { url: shownTarget(href) })}
        data-href={href}
        onClick={() => openLink(href)}
      >
        {props.children}
        <Icon name="externalLink" size={12} />
      </button>
    );
  // Not https: shown as text with its target, never followed.
  return (
    <span class="md-link-text">
      {props.children}
      {targetShown(href, props.text, props.auto) && <span class="md-link-target">{` (${shownTarget(href)})`}</span>}
    </span>
  );
}
