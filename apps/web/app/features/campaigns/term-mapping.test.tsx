// @vitest-environment happy-dom
import { storageKeys } from "@aurumwire/shared/limits";
import { screen, waitFor, within } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { startApiServer } from "../../test/api-server";
import { renderScreen } from "../../test/render";
import { TermMappingDialog } from "./term-mapping";

/**
 * The Terms dialog of a WordPress connection (issue 28, decision 175) against the real server: an
 * editor points one of our tags at another of the partner's terms, sees the schema's message for
 * a wrong id, and clears a mapping; a webhook connection has nothing to map.
 */

const api = startApiServer();
let headers: { authorization: string };
let wordpress: { id: number; name: string };
let webhook: { id: number; name: string };

/** A connection made as an admin does (its address never answers: nothing is sent here). */
async function connection(payload: Record<string, unknown>) {
  const answer = await api.app.inject({
    method: "POST",
    url: "/api/aurumwire/partners",
    headers,
    payload,
  });
  if (answer.statusCode !== 201) throw new Error(answer.body);
  return answer.json().data.partner as { id: number; name: string };
}

async function mappingsOnServer(partnerId: number) {
  const answer = await api.app.inject({
    method: "GET",
    url: `/api/aurumwire/partners/${partnerId}/terms`,
    headers,
  });
  return answer.json().data.mappings as { taxonomy: string; slug: string; remoteId: string }[];
}

beforeAll(async () => {
  await api.signInAs("admin");
  headers = { authorization: `Bearer ${window.localStorage.getItem(storageKeys.token)}` };
  wordpress = await connection({
    name: "Desk WordPress",
    kind: "wordpress",
    url: "https://wp.partner.invalid",
    username: "desk",
    secret: "desk PASS 1234 abcd",
  });
  webhook = await connection({
    name: "Desk webhook",
    kind: "webhook",
    url: "https://hook.partner.invalid/in",
    secret: "hook-shared-secret-9911",
  });
  // What the WordPress adapter remembers after a first send: our tag and the partner's term.
  for (const [taxonomy, slug, remoteId] of [
    ["tags", "bitcoin-etf", "41"],
    ["categories", "markets", "7"],
  ]) {
    await api.app.inject({
      method: "PUT",
      url: `/api/aurumwire/partners/${wordpress.id}/terms`,
      headers,
      payload: { taxonomy, slug, remoteId },
    });
  }
});

function renderDialog(partner: { id: number; name: string }) {
  const done: string[] = [];
  const closed: boolean[] = [];
  const view = renderScreen(
    <TermMappingDialog
      base="/aurumwire"
      partner={partner}
      onClose={() => closed.push(true)}
      onDone={(severity, text) => done.push(`${severity}: ${text}`)}
    />,
  );
  return { ...view, done, closed, dialog: screen.getByRole("dialog") };
}

describe("the Terms dialog", () => {
  it("lists what is mapped and lets an editor point a tag at another of the partner's terms", async () => {
    const { user, dialog, done } = renderDialog(wordpress);
    expect(within(dialog).getByRole("heading", { name: "Term mapping: Desk WordPress" }));
    const table = await within(dialog).findByRole("table", { name: "Term mapping" });
    const row = (await within(table).findByText("bitcoin-etf")).closest("tr") as HTMLElement;
    expect(within(row).getByText("Tag")).toBeTruthy();
    expect(within(row).getByText("41")).toBeTruthy();
    expect(within(table).getByText("markets").closest("tr")?.textContent).toContain("Category");

    // Change fills the form below the list and goes to the term id, the part to change.
    await user.click(within(row).getByRole("button", { name: "Change bitcoin-etf" }));
    const form = within(dialog).getByRole("form", { name: "Map a term" });
    const termId = within(form).getByLabelText("Partner term id");
    expect(within(form).getByLabelText("Our slug")).toHaveProperty("value", "bitcoin-etf");
    expect(termId).toHaveProperty("value", "41");
    expect(document.activeElement).toBe(termId);

    // A wrong id: the shared schema's sentence under the field, nothing sent.
    await user.clear(termId);
    await user.type(termId, "ETF");
    await user.click(within(form).getByRole("button", { name: "Save mapping" }));
    expect(await within(form).findByText("The partner's term id must be a number")).toBeTruthy();
    expect(done).toEqual([]);

    await user.clear(termId);
    await user.type(termId, "777");
    await user.click(within(form).getByRole("button", { name: "Save mapping" }));
    await waitFor(() => expect(done).toEqual(['success: Mapped "bitcoin-etf" to term 777']));
    await waitFor(() => expect(within(row).getByText("777")).toBeTruthy());
    expect(await mappingsOnServer(wordpress.id)).toContainEqual(
      expect.objectContaining({ taxonomy: "tags", slug: "bitcoin-etf", remoteId: "777" }),
    );
    // The form is emptied for the next one, keeping the kind.
    expect(within(form).getByLabelText("Our slug")).toHaveProperty("value", "");
  });

  it("clears a mapping so the partner's term is looked up again on the next send", async () => {
    const { user, dialog, done, closed } = renderDialog(wordpress);
    await user.click(await within(dialog).findByRole("button", { name: "Clear markets" }));
    await waitFor(() => expect(done).toEqual(['success: Cleared "markets"']));
    await waitFor(() => expect(within(dialog).queryByText("markets")).toBeNull());
    expect((await mappingsOnServer(wordpress.id)).map((mapping) => mapping.slug)).toEqual([
      "bitcoin-etf",
    ]);
    await user.click(within(dialog).getByRole("button", { name: "Close" }));
    expect(closed).toEqual([true]);
  });

  it("says a webhook has nothing to map, and offers no form", async () => {
    const { dialog } = renderDialog(webhook);
    expect(
      await within(dialog).findByText(
        "The webhook receives our category and tags as they are. There is nothing to map.",
      ),
    ).toBeTruthy();
    expect(within(dialog).queryByRole("form")).toBeNull();
    expect(within(dialog).queryByRole("table")).toBeNull();
  });
});
