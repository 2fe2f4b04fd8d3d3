import type { AddressGuard } from "../../../lib/outbound-http";
import { adapterContext } from "./context";
import { ghostAdapter } from "./ghost";
import {
  type Limits,
  type PartnerAdapter,
  type PartnerConnectionSettings,
  partnerTimeouts,
  type RemoteRefs,
} from "./types";
import { webhookAdapter } from "./webhook";
import { wordpressAdapter } from "./wordpress";

export * from "./types";

/** The adapter of a connection's kind (one file per platform behind one interface). */
export function createPartnerAdapter(
  settings: PartnerConnectionSettings,
  options: { timeoutMs?: number; now?: () => number; refs: RemoteRefs; guard?: AddressGuard },
): PartnerAdapter {
  const limits: Limits = {
    ...partnerTimeouts,
    timeoutMs: options.timeoutMs ?? partnerTimeouts.timeoutMs,
    guard: options.guard,
  };
  const context = adapterContext(settings, limits, options.refs, options.now ?? Date.now);
  if (settings.kind === "wordpress") return wordpressAdapter(context);
  if (settings.kind === "ghost") return ghostAdapter(context);
  return webhookAdapter(context);
}
