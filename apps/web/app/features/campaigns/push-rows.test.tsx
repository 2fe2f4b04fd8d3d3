// @vitest-environment happy-dom
import type { PartnerPushView } from "@aurumwire/shared/partners";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderScreen } from "../../test/render";
import { PushActions } from "./push-rows";

/**
 * Withdraw in the Syndication log asks first, and says what happens on that push's platform
 * (issue 28 point 11): WordPress moves the post to its trash, Ghost unpublishes it, a webhook's
 * receiver gets an article.withdrawn message. Cancel sends nothing.
 */

function sentPush(partnerKind: PartnerPushView["partnerKind"], partnerName: string) {
  return {
    id: 7,
    partnerId: 3,
    partnerName,
    partnerKind,
    articleId: 11,
    articleTitle: "Bitcoin ETF inflows",
    campaignId: null,
    action: "create",
    status: "sent",
    slotAt: "2026-03-02T09:00:00.000Z",
    nextAttemptAt: null,
    attempts: 1,
    remoteId: "41",
    remoteUrl: "https://partner.example/bitcoin-etf-inflows",
    error: null,
    errorCode: null,
    createdAt: "2026-03-02T09:00:00.000Z",
    sentAt: "2026-03-02T09:00:01.000Z",
    canRetry: false,
    canSendAsNew: false,
    canWithdraw: true,
  } satisfies PartnerPushView;
}

describe("the Withdraw confirmation", () => {
  for (const [kind, name, says, never] of [
    [
      "wordpress",
      "Desk WordPress",
      "is moved to the trash on Desk WordPress",
      /unpublished|article\.withdrawn/,
    ],
    ["ghost", "Desk Ghost", "is unpublished on Desk Ghost", /trash|article\.withdrawn/],
    [
      "webhook",
      "Desk webhook",
      "an article.withdrawn message is sent to its receiver",
      /trash|unpublished/,
    ],
  ] as const) {
    it(`says what happens on ${kind}`, async () => {
      const done: string[] = [];
      const { user } = renderScreen(
        <PushActions
          push={sentPush(kind, name)}
          base="/aurumwire"
          onDone={(severity, text) => done.push(`${severity}: ${text}`)}
        />,
      );
      await user.click(screen.getByRole("button", { name: "Withdraw" }));
      const dialog = await screen.findByRole("dialog", { name: "Withdraw from the partner?" });
      expect(dialog.textContent).toContain(`"Bitcoin ETF inflows" `);
      expect(dialog.textContent).toContain(says);
      expect(dialog.textContent).not.toMatch(never);
      await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
      expect(done).toEqual([]);
    });
  }
});
