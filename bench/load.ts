import { spawnSync } from "node:child_process";
import autocannon from "autocannon";

export interface LoadResult {
  /** Successful answers (2xx) per second: a quick 503 from the render queue is not an answer. */
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  tool: "wrk" | "autocannon";
}

const hasWrk = spawnSync("wrk", ["--version"]).error === undefined;

function toMs(value: string): number {
  const match = /^([\d.]+)(us|ms|s|m)$/.exec(value.trim());
  if (!match) return Number.NaN;
  const number = Number(match[1]);
  return { us: number / 1000, ms: number, s: number * 1000, m: number * 60_000 }[
    match[2] as "us" | "ms" | "s" | "m"
  ];
}

/** wrk from Debian when installed (-t2 -c64 --latency --timeout 30s), else autocannon. */
export async function measure(url: string, seconds: number, connections = 64): Promise<LoadResult> {
  if (hasWrk) {
    const run = spawnSync(
      "wrk",
      ["-t2", `-c${connections}`, `-d${seconds}s`, "--latency", "--timeout", "30s", url],
      { encoding: "utf8" },
    );
    const output = run.stdout;
    // wrk's Requests/sec counts every answer, the render queue's quick 503s too (issue 35): the
    // rate is taken from the answers that were not errors, over the run's own duration.
    const total = /(\d+) requests in ([\d.]+)(us|ms|s|m),/.exec(output);
    const answered = Number(total?.[1] ?? Number.NaN);
    const duration = total ? toMs(`${total[2]}${total[3]}`) / 1000 : Number.NaN;
    const p50 = toMs(/\s50%\s+(\S+)/.exec(output)?.[1] ?? "");
    const p99 = toMs(/\s99%\s+(\S+)/.exec(output)?.[1] ?? "");
    const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(output)?.[1] ?? 0);
    return {
      requestsPerSecond: (answered - non2xx) / duration,
      p50Ms: p50,
      p99Ms: p99,
      non2xx,
      tool: "wrk",
    };
  }
  const result = await autocannon({ url, connections, duration: seconds, timeout: 30 });
  return {
    requestsPerSecond: result["2xx"] / result.duration,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    tool: "autocannon",
  };
}
