/** How `npm run bench` reports its scenarios: the table, its targets and the saved reference. */
import { readFileSync } from "node:fs";
import type { LoadResult } from "./load";

/** A ratio this much below the reference is a regression. */
const regressionTolerance = 0.1;

export interface Target {
  rps?: number;
  ratio?: number;
  p99?: number;
}

export interface Row {
  name: string;
  /** The round with the median ratio. */
  result: LoadResult;
  baselineRps: number;
  ratio: number;
  ratioSpread: [number, number];
  target?: Target;
}

export function readReference(
  referenceFile: string,
  benchSettings: Record<string, number>,
): { ratios: Record<string, number>; sameSettings: boolean } {
  try {
    const saved = JSON.parse(readFileSync(referenceFile, "utf8")) as {
      settings: Record<string, number>;
      ratios: Record<string, number>;
    };
    const sameSettings = JSON.stringify(saved.settings) === JSON.stringify(benchSettings);
    return { ratios: sameSettings ? saved.ratios : {}, sameSettings };
  } catch {
    return { ratios: {}, sameSettings: false };
  }
}

/** The table, and the names of scenarios whose ratio fell more than 10% below the reference. */
export function format(rows: Row[], reference: Record<string, number>) {
  const regressions: string[] = [];
  const lines = [
    "scenario".padEnd(40) +
      "req/s".padStart(9) +
      "baseline".padStart(10) +
      "ratio".padStart(9) +
      "spread".padStart(14) +
      "p50 ms".padStart(8) +
      "p99 ms".padStart(8) +
      "  targets and reference",
  ];
  for (const row of rows) {
    const { result, target, ratio } = row;
    const checks: string[] = [];
    if (target?.rps)
      checks.push(
        `>= ${target.rps} req/s ${result.requestsPerSecond >= target.rps ? "ok" : "MISSED"}`,
      );
    if (target?.ratio)
      checks.push(`>= ${target.ratio}x ${ratio >= target.ratio ? "ok" : "MISSED"}`);
    if (target?.p99)
      checks.push(`p99 < ${target.p99} ms ${result.p99Ms < target.p99 ? "ok" : "MISSED"}`);
    if (result.non2xx) checks.push(`${result.non2xx} non-2xx!`);
    const referenceRatio = reference[row.name];
    if (referenceRatio) {
      const change = ratio / referenceRatio - 1;
      // A regression only when the median AND the best round are below the tolerance: the median
      // alone swung +-30% between runs on a busy machine (issue 35); a round as fast as the
      // reference says the code can still do it, and the figure is noise.
      // The tolerance is 10% or this run's own spread, the larger: rounds that differ by 25%
      // between themselves cannot show a 10% change (issue 35, decision 245).
      const spread = (row.ratioSpread[1] - row.ratioSpread[0]) / ratio;
      const floor = referenceRatio * (1 - Math.max(regressionTolerance, spread));
      const belowMedian = ratio < floor;
      const regressed = belowMedian && row.ratioSpread[1] < floor;
      if (regressed) regressions.push(row.name);
      checks.push(
        `ref ${referenceRatio.toPrecision(3)} (${change >= 0 ? "+" : ""}${(change * 100).toFixed(0)}%, tolerance ${(Math.max(regressionTolerance, spread) * 100).toFixed(0)}%)${regressed ? " REGRESSION" : belowMedian ? " (below, but a round reached it: noise)" : ""}`,
      );
    }
    lines.push(
      row.name.padEnd(40) +
        result.requestsPerSecond.toFixed(0).padStart(9) +
        row.baselineRps.toFixed(0).padStart(10) +
        ratio.toPrecision(3).padStart(9) +
        `${row.ratioSpread[0].toPrecision(3)}-${row.ratioSpread[1].toPrecision(3)}`.padStart(14) +
        result.p50Ms.toFixed(2).padStart(8) +
        result.p99Ms.toFixed(2).padStart(8) +
        `  ${checks.join(", ")}`,
    );
  }
  return { table: lines.join("\n"), regressions };
}
