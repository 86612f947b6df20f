import { useEffect, useState } from "preact/hooks";

import { Button, Card, Field, TextInput, toast } from "../../components";
import { isAmountText } from "../../format/points";
import { errorMessage, t } from "../../i18n";
import { billingSettings, setLowBalanceThreshold, toAppError } from "../../ipc";

/** Settings → Low-balance warning: the threshold below which balances show as low. */
export function ThresholdSettingCard() {
  const [saved, setSaved] = useState<string | null>(null);
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let current = true;
    billingSettings()
      .then((s) => {
        if (!current) return;
        setSaved(s.lowBalanceThreshold);
        setValue(s.lowBalanceThreshold);
      })
      .catch(() => {
        // Shown as an empty field; saving still works.
      });
    return () => {
      current = false;
    };
  }, []);

  const save = async (event: Event) => {
    event.preventDefault();
    if (!isAmountText(value)) {
      setError(t("balances.threshold.invalid"));
      return;
    }
    setError(null);
    setSaving(true);
    try {
      const next = await setLowBalanceThreshold(value.trim());
      setSaved(next.lowBalanceThreshold);
      setValue(next.lowBalanceThreshold);
      toast({ tone: "success", title: t("balances.threshold.saved") });
    } catch (err) {
      const appError = toAppError(err);
      setError(appError.code === "INVALID_INPUT" ? t("balances.threshold.invalid") : errorMessage(appError.code));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card title={t("balances.threshold.title")} description={t("balances.threshold.description")} data-testid="settings-low-balance">
      <form class="threshold-form" onSubmit={(e) => void save(e)} noValidate>
        <Field label={t("balances.threshold.label")} hint={t("balances.threshold.hint")} error={error}>
          {(control) => (
            <TextInput
              {...control}
              value={value}
              onValue={(v) => {
                setValue(v);
                if (error) setError(null);
              }}
              inputMode="decimal"
              class="threshold-form__input"
              data-testid="low-balance-input"
            />
          )}
        </Field>
        <Button
          type="submit"
          variant="primary"
          loading={saving}
          disabled={saved !== null && value.trim() === saved}
          data-testid="low-balance-save"
        >
          {t("balances.threshold.save")}
        </Button>
      </form>
    </Card>
  );
}
