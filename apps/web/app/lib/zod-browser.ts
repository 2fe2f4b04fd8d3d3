import { z } from "zod";

/**
 * zod compiles a fast path for object schemas with `new Function`, after probing whether it may.
 * Under our CSP (no 'unsafe-eval') the probe fails quietly but reports a CSP violation on every
 * page (issue 17). In the browser zod runs without it; the server keeps the compiled fast path,
 * which is why this is called from the client entry only and never from shared code.
 */
export function configureZodForBrowser() {
  z.config({ jitless: true });
}
