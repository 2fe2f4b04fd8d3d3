import { Writable } from "node:stream";
import type { FastifyInstance } from "fastify";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { hashPassword } from "../src/lib/passwords";
import { isLocalPublicUrl } from "../src/modules/auth/demo-hint";
import { buildTestApp, demo } from "./helpers";

let app: FastifyInstance;
beforeEach(async () => {
  app = await buildTestApp();
});
afterEach(async () => {
  await app?.close();
});

async function demoAdmin() {
  const user = await app.services.usersRepository.findByEmail(demo.admin.email);
  if (!user) throw new Error("demo admin missing");
  return user;
}

describe("the demo credentials on the login page", () => {
  it("are offered while the demo admin exists with its demo password", async () => {
    expect(await app.services.demoLoginHint.get()).toEqual(demo.admin);
  });

  it("disappear once the demo admin's password is changed", async () => {
    await app.services.usersRepository.update((await demoAdmin()).id, {
      passwordHash: await hashPassword("a-real-secret-now"),
    });
    app.services.demoLoginHint.forget();
    expect(await app.services.demoLoginHint.get()).toBeNull();
  });

  it("disappear once the demo admin is deactivated", async () => {
    await app.services.usersRepository.update((await demoAdmin()).id, { isActive: false });
    app.services.demoLoginHint.forget();
    expect(await app.services.demoLoginHint.get()).toBeNull();
  });

  it("are never offered when demo content is off", async () => {
    const bare = await buildTestApp({ seedDemo: false });
    try {
      expect(await bare.services.demoLoginHint.get()).toBeNull();
      expect(await bare.services.usersRepository.count()).toBe(0);
    } finally {
      await bare.close();
    }
  });

  it("are never offered when PUBLIC_URL is not a local address", async () => {
    const hosted = await buildTestApp({ publicUrl: "https://news.example.com" });
    try {
      expect(await hosted.services.demoLoginHint.get()).toBeNull();
    } finally {
      await hosted.close();
    }
  });
});

describe("local addresses", () => {
  it("are localhost and loopback only", () => {
    for (const url of [
      "http://localhost:3000",
      "http://app.localhost",
      "http://127.0.0.1:3000",
      "http://[::1]:3000",
    ]) {
      expect(isLocalPublicUrl(url)).toBe(true);
    }
    for (const url of [
      "https://aurumwire.example",
      "http://192.168.1.20:3000",
      "http://10.0.0.5",
      "http://localhost.example.com",
    ]) {
      expect(isLocalPublicUrl(url)).toBe(false);
    }
  });
});

describe("the start-up warning", () => {
  async function startupLog(publicUrl: string) {
    const lines: string[] = [];
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const started = await buildTestApp(
      { publicUrl },
      { LOG_LEVEL: "warn" },
      { logger: true, logStream },
    );
    try {
      await started.ready();
    } finally {
      await started.close();
    }
    return lines.join("");
  }

  it("names the demo accounts whose published password still works on a public address", async () => {
    const log = await startupLog("https://news.example.com");
    expect(log).toContain("Demo accounts still accept their published passwords");
    expect(log).toContain(demo.admin.email);
    expect(log).toContain(demo.reader.email);
  });

  it("stays quiet on a local machine", async () => {
    expect(await startupLog("http://localhost:3000")).not.toContain("Demo accounts");
  });
});
