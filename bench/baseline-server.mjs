// The baseline: a bare node:http server that answers every request with one body from memory,
// the same bytes and content type as the scenario measured next to it, so the bench's figures
// can be read as ratios that hold across machines. The parent swaps the body per scenario
// (`{ body: base64, contentType }` over IPC) and gets "ready" back.
import http from "node:http";

const [, , port] = process.argv;
let body = Buffer.alloc(0);
let contentType = "text/plain";
process.on("message", (message) => {
  body = Buffer.from(message.body, "base64");
  contentType = message.contentType;
  process.send?.("ready");
});
http
  .createServer((_request, response) => {
    response.writeHead(200, { "content-type": contentType, "content-length": body.length });
    response.end(body);
  })
  .listen(Number(port), "127.0.0.1", () => process.send?.("ready"));
