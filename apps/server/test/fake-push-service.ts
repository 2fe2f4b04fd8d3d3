import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  hkdfSync,
  randomBytes,
  verify,
} from "node:crypto";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in for a browser's push service (FCM, Mozilla autopush), checking what a real one
 * checks, and a browser's side of a subscription (its P-256 key pair and auth secret) to read what
 * arrived:
 *
 * - RFC 8292 (VAPID): `Authorization: vapid t=<JWT>, k=<public key>`; the JWT is ES256, signed by
 *   that key, `aud` is this service's origin, `exp` within 24 hours, `sub` a mailto: or https URL.
 *   With `applicationServerKey` set on the subscription, `k` must be that key.
 * - RFC 8030: a `TTL` header; RFC 8188 / 8291: `Content-Encoding: aes128gcm` and a body that
 *   decrypts with the subscription's private key and auth secret.
 *
 * A request that fails a check is answered 401/400 (as push services do) and recorded with why.
 * A subscription can be marked gone: its endpoint then answers 410, as an expired one does.
 */
export interface ReceivedPush {
  subscription: string;
  headers: IncomingMessage["headers"];
  /** The decrypted payload, or null when it did not decrypt. */
  payload: string | null;
  problems: string[];
}

const b64url = (bytes: Buffer) => bytes.toString("base64url");

/** RFC 8291 section 3.4 and RFC 8188: the content encryption key and nonce, then one record. */
function decrypt(body: Buffer, uaPrivate: ReturnType<typeof createECDH>, authSecret: Buffer) {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const asPublic = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  if (record.length > recordSize) throw new Error("record larger than rs");
  const uaPublic = uaPrivate.getPublicKey();
  const ecdhSecret = uaPrivate.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), uaPublic, asPublic]);
  const ikm = Buffer.from(hkdfSync("sha256", ecdhSecret, authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync("sha256", ikm, salt, "Content-Encoding: aes128gcm\0", 16));
  const nonce = Buffer.from(hkdfSync("sha256", ikm, salt, "Content-Encoding: nonce\0", 12));
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const plain = Buffer.concat([
    decipher.update(record.subarray(0, record.length - 16)),
    decipher.final(),
  ]);
  // Padding: zeros after the delimiter, which is 2 for the last (here the only) record.
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end -= 1;
  if (plain[end] !== 2) throw new Error("no last-record delimiter");
  return plain.subarray(0, end).toString("utf8");
}

function checkVapid(header: string | undefined, origin: string, expectedKey: string | null) {
  const problems: string[] = [];
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? "");
  if (!match) return ["Authorization is not `vapid t=..., k=...`"];
  const [, token, key] = match as unknown as [string, string, string];
  if (expectedKey && key !== expectedKey) problems.push("k is not the subscription's key");
  const [head, claims, signature] = token.split(".");
  if (!head || !claims || !signature) return [...problems, "t is not a JWT"];
  const header_ = JSON.parse(Buffer.from(head, "base64url").toString());
  if (header_.alg !== "ES256") problems.push(`JWT alg is ${header_.alg}, not ES256`);
  const raw = Buffer.from(key, "base64url");
  const publicKey = createPublicKey({
    key: {
      kty: "EC",
      crv: "P-256",
      x: b64url(raw.subarray(1, 33)),
      y: b64url(raw.subarray(33, 65)),
    },
    format: "jwk",
  });
  const signed = verify(
    "sha256",
    Buffer.from(`${head}.${claims}`),
    { key: publicKey, dsaEncoding: "ieee-p1363" },
    Buffer.from(signature, "base64url"),
  );
  if (!signed) problems.push("JWT signature does not verify with k");
  const body = JSON.parse(Buffer.from(claims, "base64url").toString());
  if (body.aud !== origin) problems.push(`aud ${body.aud} is not ${origin}`);
  const now = Math.floor(Date.now() / 1000);
  if (!(body.exp > now && body.exp <= now + 24 * 3600)) problems.push("exp not within 24 hours");
  if (!/^(mailto:|https:\/\/)/.test(String(body.sub)))
    problems.push("sub is not mailto: or https:");
  return problems;
}

export async function startFakePushService() {
  const browsers = new Map<
    string,
    { ecdh: ReturnType<typeof createECDH>; auth: Buffer; serverKey: string | null }
  >();
  const gone = new Set<string>();
  const received: ReceivedPush[] = [];
  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const id = (request.url ?? "").replace(/^\/push\//, "");
    const browser = browsers.get(id);
    if (!browser || request.method !== "POST") {
      response.writeHead(404).end();
      return;
    }
    if (gone.has(id)) {
      response
        .writeHead(410, { "content-type": "text/plain" })
        .end("push subscription has unsubscribed or expired");
      return;
    }
    const problems = checkVapid(request.headers.authorization, origin, browser.serverKey);
    if (!request.headers.ttl || !/^\d+$/.test(String(request.headers.ttl)))
      problems.push("no TTL header");
    if (request.headers["content-encoding"] !== "aes128gcm")
      problems.push("Content-Encoding is not aes128gcm");
    let payload: string | null = null;
    try {
      payload = decrypt(body, browser.ecdh, browser.auth);
    } catch (error) {
      problems.push(`body does not decrypt: ${(error as Error).message}`);
    }
    received.push({ subscription: id, headers: request.headers, payload, problems });
    if (problems.length > 0) {
      response
        .writeHead(problems.some((p) => /JWT|vapid|aud|exp|sub|k /.test(p)) ? 401 : 400)
        .end(problems.join("; "));
      return;
    }
    response.writeHead(201, { location: `${origin}/message/${received.length}` }).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received,
    /**
     * A browser subscribing: its key pair and auth secret, and the PushSubscription JSON it would
     * hand the page (`serverKey`: the applicationServerKey it subscribed with).
     */
    subscribe(serverKey: string | null = null) {
      const id = randomBytes(8).toString("hex");
      const ecdh = createECDH("prime256v1");
      ecdh.generateKeys();
      const auth = randomBytes(16);
      browsers.set(id, { ecdh, auth, serverKey });
      return {
        id,
        json: {
          endpoint: `${origin}/push/${id}`,
          expirationTime: null,
          keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(auth) },
        },
      };
    },
    /** The push service forgot the subscription (the reader revoked it): 410 from now on. */
    expire: (id: string) => gone.add(id),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
