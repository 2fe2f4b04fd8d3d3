// @vitest-environment happy-dom
import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { startApiServer } from "../../test/api-server";
import { renderScreen } from "../../test/render";
import { WriterStyleGuideForm } from "./writer-style-guide-form";

const server = startApiServer();

/** The style-guide box once the saved guide has loaded into it. */
async function loadedBox() {
  const box = (await screen.findByRole("textbox", { name: "Style guide" })) as HTMLTextAreaElement;
  await waitFor(() => expect(box.disabled).toBe(false));
  return box;
}

describe("saving a site-settings form", () => {
  it("says the spec's success sentence in the snackbar, and the server's reason when it refuses", async () => {
    await server.signInAs("admin");
    const first = renderScreen(<WriterStyleGuideForm />);
    const box = await loadedBox();
    await first.user.clear(box);
    await first.user.type(box, "Write Bitcoin with a capital B.");
    await first.user.click(screen.getByRole("button", { name: "Save Style Guide" }));
    const saved = await screen.findByText("Site settings saved successfully!");
    // One message style (issue 29): the snackbar's alert, not an inline alert in the form.
    expect(saved.closest(".MuiSnackbar-root")).not.toBeNull();
    first.unmount();

    // An editor may read the guide but not change it: the server's own sentence is shown.
    await server.signInAs("editor");
    const second = renderScreen(<WriterStyleGuideForm />);
    const editorBox = await loadedBox();
    await waitFor(() => expect(editorBox.value).not.toBe(""));
    expect(editorBox.value).toBe("Write Bitcoin with a capital B.");
    await second.user.type(editorBox, " And Ether.");
    await second.user.click(screen.getByRole("button", { name: "Save Style Guide" }));
    const refused = await screen.findByRole("alert");
    expect(refused.closest(".MuiSnackbar-root")).not.toBeNull();
    expect(refused.textContent).toMatch(/change site settings/);
    expect(screen.queryByText("Site settings saved successfully!")).toBeNull();
  });
});
