import type { AuditEntry } from "@aurumwire/shared/audit";

const short = (value: unknown) => {
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 80)}...` : text;
};

/** "before → after" of a setting or a role, in a line; nothing when the entry has neither. */
export function describeChange(entry: Pick<AuditEntry, "before" | "after">): string {
  const { before, after } = entry;
  if (before === null && after === null) return "";
  if (
    before &&
    after &&
    typeof before === "object" &&
    typeof after === "object" &&
    "role" in before &&
    "role" in after
  ) {
    return `Role: ${String(before.role)} → ${String(after.role)}`;
  }
  if (before === null) return `Set to ${short(after)}`;
  if (after === null) return `Was ${short(before)}`;
  return `${short(before)} → ${short(after)}`;
}
