import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildApp } from "../src/app";
import { loadConfig } from "../src/config";

describe("the embedded database on disk", () => {
  it("keeps all data across a restart on the same DATA_DIR and does not seed twice", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "aurumwire-persist-"));
    const config = loadConfig({ LOG_LEVEL: "silent" }, { dataDir });
    try {
      const first = await buildApp(config, { web: "none", logger: false });
      const registered = await first.inject({
        method: "POST",
        url: "/api/auth/register",
        payload: {
          email: "keep@example.com",
          password: "keep-me-1",
          firstName: "K",
          lastName: "P",
        },
      });
      expect(registered.statusCode).toBe(201);
      const usersBefore = await first.services.usersRepository.count();
      await first.close();

      // A fresh config read, as a real restart does.
      const restarted = loadConfig({ LOG_LEVEL: "silent" }, { dataDir });
      const second = await buildApp(restarted, { web: "none", logger: false });
      const login = await second.inject({
        method: "POST",
        url: "/api/auth/login",
        payload: { email: "keep@example.com", password: "keep-me-1" },
      });
      expect(login.statusCode).toBe(200);
      // The JWT secret generated on the first start is reused: the old token still works.
      const profile = await second.inject({
        method: "GET",
        url: "/api/auth/profile",
        headers: { authorization: `Bearer ${registered.json().token}` },
      });
      expect(profile.statusCode).toBe(200);
      expect(await second.services.usersRepository.count()).toBe(usersBefore);
      await second.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
