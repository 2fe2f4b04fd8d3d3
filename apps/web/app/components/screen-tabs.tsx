import Tabs, { type TabsProps } from "@mui/material/Tabs";
import { startTransition, useOptimistic } from "react";

type ScreenTabsProps<T> = Omit<TabsProps, "value" | "onChange"> & {
  value: T;
  onChange: (next: T) => void;
};

/**
 * MUI's Tabs for a tab that swaps a screen's panel: the tapped tab is marked in the next paint,
 * and the panel it opens renders after that, in a transition (the old panel stays until the new
 * one is ready). Without it the tap waits for the whole panel: opening the AI Generator from
 * Articles Management unmounts the article table and mounts the generator's form before anything
 * is painted, 0.6-1 s on a 4x-slowed phone (issue 35, decision 301).
 */
export function ScreenTabs<T>({ value, onChange, ...props }: ScreenTabsProps<T>) {
  const [shown, show] = useOptimistic(value);
  return (
    <Tabs
      {...props}
      value={shown}
      onChange={(_event, next: T) =>
        startTransition(() => {
          show(next);
          onChange(next);
        })
      }
    />
  );
}
