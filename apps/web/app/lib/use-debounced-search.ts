import { intervals } from "@aurumwire/shared/limits";
import { useEffect, useRef, useState } from "react";

/**
 * A search box of a management screen (spec point 2): what is typed applies by itself once typing
 * stops for `intervals.searchDebounceMs`, or at once on Enter (`applyNow`). `onApply` runs each
 * time a new search applies, for example to go back to the first page.
 */
export function useDebouncedSearch(onApply?: () => void) {
  const [input, setInput] = useState("");
  const [search, setSearch] = useState("");
  const onApplyRef = useRef(onApply);
  onApplyRef.current = onApply;

  useEffect(() => {
    const next = input.trim();
    if (next === search) return;
    const timer = window.setTimeout(() => {
      setSearch(next);
      onApplyRef.current?.();
    }, intervals.searchDebounceMs);
    return () => window.clearTimeout(timer);
  }, [input, search]);

  const applyNow = () => {
    setSearch(input.trim());
    onApplyRef.current?.();
  };
  return { input, setInput, search, applyNow };
}
