import { describe, expect, it } from "vitest";
import { emptyArticleForm } from "./article-form-values";
import {
  clearLocalDraft,
  draftDiffers,
  localDraftKey,
  readLocalDraft,
  writeLocalDraft,
} from "./local-draft";

/** A Storage in memory, as the browser's localStorage behaves. */
function memoryStorage(failWrites = false): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => {
      items.delete(key);
    },
    setItem: (key, value) => {
      if (failWrites) throw new DOMException("full", "QuotaExceededError");
      items.set(key, String(value));
    },
  };
}

describe("local drafts", () => {
  const values = { ...emptyArticleForm, title: "Bitcoin halving notes", content: "<p>Hi</p>" };

  it("keeps one draft per account and article", () => {
    expect(localDraftKey(3, 12)).toBe("article-draft:3:12");
    expect(localDraftKey(3, undefined)).toBe("article-draft:3:new");
  });

  it("reads back what it wrote, and forgets it on clear", () => {
    const storage = memoryStorage();
    const key = localDraftKey(1, 5);
    const draft = { values, savedAt: "2026-01-01T10:00:00.000Z", baseUpdatedAt: null };
    expect(writeLocalDraft(storage, key, draft)).toBe(true);
    expect(readLocalDraft(storage, key)).toEqual(draft);
    clearLocalDraft(storage, key);
    expect(readLocalDraft(storage, key)).toBeNull();
  });

  it("ignores what is not a draft, and survives a full storage", () => {
    const storage = memoryStorage();
    storage.setItem("a", "{not json");
    storage.setItem("b", JSON.stringify({ values: { title: 1 }, savedAt: "x" }));
    expect(readLocalDraft(storage, "a")).toBeNull();
    expect(readLocalDraft(storage, "b")).toBeNull();
    const full = memoryStorage(true);
    expect(
      writeLocalDraft(full, "c", {
        values,
        savedAt: "2026-01-01T10:00:00.000Z",
        baseUpdatedAt: null,
      }),
    ).toBe(false);
  });

  it("tells whether a draft holds more than the form shows", () => {
    const draft = { values, savedAt: "2026-01-01T10:00:00.000Z", baseUpdatedAt: null };
    expect(draftDiffers(draft, { ...values })).toBe(false);
    expect(draftDiffers(draft, { ...values, title: "Other" })).toBe(true);
  });
});
