import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createCoinbaseStream } from "../src/modules/market-data/coinbase-stream";
import type { MarketStream, UpstreamState } from "../src/modules/market-data/exchange-socket";
import { type FakeCoinbaseFeed, startFakeCoinbaseFeed } from "./fake-coinbase-feed";

/**
 * The exchange socket's reconnect back-off (decision 230), with its production defaults: the first
 * wait 1 s, doubling to 60 s, jitter between half the step and the step, and the first step again
 * once a connection stayed live for 30 s. The feed is a real local WebSocket server that refuses
 * the handshake (503) or drops the connection; the waits are read on fake timers (a reconnect is
 * due exactly when its timer fires, never raced against the clock). Only the socket's timers and
 * the clock are fake: the feed's heartbeats and the network stay real.
 */

describe("exchange reconnect back-off", () => {
  let feed: FakeCoinbaseFeed;
  let stream: MarketStream | null = null;
  /** What the socket told, each with the (fake) time it told it. */
  let states: Array<{ state: UpstreamState; at: number }> = [];
  let wake: Array<() => void> = [];

  /** Resolves once `count` states `state` were told (I/O is real: the drop comes when it comes). */
  const told = (state: UpstreamState, count: number) =>
    new Promise<void>((resolve) => {
      const check = () => {
        if (states.filter((entry) => entry.state === state).length >= count) resolve();
        else wake.push(check);
      };
      check();
    });
  const attempts = () => states.filter((entry) => entry.state === "connecting").length;

  function open(stallMs?: number) {
    stream = createCoinbaseStream({
      url: feed.url,
      products: { "BTC-USD": "BTC" },
      stallMs,
      handlers: {
        onTick() {},
        onGap() {},
        onState(state) {
          states.push({ state, at: Date.now() });
          for (const waiter of wake.splice(0)) waiter();
        },
      },
    });
    stream.start();
  }

  /**
   * The connection went down (the `downs`-th time): no new attempt until `wait` has passed, one
   * exactly then.
   */
  async function expectRetryAfter(downs: number, wait: number) {
    await told("down", downs);
    const before = attempts();
    vi.advanceTimersByTime(wait - 1);
    expect(attempts(), `no attempt before ${wait} ms`).toBe(before);
    vi.advanceTimersByTime(1);
    expect(attempts(), `an attempt after ${wait} ms`).toBe(before + 1);
  }

  beforeAll(async () => {
    // Started before the timers are faked: its heartbeats run on real time.
    feed = await startFakeCoinbaseFeed({ heartbeatMs: 100 });
  });
  afterEach(() => {
    stream?.stop();
    stream = null;
    states = [];
    wake = [];
    feed.setRefusing(false);
    vi.useRealTimers();
    vi.restoreAllMocks();
  });
  afterAll(async () => {
    await feed?.close();
  });

  const fakeTimers = () =>
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"], now: 1_000_000 });

  it("doubles the wait from 1 s after each refused connection, up to 60 s", async () => {
    fakeTimers();
    // The top of each jitter range: the waits are the steps themselves.
    vi.spyOn(Math, "random").mockReturnValue(1);
    feed.setRefusing(true);
    open();
    const steps = [1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000];
    for (const [index, wait] of steps.entries()) await expectRetryAfter(index + 1, wait);
  });

  it("jitters each wait down to half its step", async () => {
    fakeTimers();
    vi.spyOn(Math, "random").mockReturnValue(0);
    feed.setRefusing(true);
    open();
    const halves = [500, 1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000];
    for (const [index, wait] of halves.entries()) await expectRetryAfter(index + 1, wait);
  });

  it("starts from the first step again after a connection stayed live for 30 s", async () => {
    fakeTimers();
    vi.spyOn(Math, "random").mockReturnValue(1);
    feed.setRefusing(true);
    // No stall while the fake clock jumps 30 s: the feed's heartbeats come on real time.
    open(10 * 60_000);
    await expectRetryAfter(1, 1_000);
    await told("down", 2);
    // The third attempt is accepted and goes live, but is dropped at once: the back-off goes on.
    feed.setRefusing(false);
    await expectRetryAfter(2, 2_000);
    await told("live", 1);
    feed.dropAll();
    await expectRetryAfter(3, 4_000);
    // Live for 30 s, then dropped: the first step again, and doubling from there.
    await told("live", 2);
    vi.advanceTimersByTime(30_000);
    feed.dropAll();
    await expectRetryAfter(4, 1_000);
    await told("live", 3);
    feed.dropAll();
    await expectRetryAfter(5, 2_000);
  });
});
