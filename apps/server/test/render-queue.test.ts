import { describe, expect, it } from "vitest";
import { createRenderQueue, RenderQueueFullError } from "../src/lib/render-queue";

/** A task the test finishes when it wants, recording when it started. */
function heldTask(name: string, started: string[]) {
  let finish: () => void = () => {};
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return {
    run: async () => {
      started.push(name);
      await done;
      return name;
    },
    finish: () => finish(),
  };
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe("render queue", () => {
  it("runs a few at once, lets a bounded number wait, and refuses the next public task at once", async () => {
    const queue = createRenderQueue({ concurrency: 2, maxWaiting: 1, maxWaitMs: 500 });
    const started: string[] = [];
    const tasks = ["a", "b", "c"].map((name) => heldTask(name, started));
    const results = tasks.map((task) => queue.run(task.run));
    await nextTurn();
    expect(started).toEqual(["a", "b"]);
    expect(queue.full).toBe(true);
    await expect(queue.run(async () => "d")).rejects.toBeInstanceOf(RenderQueueFullError);
    tasks[0].finish();
    await nextTurn();
    expect(started).toEqual(["a", "b", "c"]);
    tasks[1].finish();
    tasks[2].finish();
    expect(await Promise.all(results)).toEqual(["a", "b", "c"]);
    expect(queue.running).toBe(0);
  });

  it("never refuses staff tasks and starts them before waiting public ones", async () => {
    const queue = createRenderQueue({ concurrency: 1, maxWaiting: 1, maxWaitMs: 500 });
    const started: string[] = [];
    const first = heldTask("public-1", started);
    const waitingPublic = heldTask("public-2", started);
    const staff = [heldTask("staff-1", started), heldTask("staff-2", started)];
    const results = [
      queue.run(first.run),
      queue.run(waitingPublic.run),
      ...staff.map((task) => queue.run(task.run, { priority: true })),
    ];
    await nextTurn();
    for (const task of [first, ...staff, waitingPublic]) {
      task.finish();
      await nextTurn();
    }
    expect(await Promise.all(results)).toEqual(["public-1", "public-2", "staff-1", "staff-2"]);
    expect(started).toEqual(["public-1", "staff-1", "staff-2", "public-2"]);
  });

  it("refuses public tasks once the oldest waiting one has waited too long", async () => {
    let now = 0;
    const queue = createRenderQueue({
      concurrency: 1,
      maxWaiting: 10,
      maxWaitMs: 500,
      now: () => now,
    });
    const started: string[] = [];
    const running = heldTask("running", started);
    const early = heldTask("early", started);
    const results = [queue.run(running.run), queue.run(early.run)];
    now = 400;
    const inTime = heldTask("in-time", started);
    results.push(queue.run(inTime.run));
    now = 501;
    await expect(queue.run(async () => "late")).rejects.toBeInstanceOf(RenderQueueFullError);
    // Staff still get in, and once the queue drains public tasks are taken again.
    const staff = heldTask("staff", started);
    results.push(queue.run(staff.run, { priority: true }));
    for (const task of [running, staff, early, inTime]) {
      task.finish();
      await nextTurn();
    }
    expect(await queue.run(async () => "after")).toBe("after");
    expect(await Promise.all(results)).toEqual(["running", "early", "in-time", "staff"]);
  });
});
