import type { ArticleFormValues } from "./article-form-values";

/**
 * The editor's copy of unsaved work in this browser (decision 130): one per account and article
 * ("new" for one not saved yet), written a second after typing and at once when the session ends
 * or the tab goes away, removed after a successful save. A crash, a closed tab or a session that
 * ran out loses at most about a second of typing.
 */
export interface LocalDraft {
  values: ArticleFormValues;
  /** When it was written (ISO). */
  savedAt: string;
  /** The stored version it was based on (`updatedAt`), null for a new article. */
  baseUpdatedAt: string | null;
  /** Written because the session ended (a 401): restored without asking on return. */
  signedOut?: boolean;
}

const prefix = "article-draft:";

export function localDraftKey(userId: number, articleId: number | undefined): string {
  return `${prefix}${userId}:${articleId ?? "new"}`;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === "object" && !Array.isArray(value);

/** The draft under `key`, or null when there is none or it is not one of ours. */
export function readLocalDraft(storage: Storage, key: string): LocalDraft | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(storage.getItem(key) ?? "null");
  } catch {
    return null;
  }
  if (!isRecord(parsed) || !isRecord(parsed.values) || typeof parsed.savedAt !== "string") {
    return null;
  }
  const values = parsed.values;
  if (
    typeof values.title !== "string" ||
    typeof values.excerpt !== "string" ||
    typeof values.content !== "string" ||
    !Array.isArray(values.tags)
  ) {
    return null;
  }
  return parsed as unknown as LocalDraft;
}

/** Writes the draft; a full or disabled storage only costs the local copy, never the form. */
export function writeLocalDraft(storage: Storage, key: string, draft: LocalDraft): boolean {
  try {
    storage.setItem(key, JSON.stringify(draft));
    return true;
  } catch {
    return false;
  }
}

export function clearLocalDraft(storage: Storage, key: string) {
  try {
    storage.removeItem(key);
  } catch {
    // nothing kept, nothing to remove
  }
}

/** Whether the draft holds anything the form does not already show. */
export function draftDiffers(draft: LocalDraft, current: ArticleFormValues): boolean {
  return JSON.stringify(draft.values) !== JSON.stringify(current);
}
