import { randomBytes } from "node:crypto";
import { avatarRules } from "@aurumwire/shared/user-management";
import { AppError } from "../../errors";
import {
  loadSharp,
  maxImagePixels,
  tooManyPixelsMessage,
  withImageDecodeSlot,
} from "../../lib/sharp";
import type { FileStorage } from "../media/file-storage";

/** Raster formats an avatar may arrive in, decided from the bytes (sharp), never from the name. */
const acceptedFormats = new Set(["jpeg", "png", "gif", "webp", "avif", "heif"]);
const avatarSize = 256;

export const notAnImage = () => new AppError(400, "not_an_image", avatarRules.notAnImage);
export const avatarTooLarge = () => new AppError(413, "file_too_large", avatarRules.tooLarge);

/** A square WebP from the upload's pixels; refuses what is not an image or has too many pixels. */
async function reencode(bytes: Buffer): Promise<Buffer> {
  const sharp = await loadSharp();
  let metadata: { format?: string; width?: number; height?: number };
  try {
    // The header alone (no pixels decoded yet) says how large the picture is.
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw notAnImage();
  }
  if (!metadata.format || !acceptedFormats.has(metadata.format)) throw notAnImage();
  const tooMany = tooManyPixelsMessage(metadata.width, metadata.height);
  if (tooMany) throw new AppError(400, "image_too_many_pixels", tooMany, { avatar: tooMany });
  try {
    return await sharp(bytes, { limitInputPixels: maxImagePixels, animated: false })
      .rotate()
      .resize(avatarSize, avatarSize, { fit: "cover", position: "attention" })
      .webp({ quality: 85 })
      .toBuffer();
  } catch {
    throw notAnImage();
  }
}

/**
 * Avatars are decoded and re-encoded: the stored file is a square WebP we produced, so metadata
 * (GPS in EXIF), polyglot files and anything a browser might sniff as HTML never reach readers.
 */
export function createAvatarStore(files: FileStorage) {
  return {
    async save(userId: number, bytes: Buffer): Promise<string> {
      if (bytes.length === 0) throw notAnImage();
      if (bytes.length >= avatarRules.maxBytes) throw avatarTooLarge();
      const output = await withImageDecodeSlot(() => reencode(bytes));
      const fileName = `${userId}-${randomBytes(8).toString("hex")}.webp`;
      return files.put(`avatars/${fileName}`, output, {
        contentType: "image/webp",
        exclusive: true,
      });
    },

    /** Removes a previous avatar if it is one of ours; other URLs are left alone. */
    async remove(url: string | null | undefined): Promise<void> {
      const key = url ? files.keyOf(url) : null;
      if (!key || !/^avatars\/[\w-]+\.webp$/.test(key)) return;
      await files.remove(key);
    },
  };
}

export type AvatarStore = ReturnType<typeof createAvatarStore>;
