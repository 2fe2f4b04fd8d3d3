// A local stand-in for Ollama in the e2e run (no model can run here): it speaks Ollama's real
// protocol (GET /api/tags, POST /api/chat streaming NDJSON) and answers an outline for
// `format: "json"` requests, a sentiment reading for a sentiment batch, and a section for the
// others, slowly enough to watch the progress.
import { createServer } from "node:http";

const port = Number(process.env.FAKE_OLLAMA_PORT);
const delayMs = Number(process.env.FAKE_OLLAMA_DELAY_MS ?? 150);
const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const outline = {
  title: "Bitcoin Mining After the Halving: Who Keeps Up",
  excerpt:
    "What our archive says about mining economics after a block reward cut: costs, hash rate and which miners feel it first.",
  metaTitle: "Bitcoin Mining After the Halving: Costs, Hash Rate, Miners",
  metaDescription:
    "How a bitcoin halving changes mining economics, why hash rate often dips afterwards, and which miners feel the squeeze first, from our own reporting.",
  tags: ["bitcoin", "mining", "halving"],
  sections: [
    { heading: "The reward cut", points: "what halves [1]" },
    { heading: "Costs and hash rate", points: "energy" },
    { heading: "Who feels it first", points: "older machines" },
  ],
};

function section(number) {
  return `<p>Section ${number}: mining revenue depends on the block reward and fees [1]. One desk's illustrative target of $250,000 appears in no source and must be checked.</p><p>Miners running older machines are squeezed first when revenue falls, and the network's difficulty adjusts in response.</p>`;
}

/**
 * A sentiment batch (decision 260): one entry per "Text N (coins: ...)" block, bullish or bearish
 * by a few words, else neutral, quoting the word it went by.
 */
function sentiment(asked) {
  const results = asked
    .split(/\n\n(?=Text \d+ \(coins: )/)
    .filter((block) => /^Text \d+/.test(block))
    .map((block) => {
      const lower = block.toLowerCase();
      const up = ["surge", "rally", "approval", "record high"].find((w) => lower.includes(w));
      const down = ["hack", "exploit", "plunge", "outflows", "halted"].find((w) =>
        lower.includes(w),
      );
      const label = down ? "negative" : up ? "positive" : "neutral";
      const coins = (/\(coins: ([^)]*)\)/.exec(block)?.[1] ?? "none").split(", ");
      return {
        id: Number(/^Text (\d+)/.exec(block)?.[1]),
        label,
        score: label === "positive" ? 0.7 : label === "negative" ? -0.7 : 0,
        confidence: 0.85,
        coins: Object.fromEntries(coins.filter((c) => c !== "none").map((c) => [c, label])),
        phrases: [down ?? up].filter(Boolean),
      };
    });
  return JSON.stringify({ results });
}

createServer(async (request, response) => {
  const chunks = [];
  for await (const chunk of request) chunks.push(chunk);
  const url = new URL(request.url ?? "/", "http://127.0.0.1");
  if (request.method === "GET" && url.pathname === "/api/tags") {
    response.setHeader("content-type", "application/json");
    response.end(
      JSON.stringify({ models: [{ name: "llama3.1:latest", model: "llama3.1:latest" }] }),
    );
    return;
  }
  if (request.method === "POST" && url.pathname === "/api/chat") {
    const body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    const asked = body.messages.at(-1).content;
    const number = /Write section (\d+) of/.exec(asked)?.[1] ?? "1";
    const text = /classify the sentiment/i.test(body.messages[0]?.content ?? "")
      ? sentiment(asked)
      : body.format === "json"
        ? JSON.stringify(outline)
        : section(number);
    response.setHeader("content-type", "application/x-ndjson");
    for (let index = 0; index < text.length; index += 80) {
      if (response.destroyed) return;
      const message = { role: "assistant", content: text.slice(index, index + 80) };
      response.write(`${JSON.stringify({ model: body.model, message, done: false })}\n`);
      await wait(delayMs / 4);
    }
    await wait(delayMs);
    const last = { model: body.model, message: { role: "assistant", content: "" }, done: true };
    response.end(`${JSON.stringify({ ...last, prompt_eval_count: 200, eval_count: 120 })}\n`);
    return;
  }
  if (url.pathname === "/") {
    response.end("Ollama is running");
    return;
  }
  response.statusCode = 404;
  response.end("404 page not found");
}).listen(port, "127.0.0.1");
