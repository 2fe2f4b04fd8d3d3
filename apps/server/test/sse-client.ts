import { type ClientRequest, type IncomingMessage, request } from "node:http";

/**
 * A Server-Sent Events reader for tests: opens GET on a real server, parses `id`, `event` and
 * `data` lines into events and keeps comment lines (heartbeats) apart. `next` waits for the next
 * event that matches; a test bounds the wait only to catch a hang.
 */
export interface SseEvent {
  id: string | null;
  event: string;
  data: string;
}

export async function openSse(url: string, headers: Record<string, string> = {}) {
  const events: SseEvent[] = [];
  const comments: string[] = [];
  const waiters: Array<() => void> = [];
  let buffer = "";
  let ended = false;
  const { response, req } = await new Promise<{ response: IncomingMessage; req: ClientRequest }>(
    (resolve, reject) => {
      const req = request(url, { headers: { accept: "text/event-stream", ...headers } }, (res) =>
        resolve({ response: res, req }),
      );
      req.on("error", reject);
      req.end();
    },
  );
  const wake = () => {
    for (const waiter of waiters.splice(0)) waiter();
  };
  response.setEncoding("utf8");
  response.on("data", (chunk: string) => {
    buffer += chunk;
    let end = buffer.indexOf("\n\n");
    while (end !== -1) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event: SseEvent = { id: null, event: "message", data: "" };
      let isEvent = false;
      for (const line of block.split("\n")) {
        if (line.startsWith(":")) comments.push(line.slice(1).trim());
        else if (line.startsWith("id: ")) event.id = line.slice(4);
        else if (line.startsWith("event: ")) {
          event.event = line.slice(7);
          isEvent = true;
        } else if (line.startsWith("data: ")) {
          event.data += line.slice(6);
          isEvent = true;
        }
      }
      if (isEvent) events.push(event);
      end = buffer.indexOf("\n\n");
    }
    wake();
  });
  response.on("end", () => {
    ended = true;
    wake();
  });
  response.on("error", () => {
    ended = true;
    wake();
  });
  let read = 0;
  return {
    status: response.statusCode ?? 0,
    headers: response.headers,
    events,
    comments,
    isEnded: () => ended,
    /** The next unread event for which `match` holds (others are skipped). */
    async next(match: (event: SseEvent) => boolean = () => true): Promise<SseEvent> {
      for (;;) {
        while (read < events.length) {
          const event = events[read++]!;
          if (match(event)) return event;
        }
        if (ended) throw new Error("the stream ended");
        await new Promise<void>((resolve) => waiters.push(resolve));
      }
    },
    /** Waits until `check` holds for what arrived so far (or the stream ends). */
    async until(check: () => boolean): Promise<void> {
      while (!check()) {
        if (ended) throw new Error("the stream ended");
        await new Promise<void>((resolve) => waiters.push(resolve));
      }
    },
    /** Stops reading (the socket stays open): a slow consumer. */
    pause: () => response.pause(),
    /** Reads again after `pause`. */
    resume: () => response.resume(),
    close() {
      req.destroy();
    },
  };
}

export type SseClient = Awaited<ReturnType<typeof openSse>>;
