// The newsroom's view of a load test, from a process of its own (the load generator's busy event
// loop would otherwise be measured too): one staff API request at a time, every 100 ms, until the
// parent says "stop"; then the latencies go back to the parent.
const [, , url, token] = process.argv;
const samples = [];
let failures = 0;
let running = true;
process.on("message", (message) => {
  if (message === "stop") running = false;
});
process.send?.("ready");
while (running) {
  const started = performance.now();
  try {
    const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    await response.arrayBuffer();
    if (!response.ok) failures += 1;
  } catch {
    failures += 1;
  }
  samples.push(performance.now() - started);
  await new Promise((resolve) => setTimeout(resolve, 100));
}
process.send?.({ samples, failures }, () => process.exit(0));
