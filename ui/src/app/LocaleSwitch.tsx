import { dismissAllToasts, Segmented, toast } from "../components";
import { changeLocale, errorMessage, LOCALES, t, useLocale } from "../i18n";
import { type Locale, toAppError } from "../ipc";

/**
 * Switches the UI language at once and saves it. Used in the header and in
 * Settings; both stay in sync through the i18n store.
 */
export function LocaleSwitch(props: { size?: "sm" | "md"; testId: string; labelledBy?: string }) {
  const locale = useLocale();
  const onChange = (next: Locale) => {
    // A toast keeps the words it was made with: after a switch it would speak the other
    // language, so the ones showing go.
    if (next !== locale) dismissAllToasts();
    changeLocale(next).catch((err: unknown) => {
      const error = toAppError(err);
      toast({ tone: "error", title: t("settings.saveFailed.locale"), body: errorMessage(error.code) });
    });
  };
  return (
    <Segmented<Locale>
      label={t("locale.label")}
      labelledBy={props.labelledBy}
      size={props.size ?? "md"}
      value={locale}
      onChange={onChange}
      data-testid={props.testId}
      options={LOCALES.map((value) => ({
        value,
        label: t(`language.${value}`),
        "data-testid": `${props.testId}-${value}`,
      }))}
    />
  );
}
