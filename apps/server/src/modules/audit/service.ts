import {
  type AuditAction,
  type AuditEntry,
  type AuditLogQuery,
  type AuditLogResponse,
  auditPageSize,
} from "@aurumwire/shared/audit";
import type { Executor } from "../../db/client";
import type { AuditLogRow } from "../../db/schema";
import { pageOffset, pagination } from "../../lib/pagination";
import { requestContext } from "../../lib/request-context";
import type { AuditRepository } from "./repository";

/**
 * Who did it: a signed-in account, or null (a refused attempt before any sign-in). The name and
 * role are copied from the account when the entry is written.
 */
export type AuditActor = { id: number } | null;

/** What it was done to, and for settings and roles what it was before and after. */
export interface AuditDetails {
  target?: { type: string; id: string | number };
  summary?: string;
  before?: unknown;
  after?: unknown;
  /** Written in the caller's transaction, so the entry and the change stand or fall together. */
  tx?: Executor;
}

const dayMs = 24 * 60 * 60 * 1000;

function present(row: AuditLogRow): AuditEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actor: { id: row.actorId, name: row.actorName, role: row.actorRole },
    ipAddress: row.ipAddress,
    action: row.action,
    targetType: row.targetType,
    targetId: row.targetId,
    summary: row.summary,
    before: row.before ?? null,
    after: row.after ?? null,
  };
}

/**
 * The audit log (issue 31, decision 203). Other services call `record` (one line each) after a
 * change; the address comes from the request being served (lib/request-context.ts).
 */
export function createAuditService(deps: { repository: AuditRepository }) {
  const { repository } = deps;

  async function page(query: {
    actor?: number;
    action?: string;
    from?: Date;
    toExclusive?: Date;
    page: number;
  }): Promise<AuditLogResponse> {
    const limit = auditPageSize;
    const { rows, total } = await repository.page({
      actorId: query.actor,
      action: query.action,
      from: query.from,
      toExclusive: query.toExclusive,
      limit,
      offset: pageOffset({ page: query.page, limit }),
    });
    return {
      entries: rows.map(present),
      pagination: pagination({ page: query.page, limit }, total, { atLeastOnePage: true }),
    };
  }

  return {
    async record(actor: AuditActor, action: AuditAction, details: AuditDetails = {}) {
      await repository.insert(
        {
          actorId: actor?.id ?? null,
          ipAddress: requestContext.current()?.ip ?? "",
          action,
          targetType: details.target?.type ?? null,
          targetId: details.target ? String(details.target.id) : null,
          summary: details.summary?.slice(0, 500) ?? "",
          before: details.before ?? null,
          after: details.after ?? null,
        },
        details.tx,
      );
    },

    async list(query: AuditLogQuery): Promise<AuditLogResponse> {
      // A date alone means the whole day: "to 2026-01-31" includes that day.
      const dateOnly = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);
      const from = query.from ? new Date(query.from) : undefined;
      const toExclusive = query.to
        ? new Date(new Date(query.to).getTime() + (dateOnly(query.to) ? dayMs : 1))
        : undefined;
      return page({ ...query, from, toExclusive });
    },

    /** One article's entries, newest first, for its history beside the revisions. */
    async forTarget(type: string, id: string | number): Promise<AuditEntry[]> {
      const { rows } = await repository.page({
        targetType: type,
        targetId: String(id),
        limit: 200,
        offset: 0,
      });
      return rows.map(present);
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
