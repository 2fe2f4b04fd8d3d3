import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Every form says how it is sent (issue 33): a form without `method` submits by GET before the
 * page's scripts start (or without them), putting names, e-mail addresses, messages and passwords
 * into the address bar and the server's log. Search forms say `method="get"` on purpose.
 */
const root = path.dirname(new URL(import.meta.url).pathname);

function sources(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const full = path.join(folder, name);
    if (statSync(full).isDirectory()) return sources(full);
    return /\.tsx$/.test(name) && !/\.test\.tsx$/.test(name) ? [full] : [];
  });
}

describe("forms", () => {
  it("all name their method", () => {
    const missing: string[] = [];
    let forms = 0;
    for (const file of sources(root)) {
      const text = readFileSync(file, "utf8");
      // The opening tag of <form ...> or <Box component="form" ...>, up to its first ">".
      for (const match of text.matchAll(/<form\b[^>]*>|<Box\s+component="form"[^>]*>/g)) {
        forms += 1;
        if (!/\bmethod="(post|get)"/.test(match[0])) {
          missing.push(`${path.relative(root, file)}: ${match[0].replace(/\s+/g, " ")}`);
        }
      }
    }
    expect(forms).toBeGreaterThan(10);
    expect(missing).toEqual([]);
  });
});
