import { tooManyRequests } from "../../errors";
import type { CounterStore } from "../../lib/counters";

/**
 * Login throttling (decision 071). Three scopes, each with a few free attempts and then one turn
 * per growing delay (Ghost's approach), never a wall that an attacker can raise for others:
 *
 * - the account at one address: every attempt is counted *before* the password is checked, with
 *   an atomic increment (in Redis when configured), so concurrent guesses cannot all be evaluated;
 * - the account from every address, and the address over every account: counted on failure. They
 *   hold back only addresses that already failed for that account, so a correct password from an
 *   address that never failed for it goes through even while an attacker is locked out.
 */
export interface LoginThrottleOptions {
  counters: CounterStore;
  /** The first delay after the free attempts; doubles with each further attempt. */
  baseDelayMs?: number;
}

const windowMs = 60 * 60 * 1000;
const maxDelayMs = 15 * 60 * 1000;
const freeAttemptsPerAccountAndAddress = 5;
const freeFailuresPerAccount = 20;
const freeFailuresPerAddress = 50;

function lockedMessage(waitMs: number) {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  const wait =
    seconds < 60
      ? `${seconds} second${seconds === 1 ? "" : "s"}`
      : `${Math.ceil(seconds / 60)} minute${Math.ceil(seconds / 60) === 1 ? "" : "s"}`;
  return `Too many failed login attempts. Please try again in ${wait}.`;
}

export function createLoginThrottle({ counters, baseDelayMs = 60_000 }: LoginThrottleOptions) {
  const delayFor = (turnsBeyondFree: number) =>
    Math.min(maxDelayMs, baseDelayMs * 2 ** Math.min(20, Math.max(0, turnsBeyondFree - 1)));

  /**
   * Past the free budget, an attempt must take the scope's turn: the first caller creates the turn
   * key (count 1) and holds it for the delay; everyone else is refused until it expires.
   */
  async function takeTurn(scope: string, count: number, free: number) {
    if (count < free) return;
    const turn = await counters.hit(`login-turn:${scope}`, delayFor(count - free + 1));
    if (turn.count > 1) {
      const waitMs = Math.max(1000, turn.resetAt - Date.now());
      throw tooManyRequests(lockedMessage(waitMs), "login_locked", waitMs / 1000);
    }
  }

  return {
    /** Counts this attempt and refuses it (429) when its account, address or pair must wait. */
    async admit(email: string, address: string) {
      const pair = `pair:${email}:${address}`;
      const attempts = await counters.hit(`login-attempts:${pair}`, windowMs);
      // The first attempt of a pair in the window: this address never failed for this account.
      if (attempts.count > 1) {
        const [account, byAddress] = await Promise.all([
          counters.peek(`login-failures:account:${email}`),
          counters.peek(`login-failures:address:${address}`),
        ]);
        await takeTurn(`account:${email}`, account?.count ?? 0, freeFailuresPerAccount);
        await takeTurn(`address:${address}`, byAddress?.count ?? 0, freeFailuresPerAddress);
      }
      await takeTurn(pair, attempts.count, freeAttemptsPerAccountAndAddress);
    },

    async recordFailure(email: string, address: string) {
      await Promise.all([
        counters.hit(`login-failures:account:${email}`, windowMs),
        counters.hit(`login-failures:address:${address}`, windowMs),
      ]);
    },

    /** A correct password clears its pair; the account and address tallies keep running. */
    async recordSuccess(email: string, address: string) {
      const pair = `pair:${email}:${address}`;
      await Promise.all([
        counters.reset(`login-attempts:${pair}`),
        counters.reset(`login-turn:${pair}`),
      ]);
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
