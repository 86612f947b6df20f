// Saving a file with the system's save dialog, the same way from every screen: the core
// opens the dialog and writes the file (the window never sends a path); this says where
// the file went and offers "Show in folder", or says plainly why it couldn't be saved.

import { toast } from "../components";
import { errorMessage, t } from "../i18n";
import { type SavedFile, showInFolder, toAppError } from "../ipc";

/** Runs `save` (a `*_save` command) and tells the person what came of it. */
export async function saveWithDialog(save: () => Promise<SavedFile | null>): Promise<SavedFile | null> {
  let saved: SavedFile | null;
  try {
    saved = await save();
  } catch (err) {
    toast({ tone: "error", title: t("save.failed"), body: errorMessage(toAppError(err).code) });
    return null;
  }
  // Cancelled in the dialog: nothing to say.
  if (!saved) return null;
  const file = saved;
  toast({
    tone: "success",
    title: t("save.done", { name: file.fileName }),
    body: t("save.where", { folder: file.folder }),
    action: {
      label: t("save.showInFolder"),
      "data-testid": "saved-show-in-folder",
      onClick: () =>
        void showInFolder(file.path).catch((err: unknown) =>
          toast({ tone: "error", title: errorMessage(toAppError(err).code), body: file.folder }),
        ),
    },
  });
  return file;
}
