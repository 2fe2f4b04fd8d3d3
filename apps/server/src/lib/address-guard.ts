import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { lookup as dnsLookupAll } from "node:dns/promises";
import { isIP, type Socket } from "node:net";
import ipaddr from "ipaddr.js";
import { Agent, buildConnector, fetch as undiciFetch } from "undici";
import { AppError } from "../errors";
import { OutboundError } from "./outbound-error";

class ForbiddenAddressError extends Error {
  constructor(host: string, address: string) {
    const named = host === address ? address : `${host} (${address})`;
    super(
      `${named} is an internal address (loopback, private, link-local, shared, multicast or unspecified); such addresses are refused unless the operator allows them with OUTBOUND_ALLOW_PRIVATE`,
    );
    this.name = "ForbiddenAddressError";
  }
}

/**
 * What an address staff can set may reach (issue 33, decision 220): only public unicast addresses,
 * in every spelling (127.1, 2130706433, [::ffff:127.0.0.1] all parse to what they are), plus the
 * ranges the operator allows. The name is resolved once per connection, every address it
 * resolves to is checked, the connection goes to exactly the checked address (the lookup itself
 * is the guard's, so a second DNS answer cannot differ), and the address the socket is connected
 * to is checked again. Redirects open new connections through the same guard.
 */
export interface AddressGuard {
  /** Whether a connection to this IP address is allowed. */
  allows(address: string): boolean;
  /**
   * For the moment an address is saved (a partner connection, a webhook, a push endpoint): a 400
   * with a clear sentence when it names or resolves to an address the guard would refuse (issue
   * 33, 227). A name that does not resolve now is left to the first connection. `use` says what
   * the address should be, `field` which field of the form is wrong.
   */
  refuseInternal(url: string, about?: { use: string; field: string }): Promise<void>;
  /** Opens a request through the guarded connections. */
  fetch(url: string, init: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

export function createAddressGuard(options: { allowPrivate?: string[] } = {}): AddressGuard {
  const allowed = (options.allowPrivate ?? []).map((cidr) => ipaddr.parseCIDR(cidr));
  const allows = (address: string): boolean => {
    let parsed: ipaddr.IPv4 | ipaddr.IPv6;
    try {
      // process(): an IPv4-mapped IPv6 address is the IPv4 address it carries.
      parsed = ipaddr.process(address);
    } catch {
      return false;
    }
    for (const [range, bits] of allowed) {
      const candidate =
        range.kind() === parsed.kind()
          ? parsed
          : range.kind() === "ipv6" && parsed.kind() === "ipv4"
            ? (parsed as ipaddr.IPv4).toIPv4MappedAddress()
            : null;
      if (candidate?.match(range, bits)) return true;
    }
    return parsed.range() === "unicast";
  };
  const lookup = (
    hostname: string,
    lookupOptions: { all?: boolean; family?: number | string; hints?: number },
    callback: (error: Error | null, address: string | LookupAddress[], family?: number) => void,
  ) => {
    dnsLookup(
      hostname,
      {
        family: lookupOptions.family as 0 | 4 | 6 | undefined,
        hints: lookupOptions.hints,
        all: true,
      },
      (error, addresses) => {
        if (error) return callback(error, "");
        const refused = addresses.find((entry) => !allows(entry.address));
        if (refused) return callback(new ForbiddenAddressError(hostname, refused.address), "");
        if (addresses.length === 0) return callback(new Error(`${hostname} has no address`), "");
        if (lookupOptions.all) return callback(null, addresses);
        return callback(null, addresses[0].address, addresses[0].family);
      },
    );
  };
  const base = buildConnector({ lookup } as buildConnector.BuildOptions);
  const connect: buildConnector.connector = (connectOptions, callback) => {
    const host = connectOptions.hostname.replace(/^\[(.*)\]$/, "$1");
    // A literal address skips the lookup: check it before any connection is opened.
    if (isIP(host) && !allows(host)) {
      return callback(new ForbiddenAddressError(host, host), null);
    }
    base(connectOptions, (error, socket) => {
      if (error || !socket) return callback(error ?? new Error("no connection"), null);
      const remote = (socket as Socket).remoteAddress;
      if (!remote || !allows(remote)) {
        socket.destroy();
        return callback(new ForbiddenAddressError(host, remote ?? "an unknown address"), null);
      }
      return callback(null, socket);
    });
  };
  const dispatcher = new Agent({ connect });
  return {
    allows,
    async refuseInternal(url, about = { use: "the partner's public address", field: "url" }) {
      let target: URL;
      try {
        target = new URL(url);
      } catch {
        return; // the schema's own rule explains a malformed address
      }
      const host = target.hostname.replace(/^\[(.*)\]$/, "$1");
      const addresses = isIP(host)
        ? [host]
        : await dnsLookupAll(host, { all: true }).then(
            (found) => found.map((entry) => entry.address),
            () => [],
          );
      const refused = addresses.find((address) => !allows(address));
      if (refused === undefined) return;
      const named = refused === host ? host : `${host} (${refused})`;
      const message = `${named} is an internal address (loopback, private, link-local, shared, multicast or unspecified). Please use ${about.use}; an operator can allow an intranet range with OUTBOUND_ALLOW_PRIVATE.`;
      throw new AppError(400, "internal_address", message, { [about.field]: message });
    },
    async fetch(url, init) {
      const target = new URL(url);
      if (target.protocol !== "http:" && target.protocol !== "https:") {
        throw new ForbiddenAddressError(target.host, target.protocol);
      }
      const response = await undiciFetch(url, {
        ...(init as Parameters<typeof undiciFetch>[1]),
        dispatcher,
      });
      return response as unknown as Response;
    },
    close: () => dispatcher.close(),
  };
}

/** The guard's refusal, wherever fetch wrapped it ("fetch failed" with causes). */
export function refusedAddress(error: unknown): OutboundError | undefined {
  for (let cause = error, depth = 0; cause && depth < 5; depth += 1) {
    if (cause instanceof ForbiddenAddressError) {
      return new OutboundError("forbidden_address", cause.message);
    }
    cause = (cause as { cause?: unknown }).cause;
  }
  return undefined;
}
