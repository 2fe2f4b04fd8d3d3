import { formatCount } from "../lib/numbers";

/**
 * The y axis of a chart of counts (views, reads): whole numbers only, from 0, and a 0-to-1 axis when
 * every value is 0 (left alone, the charts draw 0.2 ... 1.0, or 0.00... on an empty chart).
 */
export function countAxis(values: readonly number[]) {
  const allZero = values.every((value) => value === 0);
  return {
    width: 48,
    min: 0,
    ...(allZero ? { max: 1 } : {}),
    tickMinStep: 1,
    valueFormatter: (value: number) => (Number.isInteger(value) ? formatCount(value) : ""),
  };
}
