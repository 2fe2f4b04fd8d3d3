import { randomBytes } from "node:crypto";
import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { avatarRules } from "@aurumwire/shared/user-management";
import { AppError } from "../../errors";
import { loadSharp } from "../../lib/sharp";

/** Raster formats an avatar may arrive in, decided from the bytes (sharp), never from the name. */
const acceptedFormats = new Set(["jpeg", "png", "gif", "webp", "avif", "heif"]);
const avatarSize = 256;
/** Refuses decompression bombs: a few KB of PNG can claim billions of pixels. */
const maxInputPixels = 40_000_000;

export const notAnImage = () => new AppError(400, "not_an_image", avatarRules.notAnImage);
export const avatarTooLarge = () => new AppError(413, "file_too_large", avatarRules.tooLarge);

/**
 * Avatars are decoded and re-encoded: the stored file is a square WebP we produced, so metadata
 * (GPS in EXIF), polyglot files and anything a browser might sniff as HTML never reach readers.
 */
export function createAvatarStore(uploadsDir: string) {
  const avatarsDir = path.join(uploadsDir, "avatars");

  return {
    async save(userId: number, bytes: Buffer): Promise<string> {
      if (bytes.length === 0) throw notAnImage();
      if (bytes.length >= avatarRules.maxBytes) throw avatarTooLarge();
      const sharp = await loadSharp();
      let format: string | undefined;
      try {
        format = (await sharp(bytes, { limitInputPixels: maxInputPixels }).metadata()).format;
      } catch {
        throw notAnImage();
      }
      if (!format || !acceptedFormats.has(format)) throw notAnImage();
      let output: Buffer;
      try {
        output = await sharp(bytes, { limitInputPixels: maxInputPixels, animated: false })
          .rotate()
          .resize(avatarSize, avatarSize, { fit: "cover", position: "attention" })
          .webp({ quality: 85 })
          .toBuffer();
      } catch {
        throw notAnImage();
      }
      await mkdir(avatarsDir, { recursive: true });
      const fileName = `${userId}-${randomBytes(8).toString("hex")}.webp`;
      await writeFile(path.join(avatarsDir, fileName), output);
      return `/uploads/avatars/${fileName}`;
    },

    /** Removes a previous avatar if it is one of ours; other URLs are left alone. */
    async remove(url: string | null | undefined): Promise<void> {
      const match = url ? /^\/uploads\/avatars\/([\w-]+\.webp)$/.exec(url) : null;
      if (!match) return;
      await rm(path.join(avatarsDir, match[1]), { force: true });
    },
  };
}

export type AvatarStore = ReturnType<typeof createAvatarStore>;
