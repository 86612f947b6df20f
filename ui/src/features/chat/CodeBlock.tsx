// A fenced code block: highlighted once it is complete, with a Copy button.

import type { ComponentChildren } from "preact";
import { useEffect, useMemo, useState } from "preact/hooks";

import { copyText } from "../../app/clipboard";
import { Icon } from "../../components";
import { t } from "../../i18n";
import { type Highlighted, highlight, isLoaded, languageFor, loadLanguage } from "./highlight";

export function renderHighlighted(parts: Highlighted[]): ComponentChildren {
  return parts.map((p, i) =>
    typeof p === "string" ? (
      p
    ) : (
      <span key={i} class={p.cls}>
        {renderHighlighted(p.children)}
      </span>
    ),
  );
}

/**
 * A code block with its language and a copy button (also used for JSON replies). `live`
 * (a block still streaming) shows plain text; highlighting comes once the block is done,
 * when its language's chunk has loaded.
 */
export function CodeBlock(props: { lang: string; code: string; live?: boolean }) {
  const language = languageFor(props.lang);
  const wanted = language !== null && !props.live;
  const [ready, setReady] = useState(() => wanted && isLoaded(language));
  useEffect(() => {
    if (!wanted || isLoaded(language)) return;
    let alive = true;
    void loadLanguage(language).then((ok) => alive && ok && setReady(true));
    return () => {
      alive = false;
    };
  }, [language, wanted]);
  const parts = useMemo(
    () => (wanted && (ready || isLoaded(language)) ? highlight(props.code, language) : null),
    [props.code, language, wanted, ready],
  );
  const copied = props.code.endsWith("\n") ? props.code.slice(0, -1) : props.code;
  return (
    <div class="md-pre" data-testid="md-code-block" data-lang={props.lang} data-highlighted={parts ? language : undefined}>
      <div class="md-pre__bar">
        <span class="md-pre__lang">{props.lang || t("chat.code.plain")}</span>
        <button
          type="button"
          class="md-pre__copy"
          aria-label={t("chat.code.copy")}
          title={t("chat.code.copy")}
          onClick={() => void copyText(copied, { title: t("chat.copied") })}
        >
          <Icon name="copy" size={14} />
        </button>
      </div>
      <pre>
        <code class="hljs">{parts ? renderHighlighted(parts) : props.code}</code>
      </pre>
    </div>
  );
}
