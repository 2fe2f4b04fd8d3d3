import { describe, expect, it } from "vitest";
import { readEvents } from "./ai-writer";

function streamOf(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

describe("readEvents", () => {
  it("reads events split anywhere across chunks and skips keep-alive comments", async () => {
    const text =
      'event: progress\ndata: {"step":"sources","message":"Finding sources"}\n\n' +
      ": keep-alive\n\n" +
      'event: result\ndata: {"article":{"title":"Bitcoin \\u00e9t\\u00e9"}}\n\n';
    const chunks = [text.slice(0, 7), text.slice(7, 40), text.slice(40, 95), text.slice(95)];
    const events = [];
    for await (const event of readEvents(streamOf(chunks))) events.push(event);
    expect(events).toEqual([
      { event: "progress", data: { step: "sources", message: "Finding sources" } },
      { event: "result", data: { article: { title: "Bitcoin été" } } },
    ]);
  });
});
