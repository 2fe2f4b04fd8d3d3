import { createHmac, hkdfSync, randomInt } from "node:crypto";
import type { RecoveryCodes, TwoFactorSetup, TwoFactorStatus } from "@aurumwire/shared/two-factor";
import { Secret, TOTP } from "otpauth";
import QRCode from "qrcode";
import type { UserRow } from "../../db/schema";
import { AppError, conflict } from "../../errors";
import type { SecretBox } from "../../lib/secret-box";
import type { LinkSigner } from "../mail/signed-links";
import type { TwoFactorRepository } from "./two-factor-repository";

/** RFC 6238 defaults every authenticator app reads: SHA-1, six digits, 30 seconds. */
const period = 30;
/** One step either side of now: a phone clock up to 30 s off still works. */
const acceptedWindow = 1;
/** A code up to ten minutes old is "expired", not "wrong": a clearer sentence for a person. */
const expiredWindow = 20;
const recoveryCodeCount = 10;
const recoveryAlphabet = "abcdefghjkmnpqrstuvwxyz23456789";
const challengePurpose = "two-factor-challenge";
const challengeLifetimeMs = 5 * 60 * 1000;

export type CodeCheck = { ok: true; kind: "totp" | "recovery" } | { ok: false; error: AppError };

const codeError = (code: string, message: string) => new AppError(401, code, message);
const wrongCode = () =>
  codeError(
    "invalid_code",
    "This code is not correct. Enter the six digits your authenticator app shows now, or a recovery code.",
  );

/**
 * Two-factor sign-in (issue 31, decision 202): TOTP secrets sealed at rest, single-use recovery
 * codes stored as keyed hashes, the last accepted time-step stored so no code works twice, and
 * the signed challenge that carries a right password to the code step.
 */
