// The ledger's search and filters: text, status and configuration.

import { Icon, Select, TextInput } from "../../components";
import { t } from "../../i18n";
import type { ClipStatus, TtsConfig } from "../../ipc";
import { STATUS } from "./ClipRow";

export function LedgerTools(props: {
  configs: readonly TtsConfig[];
  query: string;
  onQuery: (query: string) => void;
  status: "" | ClipStatus;
  onStatus: (status: "" | ClipStatus) => void;
  configId: string;
  onConfigId: (configId: string) => void;
}) {
  const { query, status, configId } = props;
  const statusOptions = [
    { value: "" as const, label: t("voices.ledger.anyStatus") },
    ...(Object.keys(STATUS) as ClipStatus[]).map((s) => ({ value: s, label: t(STATUS[s].key) })),
  ];
  const configOptions = [
    { value: "", label: t("voices.ledger.anyConfig") },
    ...props.configs.map((c) => ({ value: c.ttsConfigId, label: c.displayName })),
  ];
  return (
    <div class="ledger__tools">
      <span class="search-input">
        <Icon name="search" size={16} />
        <TextInput
          type="search"
          value={query}
          aria-label={t("voices.ledger.search")}
          placeholder={t("voices.ledger.search")}
          onValue={props.onQuery}
          data-testid="ledger-search"
        />
      </span>
      <Select
        aria-label={t("voices.ledger.statusLabel")}
        value={status}
        options={statusOptions}
        onValue={props.onStatus}
        data-testid="ledger-status"
      />
      <Select
        aria-label={t("voices.ledger.configLabel")}
        value={configId}
        options={configOptions}
        onValue={props.onConfigId}
        data-testid="ledger-config"
      />
    </div>
  );
}
