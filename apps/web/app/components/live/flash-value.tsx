import { type ReactNode, useEffect, useRef, useState } from "react";
import "./live.css";

/**
 * A number that lights up briefly when it changes (green up, red down; decision 235). With
 * prefers-reduced-motion the colour does not flash. Never announced: no aria-live per tick.
 */
export function FlashValue({ value, children }: { value: number | null; children: ReactNode }) {
  const previous = useRef(value);
  const [flash, setFlash] = useState<{ direction: "up" | "down"; count: number } | null>(null);
  useEffect(() => {
    const before = previous.current;
    previous.current = value;
    if (before === null || value === null || before === value) return;
    setFlash((current) => ({
      direction: value > before ? "up" : "down",
      count: (current?.count ?? 0) + 1,
    }));
  }, [value]);
  return (
    <span
      // A new key restarts the animation on every change.
      key={flash?.count ?? 0}
      className={flash ? `aw-flash aw-flash--${flash.direction}` : undefined}
    >
      {children}
    </span>
  );
}