export function createTwoFactor(deps: {
  repository: TwoFactorRepository;
  box: SecretBox;
  links: LinkSigner;
  jwtSecret: string;
  issuer: string;
  /** "Require two-factor for all staff" (Site Settings). */
  staffRequired: () => Promise<boolean>;
}) {
  const { repository, box, links } = deps;
  const recoveryKey = Buffer.from(
    hkdfSync("sha256", deps.jwtSecret, "aurumwire-recovery-codes", "recovery-code-hash", 32),
  );
  const hashRecoveryCode = (code: string) =>
    createHmac("sha256", recoveryKey).update(code).digest("base64url");
  const totpFor = (secret: string, label = "") =>
    new TOTP({ issuer: deps.issuer, label, secret: Secret.fromBase32(secret), period });

  /** The time-step a code belongs to when it is one of the accepted window, else null. */
  function acceptedStep(secret: string, token: string, window = acceptedWindow): number | null {
    const delta = totpFor(secret).validate({ token, window });
    return delta === null ? null : TOTP.counter({ period }) + delta;
  }

  function newRecoveryCode(): string {
    let code = "";
    for (let i = 0; i < 10; i += 1) code += recoveryAlphabet[randomInt(recoveryAlphabet.length)];
    return `${code.slice(0, 5)}-${code.slice(5)}`;
  }

  async function staffMustEnrol(user: UserRow): Promise<boolean> {
    if (user.role === "user") return false;
    if (!(await deps.staffRequired())) return false;
    return !(await repository.isEnabled(user.id));
  }

  return {
    staffMustEnrol,
    isEnabled: (userId: number) => repository.isEnabled(userId),

    async status(user: UserRow): Promise<TwoFactorStatus> {
      const row = await repository.find(user.id);
      const enabled = !!row?.enabledAt;
      return {
        enabled,
        enabledAt: row?.enabledAt?.toISOString() ?? null,
        recoveryCodesLeft: enabled ? await repository.recoveryCodesLeft(user.id) : 0,
        required: user.role !== "user" && (await deps.staffRequired()),
      };
    },

    /** A new secret, kept pending until `enable` confirms a code of it. */
    async setup(user: UserRow): Promise<TwoFactorSetup> {
      if (await repository.isEnabled(user.id)) {
        throw conflict(
          "Two-factor sign-in is already on. Turn it off first to move it to another app.",
          "two_factor_already_enabled",
        );
      }
      const secret = new Secret({ size: 20 }).base32;
      await repository.savePending(user.id, box.seal(secret));
      const otpauthUri = totpFor(secret, user.email).toString();
      const svg = await QRCode.toString(otpauthUri, { type: "svg", margin: 1 });
      return {
        otpauthUri,
        qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`,
        secret,
      };
    },

    /** Confirms the pending secret with a code of it; the ten recovery codes, shown once. */
    async enable(user: UserRow, code: string): Promise<RecoveryCodes> {
      const row = await repository.find(user.id);
      if (row?.enabledAt) {
        throw conflict("Two-factor sign-in is already on.", "two_factor_already_enabled");
      }
      if (!row?.pendingSecret) {
        throw conflict(
          "Start the set-up first: scan a new QR code, then enter its code.",
          "two_factor_not_set_up",
        );
      }
      const step = acceptedStep(box.open(row.pendingSecret), digitsOf(code));
      if (step === null) {
        throw new AppError(
          400,
          "invalid_code",
          "This code does not match the QR code shown here. Scan it again and enter the code your app shows now.",
          { code: "The code does not match" },
        );
      }
      const recoveryCodes = Array.from({ length: recoveryCodeCount }, newRecoveryCode);
      const hashes = recoveryCodes.map((value) => hashRecoveryCode(value.replace("-", "")));
      if (!(await repository.enable(user.id, row.pendingSecret, step, hashes))) {
        throw conflict(
          "The set-up changed meanwhile (another window?). Please start it again.",
          "two_factor_not_set_up",
        );
      }
      return { recoveryCodes };
    },

    /**
     * Checks a code of an account with two-factor on: a TOTP code (once per time-step) or an
     * unused recovery code (used up by this check).
     */
    async check(userId: number, code: string): Promise<CodeCheck> {
      const row = await repository.find(userId);
      if (!row?.secret || !row.enabledAt) return { ok: false, error: wrongCode() };
      const compact = code.replace(/[\s-]/g, "").toLowerCase();
      if (/^\d{6}$/.test(compact)) {
        const secret = box.open(row.secret);
        const step = acceptedStep(secret, compact);
        if (step === null) {
          const expired = acceptedStep(secret, compact, expiredWindow) !== null;
          return {
            ok: false,
            error: expired
              ? codeError(
                  "code_expired",
                  "This code has expired. Enter the code your authenticator app shows now.",
                )
              : wrongCode(),
          };
        }
        if (!(await repository.claimStep(userId, step))) {
          return {
            ok: false,
            error: codeError(
              "code_already_used",
              "This code has already been used. Wait for the next code in your app and enter that one.",
            ),
          };
        }
        return { ok: true, kind: "totp" };
      }
      const outcome = await repository.useRecoveryCode(userId, hashRecoveryCode(compact));
      if (outcome === "used") {
        return {
          ok: false,
          error: codeError(
            "recovery_code_used",
            "This recovery code has already been used. Each recovery code works once: use another.",
          ),
        };
      }
      return outcome === "ok" ? { ok: true, kind: "recovery" } : { ok: false, error: wrongCode() };
    },

    /** Staff cannot turn two-factor off while the site requires it; nobody without it on. */
    async assertMayTurnOff(user: UserRow): Promise<void> {
      if (!(await repository.isEnabled(user.id))) {
        throw conflict("Two-factor sign-in is not on for this account.", "two_factor_not_enabled");
      }
      if (user.role !== "user" && (await deps.staffRequired())) {
        throw conflict(
          "This site requires two-factor sign-in for all staff, so it cannot be turned off.",
          "two_factor_required",
        );
      }
    },

    /** Turns two-factor off (the caller checked the password and a code). */
    remove: (user: UserRow) => repository.remove(user.id),

    /** The signed proof of a right password, good for five minutes of the code step. */
    challengeFor(user: UserRow): string {
      return links.sign(challengePurpose, user.id, user.tokenVersion, challengeLifetimeMs);
    },

    readChallenge(challenge: string) {
      return links.verify(challengePurpose, challenge);
    },
  };
}

/** Digits only: "123 456" and "123-456" are the same code. */
function digitsOf(code: string): string {
  return code.replace(/[\s-]/g, "");
}

export type TwoFactor = ReturnType<typeof createTwoFactor>;
