import { useCallback } from "react";
import { useFeedback } from "../../components/feedback";
import { ApiError } from "../../lib/api-client";

/**
 * Saving one of the Site Settings forms, with spec point 8's messages in the dashboard's one
 * message style, the snackbar (issue 29): 'Site settings saved successfully!'; for a refused save
 * the server's error, else 'Failed to save settings'; 'Error saving site settings' when the server
 * could not be reached. `messages` goes once into the form's tree.
 */
export function useSettingsSave() {
  const { show, element } = useFeedback();
  const save = useCallback(
    async (write: () => Promise<unknown>, onFailure?: (caught: unknown) => void) => {
      try {
        await write();
        show("success", "Site settings saved successfully!");
      } catch (caught) {
        onFailure?.(caught);
        show(
          "error",
          caught instanceof ApiError
            ? caught.message || "Failed to save settings"
            : "Error saving site settings",
        );
      }
    },
    [show],
  );
  return { save, messages: element };
}
