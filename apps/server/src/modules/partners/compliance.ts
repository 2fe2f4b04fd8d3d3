import type { ComplianceStatus } from "@aurumwire/shared/partners";
import type { Executor } from "../../db/client";
import type { PartnerConnectionRow } from "../../db/schema";
import { iso } from "./connections";
import type { PartnersRepository } from "./repository";

/**
 * The partner's rule (decision 112): at most maxArticles new posts per rolling windowHours,
 * counted from the ledger. Slots are given under the partner row's lock.
 */

export const hourMs = 3_600_000;

export function windowStart(partner: PartnerConnectionRow, at: Date): Date {
  const start = at.getTime() - partner.windowHours * hourMs;
  // Pushes at the reset moment itself came after it: the bound is exclusive, so one ms earlier.
  return new Date(Math.max(start, (partner.countFrom?.getTime() ?? 0) - 1));
}

/**
 * Gives every queued push of the partner its slot, in queue order: the first moment at which at
 * most maxArticles new posts fall in any window of windowHours, counting what was sent. Runs
 * under the partner row's lock. A push waiting for its article's publish time (nextAttemptAt)
 * never gets an earlier slot.
 */
export async function reslot(
  repo: PartnersRepository,
  tx: Executor,
  partner: PartnerConnectionRow,
  at: Date,
) {
  const W = partner.windowHours * hourMs;
  const N = partner.maxArticles;
  const sequence = (await repo.sentSlots(partner.id, windowStart(partner, at), tx)).map((d) =>
    d.getTime(),
  );
  let last = at.getTime();
  for (const push of await repo.queued(partner.id, tx)) {
    let slot = Math.max(at.getTime(), push.nextAttemptAt?.getTime() ?? 0);
    if (push.action === "create") {
      if (sequence.length >= N) slot = Math.max(slot, sequence[sequence.length - N] + W);
      slot = Math.max(slot, last);
      last = slot;
      sequence.push(slot);
    }
    if (push.slotAt?.getTime() !== slot) {
      await repo.updatePush(push.id, { slotAt: new Date(slot) }, tx);
    }
  }
}

export async function complianceOf(
  repo: PartnersRepository,
  partner: PartnerConnectionRow | null,
  at: Date,
): Promise<ComplianceStatus> {
  const maxArticles = partner?.maxArticles ?? 3;
  const windowHours = partner?.windowHours ?? 24;
  const description = `At most ${maxArticles} new articles per rolling ${windowHours} hours${partner ? ` to ${partner.name}` : ""}. Articles over the limit are queued and sent when the window opens.`;
  if (!partner) {
    return {
      statistics: { articlesLast24Hours: 0, articlesLast7Days: 0, averagePerDay: 0 },
      complianceRule: { maxArticles, windowHours, description },
      remaining: maxArticles,
      queued: 0,
      nextSlotAt: null,
      countingSince: null,
      partner: null,
    };
  }
  const since = (ms: number) =>
    new Date(Math.max(at.getTime() - ms, (partner.countFrom?.getTime() ?? 0) - 1));
  const last24 = await repo.countSent(partner.id, since(24 * hourMs));
  const last7d = await repo.countSent(partner.id, since(7 * 24 * hourMs));
  const inWindow = await repo.countSent(partner.id, windowStart(partner, at));
  const queued = await repo.queued(partner.id);
  return {
    statistics: {
      articlesLast24Hours: last24,
      articlesLast7Days: last7d,
      averagePerDay: Math.round((last7d / 7) * 10) / 10,
    },
    complianceRule: { maxArticles, windowHours, description },
    remaining: Math.max(0, maxArticles - inWindow),
    queued: queued.length,
    nextSlotAt: iso(queued[0]?.slotAt),
    countingSince: iso(partner.countFrom),
    partner: { id: partner.id, name: partner.name },
  };
}
