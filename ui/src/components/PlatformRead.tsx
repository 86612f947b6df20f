// One platform read as a screen shows it (the Team screen's parts, the Personal
// entitlements on the Account screen): read (its content, then how it was read and the
// answer as sent on demand), refused (the reason in the person's language and the
// platform's own words), or failed (the error state with its retry).

import { type ComponentChildren, Fragment } from "preact";

import type { PlainField } from "../bindings/PlainField";
import type { ReadReport } from "../bindings/ReadReport";
import type { TeamRead } from "../bindings/TeamRead";
import type { TeamRefusal } from "../bindings/TeamRefusal";
import type { TeamRefusalKind } from "../bindings/TeamRefusalKind";
import { type PlainKey, t } from "../i18n";
import { Panel } from "./Card";
import { ErrorState } from "./ErrorState";
import { Icon } from "./Icon";

const REFUSAL_KEYS: Record<TeamRefusalKind, PlainKey> = {
  roleRequired: "team.refused.roleRequired",
  scopeMissing: "team.refused.scopeMissing",
  planRequired: "team.refused.planRequired",
  paymentRequired: "team.refused.paymentRequired",
  notFound: "team.refused.notFound",
};

export function TeamReadView<T>(props: {
  read: TeamRead<T>;
  testid: string;
  onRetry: () => void;
  children: (value: T) => ComponentChildren;
}) {
  const read = props.read;
  if (read.outcome === "refused") return <Refusal refusal={read.refusal} testid={`${props.testid}-refused`} />;
  if (read.outcome === "failed") {
    return <ErrorState error={read.error} title={t("team.failed.title")} onRetry={props.onRetry} data-testid={`${props.testid}-failed`} />;
  }
  return (
    <div data-testid={props.testid}>
      {props.children(read.value)}
      <ReadNotes report={read.report} raw={read.raw} testid={props.testid} />
    </div>
  );
}

function Refusal(props: { refusal: TeamRefusal; testid: string }) {
  const r = props.refusal;
  return (
    <Panel tone="warning" class="note team-refusal" data-testid={props.testid} data-kind={r.kind} data-status={r.status}>
      <Icon name="lock" size={18} />
      <div>
        <p class="team-refusal__title">{t("team.refused.title")}</p>
        <p data-testid="team-refusal-reason">{t(REFUSAL_KEYS[r.kind])}</p>
        <p class="note__detail">
          {t("team.refused.said")}: <q data-testid="team-refusal-message">{r.message}</q>
        </p>
        <p class="note__detail mono">
          {t("team.refused.code", { code: r.platformCode ?? "—", status: String(r.status) })}
          {r.requestId ? ` · ${r.requestId}` : ""}
        </p>
      </div>
    </Panel>
  );
}

/** How the answer was read (only when something was missing or odd) and the raw answer. */
function ReadNotes(props: { report: ReadReport; raw: string; testid: string }) {
  const { report } = props;
  const odd = report.missing.length > 0 || report.unrecognised.length > 0;
  return (
    <div class="team-read-notes">
      {odd && (
        <ul class="team-read-notes__flags" data-testid={`${props.testid}-flags`}>
          <li>{t("team.report.shape", { shape: report.shape })}</li>
          {report.missing.length > 0 && <li>{t("team.report.missing", { fields: report.missing.join(", ") })}</li>}
          {report.unrecognised.length > 0 && <li>{t("team.report.unrecognised", { values: report.unrecognised.join(", ") })}</li>}
        </ul>
      )}
      <details class="team-raw">
        <summary data-testid={`${props.testid}-raw-toggle`}>{t("team.raw.show")}</summary>
        <pre class="mono team-raw__text" data-testid={`${props.testid}-raw`}>
          {props.raw}
        </pre>
      </details>
    </div>
  );
}

/** Fields the docs leave open, as key and value. */
export function PlainFields(props: { fields: readonly PlainField[]; title?: string; testid?: string }) {
  if (props.fields.length === 0) return null;
  return (
    <div class="team-plain" data-testid={props.testid}>
      {props.title && <p class="team-plain__title">{props.title}</p>}
      <dl class="meta-list">
        {props.fields.map((f) => (
          <Fragment key={f.key}>
            <dt class="mono">{f.key}</dt>
            <dd class="mono">{f.value}</dd>
          </Fragment>
        ))}
      </dl>
    </div>
  );
}
