// Narrowing the catalog: a search over names and codes, a model type, a capability.

import { Field, Select, TextInput } from "../../components";
import { t } from "../../i18n";
import { CAPABILITIES, type Capability, capabilityLabel, typeLabel } from "./labels";

export function ModelFilters(props: {
  query: string;
  onQuery: (query: string) => void;
  type: string;
  types: string[];
  onType: (type: string) => void;
  capability: Capability;
  onCapability: (capability: Capability) => void;
}) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: the <search> element is Safari 17 / Chrome 118 and the build targets Safari 15 (vite.config.ts); the role works everywhere
    <div class="models-filters" role="search" aria-label={t("models.filter.label")}>
      <Field label={t("models.filter.search")}>
        {(control) => (
          <TextInput
            {...control}
            type="search"
            value={props.query}
            onValue={props.onQuery}
            placeholder={t("models.filter.searchPlaceholder")}
            data-testid="models-search"
          />
        )}
      </Field>
      <Field label={t("models.filter.type")}>
        {(control) => (
          <Select
            {...control}
            value={props.type}
            options={[{ value: "all", label: t("models.filter.anyType") }, ...props.types.map((v) => ({ value: v, label: typeLabel(v) }))]}
            onValue={props.onType}
            data-testid="models-type-filter"
          />
        )}
      </Field>
      <Field label={t("models.filter.capability")}>
        {(control) => (
          <Select
            {...control}
            value={props.capability}
            options={CAPABILITIES.map((c) => ({ value: c, label: capabilityLabel(c) }))}
            onValue={props.onCapability}
            data-testid="models-capability-filter"
          />
        )}
      </Field>
    </div>
  );
}
