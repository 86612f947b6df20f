import { useStore } from "../../app/store";
import { Card, READ_REPLIES, type ReadReplies, readRepliesState, Segmented, setReadReplies } from "../../components";
import { t } from "../../i18n";

const LABELS: Record<ReadReplies, "chat.read.sentences" | "chat.read.startEnd" | "chat.read.whole"> = {
  sentences: "chat.read.sentences",
  startEnd: "chat.read.startEnd",
  whole: "chat.read.whole",
};

/** Settings → Screen reader: how a streamed reply is read out (components/Announcer.tsx). */
export function ReadRepliesSettingCard() {
  const mode = useStore(readRepliesState);
  return (
    <Card title={t("chat.read.title")} data-testid="settings-screen-reader">
      <div class="setting-row">
        <div class="setting-row__text">
          <span class="setting-row__label" id="setting-read-replies-label">
            {t("chat.read.label")}
          </span>
          <span class="setting-row__hint">{t("chat.read.hint")}</span>
        </div>
        <Segmented
          label={t("chat.read.label")}
          labelledBy="setting-read-replies-label"
          value={mode}
          onChange={setReadReplies}
          options={READ_REPLIES.map((value) => ({
            value,
            label: t(LABELS[value]),
            "data-testid": `settings-read-replies-${value}`,
          }))}
          data-testid="settings-read-replies"
        />
      </div>
    </Card>
  );
}
