import { afterAll, describe, expect, it } from "vitest";
import { MemoryCounterStore } from "../src/lib/counters";
import { createViewVisitors } from "../src/modules/articles/view-visitors";

// Issue 22's privacy rule for anonymous views (decision 161): what is stored is a hash salted
// with the day, never the address, and nothing links a reader's views across days.
describe("anonymous view keys", () => {
  const counters = new MemoryCounterStore();
  afterAll(() => counters.close());
  let clock = Date.parse("2026-11-24T10:00:00Z");
  const visitors = createViewVisitors({
    secret: "a-test-secret-of-enough-length-for-hmac",
    counters,
    secureCookie: false,
    now: () => clock,
  });
  const reader = {
    address: "203.0.113.7",
    userAgent: "Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0",
    cookieHeader: undefined,
    userId: null,
  };

  it("keeps one key for a reader through a day, without the address in it", async () => {
    const first = await visitors.identify(reader);
    const again = await visitors.identify(reader);
    if (!first.counted || !again.counted) throw new Error("an anonymous reader is counted");
    expect(again.key).toBe(first.key);
    expect(first.key).not.toContain(reader.address);
    // The cookie's own id is not what is stored either.
    const cookieId = /aw_vid=([\w-]+)\./.exec(first.setCookie ?? "")?.[1];
    expect(cookieId).toBeTruthy();
    expect(first.key).not.toContain(cookieId);
    // The hourly cap counts by a hash of the address, not the address.
    expect(await counters.peek(`views:address:${reader.address}`)).toBeNull();
  });

  it("gives the same reader another key the next day, with or without the cookie", async () => {
    const today = await visitors.identify(reader);
    const cookie = /(aw_vid=[^;]+)/.exec(today.setCookie ?? "")?.[1];
    clock += 24 * 60 * 60 * 1000;
    const tomorrow = await visitors.identify(reader);
    const withCookie = await visitors.identify({ ...reader, cookieHeader: cookie });
    if (!today.counted || !tomorrow.counted || !withCookie.counted)
      throw new Error("an anonymous reader is counted");
    expect(tomorrow.key).not.toBe(today.key);
    expect(withCookie.key).toBe(tomorrow.key);
  });

  it("keeps a signed-in reader's account as the key", async () => {
    const signedIn = await visitors.identify({ ...reader, userId: 42 });
    expect(signedIn).toEqual({ counted: true, key: "user:42" });
  });
});
