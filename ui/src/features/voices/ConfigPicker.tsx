// The context's TTS configurations as cards: name, formats, the price as the platform
// states it, how many voices, and the voice-library link (opened by the core in the system
// browser). A configuration without voices stays visible with its link.

import { useRef } from "preact/hooks";

import { Badge, Icon, toast } from "../../components";
import { errorMessage, formatNumber, t } from "../../i18n";
import { openVoiceLibrary, type TtsConfig, toAppError } from "../../ipc";
import { priceLabel } from "./format";

async function openLibrary(config: TtsConfig) {
  try {
    await openVoiceLibrary(config.ttsConfigId);
    toast({ tone: "info", title: t("voices.library.opened"), body: config.voiceLibrary?.host ?? "" });
  } catch (err) {
    toast({ tone: "error", title: t("voices.library.failed"), body: errorMessage(toAppError(err).code) });
  }
}

export function ConfigPicker(props: { configs: readonly TtsConfig[]; selectedId: string | null; onSelect: (id: string) => void }) {
  const group = useRef<HTMLDivElement>(null);
  const index = Math.max(
    0,
    props.configs.findIndex((c) => c.ttsConfigId === props.selectedId),
  );

  const onKeyDown = (event: KeyboardEvent) => {
    const keys: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowDown: index + 1,
      ArrowLeft: index - 1,
      ArrowUp: index - 1,
      Home: 0,
      End: props.configs.length - 1,
    };
    const next = keys[event.key];
    if (next === undefined || props.configs.length === 0) return;
    event.preventDefault();
    const wrapped = (next + props.configs.length) % props.configs.length;
    const config = props.configs[wrapped];
    if (!config) return;
    props.onSelect(config.ttsConfigId);
    group.current?.querySelectorAll<HTMLButtonElement>("[role=radio]")[wrapped]?.focus();
  };

  return (
    <div class="config-grid" role="radiogroup" aria-label={t("voices.config.label")} ref={group} onKeyDown={onKeyDown}>
      {props.configs.map((config, i) => {
        const selected = config.ttsConfigId === props.selectedId;
        const usable = config.voices.filter((v) => v.usable).length;
        const price = config.price ? priceLabel(config.price) : t("voices.price.none");
        return (
          <div
            key={config.ttsConfigId}
            class={`config-card${selected ? " is-selected" : ""}`}
            data-testid="tts-config"
            data-config-id={config.ttsConfigId}
          >
            {/* biome-ignore lint/a11y/useSemanticElements: a complete WAI-ARIA radio group (roving tabindex, arrow keys in onKeyDown above, aria-checked); native radios would change the markup that the styles and tests hold to */}
            <button
              type="button"
              role="radio"
              aria-checked={selected ? "true" : "false"}
              tabIndex={selected || (props.selectedId === null && i === 0) ? 0 : -1}
              class="config-card__pick"
              onClick={() => props.onSelect(config.ttsConfigId)}
              data-testid="tts-config-pick"
            >
              <span class="config-card__name">{config.displayName}</span>
              <span class="config-card__price" data-testid="tts-config-price" title={price}>
                {price}
              </span>
              <span class="config-card__meta">
                {config.outputFormats.map((f) => (
                  <Badge key={f}>{f.toUpperCase()}</Badge>
                ))}
                <span class="muted" data-testid="tts-config-voices">
                  {config.voices.length === 0
                    ? t("voices.config.noVoices")
                    : t("voices.config.voices", { n: formatNumber(usable), total: formatNumber(config.voices.length) })}
                </span>
              </span>
            </button>
            {config.voiceLibrary && (
              <button
                type="button"
                class="link-button config-card__library"
                disabled={!config.voiceLibrary.openable}
                title={config.voiceLibrary.openable ? config.voiceLibrary.host : t("voices.library.notSecure")}
                onClick={() => void openLibrary(config)}
                data-testid="tts-config-library"
              >
                <Icon name="externalLink" size={14} />
                {config.voices.length === 0 ? t("voices.library.clone") : t("voices.library.open")}
              </button>
            )}
          </div>
        );
      })}
    </div>
  );
}
