import { type ClientRequest, createServer, get, request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, type Locator, type Page } from "@playwright/test";

/**
 * What stands between a reader and `GET /api/stream` in the fallback tests (issue 34): a proxy
 * that buffers Server-Sent Events, and other clients that hold the server's connection caps.
 */

/** Hop-by-hop headers a proxy does not pass on. */
const hopByHop = new Set(["connection", "keep-alive", "transfer-encoding"]);

/**
 * A reverse proxy in front of `target` that passes every answer on, except that an event stream's
 * body is held until the stream ends (never, for ours): a proxy with response buffering on and no
 * regard for `X-Accel-Buffering`. The headers go out at once, so the browser's EventSource opens
 * and then hears nothing.
 */
export async function startBufferingProxy(target: string) {
  let streamsOpen = 0;
  let streamRequests = 0;
  const server = createServer((incoming, response) => {
    const upstream = httpRequest(
      new URL(incoming.url ?? "/", target),
      { method: incoming.method, headers: incoming.headers, agent: false },
      (answer) => {
        const headers = Object.fromEntries(
          Object.entries(answer.headers).filter(([name]) => !hopByHop.has(name)),
        );
        response.writeHead(answer.statusCode ?? 502, headers);
        if (!String(answer.headers["content-type"]).startsWith("text/event-stream")) {
          answer.pipe(response);
          return;
        }
        streamsOpen += 1;
        streamRequests += 1;
        response.flushHeaders();
        const held: Buffer[] = [];
        answer.on("data", (chunk: Buffer) => held.push(chunk));
        answer.on("end", () => response.end(Buffer.concat(held)));
        response.on("close", () => {
          streamsOpen -= 1;
          answer.destroy();
        });
      },
    );
    upstream.on("error", () => response.destroy());
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    /** Event streams the proxy holds open for a browser now. */
    streamsOpen: () => streamsOpen,
    streamRequests: () => streamRequests,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/**
 * Opens one `GET /api/stream` per local address given (127.0.0.x: Linux answers on all of
 * 127/8), one after the other, each held open until `close`: other readers taking the server's
 * places, per address or in all.
 */
export async function holdStreams(baseURL: string, localAddresses: string[]) {
  const held: ClientRequest[] = [];
  const close = () => {
    for (const request of held) request.destroy();
  };
  try {
    for (const localAddress of localAddresses) {
      await new Promise<void>((resolve, reject) => {
        const request = get(`${baseURL}/api/stream`, { localAddress, agent: false }, (answer) => {
          answer.resume();
          if (answer.statusCode === 200) resolve();
          else reject(new Error(`a held stream was refused: ${answer.statusCode}`));
        });
        held.push(request);
        request.on("error", reject);
      });
    }
  } catch (error) {
    close();
    throw error;
  }
  return { close };
}

/** Elements with a live region's role or attribute at or above `root`, or inside it. */
export async function liveRegionsAround(root: Locator): Promise<string[]> {
  return root.evaluate((element) => {
    const liveRoles = ["status", "log", "alert", "marquee", "timer"];
    const isLive = (node: Element) =>
      (node.getAttribute("aria-live") ?? "off") !== "off" ||
      liveRoles.includes(node.getAttribute("role") ?? "") ||
      node.tagName === "OUTPUT";
    const outline = (node: Element) => node.outerHTML.slice(0, 120);
    const found: string[] = [];
    for (let node: Element | null = element; node; node = node.parentElement) {
      if (isLive(node)) found.push(outline(node));
    }
    for (const node of element.querySelectorAll("*")) if (isLive(node)) found.push(outline(node));
    return found;
  });
}

/** The seconds of the day shown in "Live · 14:03:22". */
export function shownSeconds(text: string): number {
  const match = /Live · (\d\d):(\d\d):(\d\d)/.exec(text);
  expect(match, `a time in "${text}"`).toBeTruthy();
  const [, hours, minutes, seconds] = match!.map(Number);
  return hours! * 3600 + minutes! * 60 + seconds!;
}

/** The seconds of the day of a time on this machine (the browser's zone is this machine's). */
export function secondsOfDay(at: Date): number {
  return at.getHours() * 3600 + at.getMinutes() * 60 + at.getSeconds();
}

/** Marks the document; `sameDocument` is true while no reload or navigation replaced it. */
export async function markDocument(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { awMarked: boolean }).awMarked = true;
  });
  return {
    sameDocument: () =>
      page.evaluate(() => (window as unknown as { awMarked?: boolean }).awMarked === true),
  };
}
