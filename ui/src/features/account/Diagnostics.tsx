import { useEffect, useRef, useState } from "preact/hooks";

import { copyText } from "../../app/clipboard";
import { useApp } from "../../app/context";
import { useSessions } from "../../app/sessions";
import { useLoad } from "../../app/useLoad";
import { Button, Icon, Panel, SkeletonList } from "../../components";
import { errorMessage, t } from "../../i18n";
import { type AppError, type SignInDiagnostics, signInDiagnostics } from "../../ipc";
import { diagnosticsReport } from "./diagnosticsReport";

// Its old home, kept for callers.
export { diagnosticsReport };

import { DiagnosticsList } from "./DiagnosticsList";

type Load =
  | { status: "idle" }
  | { status: "loading" }
  | { status: "ready"; data: SignInDiagnostics; at: number }
  | { status: "failed"; error: AppError };

/**
 * Sign-in diagnostics for testers, folded away by default: where the app signs in,
 * with which client and redirect, whether the OS routes the link back, where the
 * sign-ins are kept, what is asked for and what was granted. Copyable as text.
 */
export function Diagnostics() {
  const { info } = useApp();
  const { view } = useSessions();
  const [open, setOpen] = useState(false);
  const [copyFailed, setCopyFailed] = useState(false);
  const [copying, setCopying] = useState(false);
  const fallback = useRef<HTMLTextAreaElement>(null);

  // Loaded when opened, and again whenever the sessions or the platform change; a
  // reading shown stays while the next one is asked for.
  const diagnostics = useLoad(() => signInDiagnostics().then((data) => ({ data, at: Date.now() })), "diagnostics", [view, info?.platform], {
    hold: !open,
  });
  const load: Load =
    diagnostics.loading && (diagnostics.error || !diagnostics.data)
      ? { status: "loading" }
      : diagnostics.error
        ? { status: "failed", error: diagnostics.error }
        : diagnostics.data
          ? { status: "ready", ...diagnostics.data }
          : { status: "idle" };

  useEffect(() => {
    if (copyFailed) fallback.current?.select();
  }, [copyFailed]);

  const report = load.status === "ready" ? diagnosticsReport(load.data, info?.version) : "";

  const copy = async () => {
    if (!report) return;
    setCopying(true);
    const ok = await copyText(report, { title: t("diag.copied"), failed: null });
    setCopying(false);
    setCopyFailed(!ok);
  };

  return (
    <details
      class="disclosure"
      data-testid="sign-in-diagnostics"
      onToggle={(event) => setOpen((event.currentTarget as HTMLDetailsElement).open)}
    >
      <summary class="disclosure__summary" data-testid="diag-toggle">
        <Icon name="activity" size={18} />
        <span class="disclosure__title">{t("diag.title")}</span>
        <span class="disclosure__hint">{t("diag.summaryHint")}</span>
        <Icon name="chevronDown" size={16} class="disclosure__chevron" />
      </summary>
      <div class="disclosure__body">
        <p class="disclosure__intro">{t("diag.intro")}</p>

        {load.status === "loading" && <SkeletonList rows={3} data-testid="diag-loading" />}

        {load.status === "failed" && (
          <Panel tone="danger" class="note" role="alert" data-testid="diag-error" data-error-code={load.error.code}>
            <Icon name="alert" size={18} />
            <div>
              <p>{t("diag.loadFailed")}</p>
              <p class="note__detail">{errorMessage(load.error.code)}</p>
              <Button
                variant="secondary"
                size="sm"
                icon="refresh"
                class="note__action"
                onClick={diagnostics.reload}
                data-testid="diag-retry"
              >
                {t("errorState.retry")}
              </Button>
            </div>
          </Panel>
        )}

        {load.status === "ready" && <DiagnosticsList data={load.data} />}

        {load.status === "ready" && (
          <div class="disclosure__actions">
            <Button variant="secondary" size="sm" icon="copy" loading={copying} onClick={() => void copy()} data-testid="diag-copy">
              {t("diag.copy")}
            </Button>
            <Button variant="ghost" size="sm" icon="refresh" onClick={diagnostics.reload} data-testid="diag-refresh">
              {t("diag.refresh")}
            </Button>
            <span class="disclosure__note">{t("diag.noSecrets")}</span>
          </div>
        )}

        {copyFailed && report && (
          <div class="field" data-testid="diag-copy-fallback">
            <label class="field__label" for="diag-report">
              {t("diag.copyFailed")}
            </label>
            <textarea id="diag-report" ref={fallback} class="input mono diag-report" readOnly rows={8} value={report} />
          </div>
        )}
      </div>
    </details>
  );
}
