// @vitest-environment happy-dom
import { campaignTemplates } from "@aurumwire/shared/campaigns";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { startApiServer } from "../../test/api-server";
import { renderScreen } from "../../test/render";
import { CampaignWizard } from "./campaign-wizard";

const server = startApiServer();

function renderWizard(onCreated: (id: number) => void = () => {}) {
  return renderScreen(
    <CampaignWizard
      open
      onClose={() => {}}
      templates={campaignTemplates("aurumwire", "AurumWire")}
      status={undefined}
      product="aurumwire"
      maxArticles={3}
      partnerBase="/aurumwire"
      onCreated={onCreated}
    />,
  );
}

describe("the campaign wizard", () => {
  it("step 1 offers the six templates with their compliance level and reach", async () => {
    await server.signInAs("admin");
    renderWizard();
    const dialog = screen.getByRole("dialog", { name: "Create Crypto Campaign" });
    expect(
      within(dialog).getByRole("heading", {
        name: "Choose Your Cryptocurrency Campaign Template",
      }),
    ).toBeTruthy();
    const names = within(dialog)
      .getAllByRole("heading", { level: 3 })
      .map((heading) => heading.textContent);
    expect(names).toHaveLength(6);
    expect(names).toContain("DeFi Protocol Launch");
    expect(within(dialog).getByText("Estimated reach: 75,000")).toBeTruthy();
  });

  it("step 2 asks for a name before the review, and the AI template for its message too", async () => {
    await server.signInAs("admin");
    const { user } = renderWizard();
    await user.click(screen.getByRole("button", { name: /AurumWire Media AI Campaign/ }));
    expect(screen.getByRole("heading", { name: "Campaign Details" })).toBeTruthy();
    const review = screen.getByRole("button", { name: "Continue to Review" });
    expect(review.hasAttribute("disabled")).toBe(true);

    await user.type(screen.getByRole("textbox", { name: "Campaign Name" }), "Halving week");
    expect(review.hasAttribute("disabled")).toBe(true);
    expect(
      screen.getByText("Required for the AI campaign: what should every draft get across?"),
    ).toBeTruthy();
    await user.type(
      screen.getByRole("textbox", { name: "Message to Portray to Audience *" }),
      "Halvings cut new supply",
    );
    expect(review.hasAttribute("disabled")).toBe(false);

    await user.click(screen.getByRole("button", { name: "Back to Templates" }));
    expect(screen.getByRole("heading", { name: /Choose Your/ })).toBeTruthy();
  });

  it("steps 3 and 4: the review shows what will be created, and creating it stores a draft campaign", async () => {
    await server.signInAs("admin");
    const created: number[] = [];
    const { user } = renderWizard((id) => created.push(id));
    await user.click(screen.getByRole("button", { name: /Bitcoin Institutional/ }));
    await user.type(screen.getByRole("textbox", { name: "Campaign Name" }), "Treasury desks");
    const budget = screen.getByRole("textbox", { name: "Budget (USD)" });
    await user.clear(budget);
    await user.type(budget, "12000");
    await user.click(screen.getByRole("switch", { name: "Syndicate to the partner platform" }));
    await user.click(screen.getByRole("button", { name: "Continue to Review" }));

    expect(screen.getByRole("heading", { name: "Review Your Campaign" })).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Treasury desks" })).toBeTruthy();
    expect(screen.getByText(/Budget: \$12,000/)).toBeTruthy();
    expect(screen.getByText("Articles to syndicate: syndication off")).toBeTruthy();
    expect(screen.getByText(/Not financial advice/)).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "Create Campaign" }));
    expect(
      await screen.findByRole("heading", { name: "Campaign Created Successfully!" }),
    ).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Open Campaign" }));
    expect(created).toHaveLength(1);

    const stored = await server.app.inject({
      method: "GET",
      url: `/api/campaigns/${created[0]}`,
      headers: { authorization: `Bearer ${window.localStorage.getItem("token") ?? ""}` },
    });
    expect(stored.statusCode).toBe(200);
    expect(stored.json().data.campaign).toMatchObject({
      name: "Treasury desks",
      status: "draft",
      template: { id: "bitcoin_institutional" },
    });
  });
});
