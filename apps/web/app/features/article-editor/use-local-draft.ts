import { useCallback, useEffect, useRef, useState } from "react";
import type { ArticleFormValues } from "./article-form-values";
import {
  clearLocalDraft,
  draftDiffers,
  type LocalDraft,
  readLocalDraft,
  writeLocalDraft,
} from "./local-draft";

/** Typing is copied to this browser at most this long after it happened. */
const writeDelayMs = 1000;

/**
 * Keeps the editor's unsaved form in this browser (local-draft.ts) and offers it back: restored
 * at once after a session ran out (the 401 went to the login page and came back), offered with
 * Restore and Discard after anything else (a crash, a closed tab).
 */
export function useLocalDraft(options: {
  /** null until the signed-in account is known. */
  storageKey: string | null;
  getValues: () => ArticleFormValues;
  isDirty: boolean;
  baseUpdatedAt: string | null;
  /** Put these values in the form (a restore). */
  onRestore: (values: ArticleFormValues) => void;
  /** The session ended (401): the draft is written; let the page go to the login. */
  onSignedOut: () => void;
}) {
  const { storageKey } = options;
  const latest = useRef(options);
  latest.current = options;
  const [savedAt, setSavedAt] = useState<Date | null>(null);
  const [offer, setOffer] = useState<LocalDraft | null>(null);
  const timer = useRef<number | undefined>(undefined);
  // After Discard, Leave or a save, nothing is written until the next edit.
  const suppressed = useRef(false);

  const writeNow = useCallback(
    (extra: Partial<LocalDraft> = {}) => {
      window.clearTimeout(timer.current);
      timer.current = undefined;
      if (!storageKey || suppressed.current || !latest.current.isDirty) return;
      const now = new Date();
      const written = writeLocalDraft(window.localStorage, storageKey, {
        values: latest.current.getValues(),
        savedAt: now.toISOString(),
        baseUpdatedAt: latest.current.baseUpdatedAt,
        ...extra,
      });
      if (written) setSavedAt(now);
    },
    [storageKey],
  );

  /** Call on every change of the form: the copy follows within a second. */
  const noteChange = useCallback(() => {
    suppressed.current = false;
    if (timer.current !== undefined) return;
    timer.current = window.setTimeout(() => writeNow(), writeDelayMs);
  }, [writeNow]);

  useEffect(() => {
    const onSignedOut = () => {
      writeNow({ signedOut: true });
      // The editor unmounts next (the dashboard asks for a sign-in): that must not write the
      // copy again without its mark.
      suppressed.current = true;
      latest.current.onSignedOut();
    };
    const onPageHide = () => writeNow();
    window.addEventListener("aurumwire:signed-out", onSignedOut);
    window.addEventListener("pagehide", onPageHide);
    return () => {
      window.removeEventListener("aurumwire:signed-out", onSignedOut);
      window.removeEventListener("pagehide", onPageHide);
      // Leaving the editor inside the app: what was typed in the last second is kept too.
      writeNow();
    };
  }, [writeNow]);

  /** Once the form shows the stored article (or the empty form): is there more in this browser? */
  const checkForDraft = useCallback(() => {
    if (!storageKey) return;
    const draft = readLocalDraft(window.localStorage, storageKey);
    if (!draft || !draftDiffers(draft, latest.current.getValues())) return;
    if (draft.signedOut) {
      latest.current.onRestore(draft.values);
      writeLocalDraft(window.localStorage, storageKey, { ...draft, signedOut: false });
      setSavedAt(new Date(draft.savedAt));
      return "restored" as const;
    }
    setOffer(draft);
    return "offered" as const;
  }, [storageKey]);

  return {
    savedAt,
    offer,
    noteChange,
    checkForDraft,
    restore() {
      if (!offer) return;
      latest.current.onRestore(offer.values);
      setSavedAt(new Date(offer.savedAt));
      setOffer(null);
    },
    /** The draft is not wanted (Discard, or Leave without saving). */
    discard() {
      suppressed.current = true;
      window.clearTimeout(timer.current);
      timer.current = undefined;
      if (storageKey) clearLocalDraft(window.localStorage, storageKey);
      setOffer(null);
      setSavedAt(null);
    },
    /** After a successful save: the server has it now. */
    saved() {
      suppressed.current = true;
      window.clearTimeout(timer.current);
      timer.current = undefined;
      if (storageKey) clearLocalDraft(window.localStorage, storageKey);
      setSavedAt(null);
    },
  };
}
