// @vitest-environment happy-dom
import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderScreen } from "../test/render";
import { RowActionsMenu } from "./row-actions-menu";
import { StylesWarmup } from "./styles-warmup";

/** Every style rule in the page, as emotion wrote it (text in dev and tests, rules in production). */
function pageStyles(): string[] {
  return [...document.querySelectorAll("style")].flatMap((style) => {
    const rules = style.sheet ? [...style.sheet.cssRules].map((rule) => rule.cssText) : [];
    return rules.length ? rules : [style.textContent ?? ""];
  });
}
const keyframes = () => pageStyles().filter((rule) => rule.includes("@keyframes")).length;

describe("the dashboard's styles warm-up", () => {
  it("writes the tap ripple's and a menu's styles before any tap, and leaves no menu behind", async () => {
    const { user } = renderScreen(
      <>
        <StylesWarmup />
        <RowActionsMenu label="Desk" actions={[{ label: "Rename", onClick: () => {} }]} />
      </>,
    );
    // The ripple's keyframes are written at once, with no tap.
    expect(keyframes()).toBeGreaterThan(0);
    // It goes away once the browser is idle: no hidden menu stays in the page.
    await waitFor(() => expect(document.querySelector('[role="menu"]')).toBeNull());
    const before = pageStyles().length;
    const written = keyframes();

    // The first tap on a button and the first menu it opens write no @keyframes (the rule that
    // restyles every MUI element of a full list in Chromium).
    await user.click(screen.getByRole("button", { name: "More actions for Desk" }));
    expect(await screen.findByRole("menuitem", { name: "Rename" })).toBeTruthy();
    expect(keyframes()).toBe(written);
    // At most the open modal's own class is new (a class rule restyles only its element).
    expect(pageStyles().length - before).toBeLessThanOrEqual(1);
  });
});
