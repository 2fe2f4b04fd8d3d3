/**
 * zod compiles a fast path for object schemas with `new Function`, after probing whether it may,
 * and it probes when a schema is *created*: while the route modules load, before any code of
 * ours could call `z.config()`. Under our CSP (no 'unsafe-eval') the probe fails quietly but
 * reports a CSP violation on every page (issue 17). zod reads its settings from
 * `globalThis.__zod_globalConfig`, so the document sets `jitless` there in an inline classic
 * script, which runs before any module script. The server never runs it: its request validation
 * keeps the compiled fast path.
 */
export const zodJitlessScript =
  "globalThis.__zod_globalConfig=Object.assign(globalThis.__zod_globalConfig||{},{jitless:true});";
