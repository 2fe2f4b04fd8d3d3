// @vitest-environment happy-dom
import { screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { FormProvider, useForm } from "react-hook-form";
import { describe, expect, it } from "vitest";
import { renderScreen } from "../../test/render";
import { type ArticleFormValues, emptyArticleForm, type SaveAction } from "./article-form-values";
import { PublishingPanel } from "./publishing-panel";
import { SeoFieldsPanel } from "./seo-fields-panel";

/** The editor's form around its panels, as article-editor.tsx gives it to them. */
function EditorForm(props: { values?: Partial<ArticleFormValues>; children: ReactNode }) {
  const form = useForm<ArticleFormValues>({
    defaultValues: { ...emptyArticleForm, ...props.values },
  });
  return <FormProvider {...form}>{props.children}</FormProvider>;
}

describe("the article editor's panels", () => {
  it("SEO: the score follows the meta fields as the writer types, with a count per field", async () => {
    const { user } = renderScreen(
      <EditorForm values={{ title: "Bitcoin miners brace for the halving" }}>
        <SeoFieldsPanel />
      </EditorForm>,
    );
    const before = Number(screen.getByTestId("seo-score").textContent?.replace(/\D/g, ""));
    await user.type(
      screen.getByRole("textbox", { name: "Meta title" }),
      "Bitcoin halving: what miners do next",
    );
    await user.type(
      screen.getByRole("textbox", { name: "Meta description" }),
      "Miners earn half as much per block after the halving. Here is how the largest ones plan to stay profitable.",
    );
    const after = Number(screen.getByTestId("seo-score").textContent?.replace(/\D/g, ""));
    expect(after).toBeGreaterThan(before);
    expect(screen.getByText(/^36\//)).toBeTruthy();
  });

  it("Publishing: an editor's saved article offers Save Draft, Update and Publish, and says which is running", async () => {
    const saves: SaveAction[] = [];
    const panel = (pendingAction: SaveAction | null) => (
      <EditorForm>
        <PublishingPanel
          editMode
          canPublish
          storedStatus="draft"
          storedPublishedAt={null}
          pendingAction={pendingAction}
          onSave={(action) => saves.push(action)}
        />
      </EditorForm>
    );
    const { user, rerender } = renderScreen(panel(null));
    await user.click(screen.getByRole("button", { name: "Publish" }));
    await user.click(screen.getByRole("button", { name: "Update Article" }));
    expect(saves).toEqual(["publish", "save"]);
    expect(screen.getByRole("switch", { name: "Featured article" }).hasAttribute("disabled")).toBe(
      false,
    );

    rerender(panel("publish"));
    expect(screen.getByRole("button", { name: "Publishing..." }).hasAttribute("disabled")).toBe(
      true,
    );
    expect(screen.getByRole("button", { name: "Save Draft" }).hasAttribute("disabled")).toBe(true);
  });

  it("Publishing: a writer who may not publish cannot feature the article or press Publish", () => {
    renderScreen(
      <EditorForm>
        <PublishingPanel
          editMode
          canPublish={false}
          storedStatus="draft"
          storedPublishedAt={null}
          pendingAction={null}
          onSave={() => {}}
        />
      </EditorForm>,
    );
    expect(screen.getByRole("button", { name: "Publish" }).hasAttribute("disabled")).toBe(true);
    expect(screen.getByRole("switch", { name: "Featured article" }).hasAttribute("disabled")).toBe(
      true,
    );
    expect(screen.getByRole("switch", { name: "Premium content" }).hasAttribute("disabled")).toBe(
      false,
    );
  });
});
