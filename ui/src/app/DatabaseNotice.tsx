import { useState } from "preact/hooks";

import { Button, Icon, toast } from "../components";
import { errorMessage, t } from "../i18n";
import { type DatabaseSetAside, dismissDatabaseNotice, showInFolder, toAppError } from "../ipc";

/**
 * The database found at start could not be used and was moved aside: say why, where
 * the old file is now, and that the app started with a fresh one. Said on every start
 * until the person has read it ("Got it" tells the core), with the old file one click
 * away in the file manager.
 */
export function DatabaseNotice(props: { setAside: DatabaseSetAside }) {
  const [open, setOpen] = useState(true);
  if (!open) return null;
  const why = {
    corrupt: t("database.setAside.corrupt"),
    unknownMigration: t("database.setAside.unknownMigration"),
    migrationFailed: t("database.setAside.migrationFailed"),
  }[props.setAside.damage];
  return (
    <section class="database-notice" role="alert" data-testid="database-notice" data-damage={props.setAside.damage}>
      <Icon name="alert" size={20} />
      <div class="database-notice__body">
        <h2 class="database-notice__title">{t("database.setAside.title")}</h2>
        <p>{why}</p>
        <p>
          {t("database.setAside.keptAt")}{" "}
          <code class="mono" data-testid="database-notice-path">
            {props.setAside.movedTo}
          </code>
        </p>
        <p>{t("database.setAside.fresh")}</p>
      </div>
      <div class="database-notice__actions">
        <Button
          variant="secondary"
          icon="externalLink"
          onClick={() =>
            void showInFolder(props.setAside.movedTo).catch((err: unknown) =>
              toast({ tone: "error", title: errorMessage(toAppError(err).code) }),
            )
          }
          data-testid="database-notice-show"
        >
          {t("save.showInFolder")}
        </Button>
        <Button
          variant="ghost"
          onClick={() => {
            setOpen(false);
            void dismissDatabaseNotice().catch((err: unknown) => toast({ tone: "error", title: errorMessage(toAppError(err).code) }));
          }}
          data-testid="database-notice-dismiss"
        >
          {t("database.setAside.dismiss")}
        </Button>
      </div>
    </section>
  );
}
