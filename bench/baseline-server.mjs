// The baseline: the same article HTML served from memory by a bare node:http server, so the
// bench's figures can be read as ratios that hold across machines.
import { readFileSync } from "node:fs";
import http from "node:http";

const [, , file, port] = process.argv;
const body = readFileSync(file);
http
  .createServer((_request, response) => {
    response.writeHead(200, {
      "content-type": "text/html; charset=utf-8",
      "content-length": body.length,
    });
    response.end(body);
  })
  .listen(Number(port), "127.0.0.1", () => process.send?.("ready"));
