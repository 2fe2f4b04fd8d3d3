// @vitest-environment happy-dom
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { startApiServer } from "../../test/api-server";
import { renderScreen } from "../../test/render";
import { AiGenerator } from "./ai-generator";

// The test server has no AI service set up: the generator's "not configured" state.
const server = startApiServer();

describe("the AI generator without an AI service", () => {
  it("tells an editor to ask an administrator, and keeps Generate off while the archive search works", async () => {
    await server.signInAs("editor");
    const { user } = renderScreen(<AiGenerator />);
    expect(await screen.findByText(/Ask an administrator to connect an AI service/)).toBeTruthy();

    const generate = screen.getByRole("button", { name: "Generate Article" });
    const research = screen.getByRole("button", { name: "Find sources only (no AI)" });
    expect(generate.hasAttribute("disabled")).toBe(true);
    expect(research.hasAttribute("disabled")).toBe(true);

    await user.type(screen.getByRole("textbox", { name: /Article topic/ }), "bitcoin halving");
    expect(generate.hasAttribute("disabled")).toBe(true);
    expect(research.hasAttribute("disabled")).toBe(false);
    await user.click(research);
    expect(
      await screen.findByRole("heading", { name: "Research: not written by AI" }),
    ).toBeTruthy();
  });

  it("shows an administrator what to set up instead", async () => {
    await server.signInAs("admin");
    renderScreen(<AiGenerator />);
    const notice = await screen.findByTestId("ai-not-configured");
    expect(notice.textContent).not.toMatch(/Ask an administrator/);
    expect(notice.textContent?.length).toBeGreaterThan(20);
  });
});
