import { imageVariantWidths } from "@aurumwire/shared/media";
import type { Metadata, OutputInfo } from "sharp";
import { AppError, badRequest } from "../../errors";
import {
  loadSharp,
  maxImagePixels,
  tooManyPixelsMessage,
  withImageDecodeSlot,
} from "../../lib/sharp";

export type ImageKind = "jpeg" | "png" | "gif" | "webp";
export type UploadPurpose = "cover" | "inline";
export type ProcessedVariant = {
  width: number;
  height: number;
  extension: "jpg" | "png";
  data: Buffer;
};

/** The featured-image frame (spec point 9) and the smaller widths offered through srcset. */
export const coverSize = { width: 1200, height: 600 };
export const variantWidths = imageVariantWidths;
/** Cover images are flattened onto the site background when they have transparency. */
const background = "#0B0B0F";

/**
 * The type from the file's first bytes, never from its name or the Content-Type the browser sent:
 * a script renamed to photo.jpg is not a JPEG.
 */
export function detectImageKind(bytes: Buffer): ImageKind | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return "jpeg";
  }
  if (
    bytes.length >= 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  ) {
    return "png";
  }
  const head = bytes.subarray(0, 6).toString("latin1");
  if (head === "GIF87a" || head === "GIF89a") return "gif";
  if (
    bytes.length >= 12 &&
    bytes.subarray(0, 4).toString("latin1") === "RIFF" &&
    bytes.subarray(8, 12).toString("latin1") === "WEBP"
  ) {
    return "webp";
  }
  return null;
}

export const notAnImage = () =>
  badRequest("The file is not a JPEG, PNG, GIF or WebP image.", {
    image: "File type must be one of image/jpeg, image/png, image/gif, image/webp",
  });

const unreadableImage = () =>
  badRequest("The image could not be read. It may be damaged; please try another file.", {
    image: "The image could not be read",
  });

/**
 * Decodes the upload fully and encodes fresh files from the pixels, which drops every piece of
 * metadata (location, camera) and anything hidden after the image data. Covers are cropped to
 * 1200x600 around the most interesting region; inline images keep their proportions.
 */
export async function processImage(
  bytes: Buffer,
  purpose: UploadPurpose,
): Promise<ProcessedVariant[]> {
  const kind = detectImageKind(bytes);
  if (!kind) throw notAnImage();
  // A few at a time: each decode and its encodes keep both cores busy (decisions 077, 277).
  return withImageDecodeSlot(() => decodeAndEncode(bytes, kind, purpose));
}

async function decodeAndEncode(
  bytes: Buffer,
  kind: ImageKind,
  purpose: UploadPurpose,
): Promise<ProcessedVariant[]> {
  const sharp = await loadSharp();
  let metadata: Metadata;
  let decoded: { data: Buffer; info: OutputInfo };
  try {
    // The header alone (no pixels decoded yet) says how large the picture is.
    metadata = await sharp(bytes, { limitInputPixels: false, failOn: "warning" }).metadata();
    // The decoder must agree with the signature: a PNG header glued onto something else fails here.
    if (metadata.format !== kind) throw notAnImage();
    const tooMany = tooManyPixelsMessage(metadata.width, metadata.height);
    if (tooMany) throw new AppError(400, "image_too_many_pixels", tooMany, { image: tooMany });
    // Every pixel is decoded once (EXIF orientation applied, so a truncated file fails now) and
    // shrunk in the same pass to the largest size a variant needs. libvips streams the decode
    // through the shrink, so an upload holds a few MB of pixels, not the whole picture (24.9 MP
    // is 75 MB): six large uploads at once stayed 380 MB above idle with two decode slots
    // holding full pictures (issue 33, decision 277).
    const input = sharp(bytes, { limitInputPixels: maxImagePixels, failOn: "warning" }).rotate();
    const largest =
      purpose === "cover"
        ? // The smallest size that covers the frame: the largest cover's crop comes from it.
          input.resize(coverSize.width, coverSize.height, { fit: "outside" })
        : input.resize({ width: coverSize.width, withoutEnlargement: true });
    decoded = await largest.raw().toBuffer({ resolveWithObject: true });
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw unreadableImage();
  }
  const { data, info } = decoded;
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
  const hasAlpha = info.channels === 4;
  // Inline images are never enlarged: widths the picture does not reach give way to its own (the
  // shrunk picture is at most the largest variant wide, and narrower only when the upload is).
  const widths =
    purpose === "cover"
      ? [...variantWidths]
      : [
          ...new Set([
            ...variantWidths.filter((width) => width < info.width),
            Math.min(info.width, coverSize.width),
          ]),
        ].sort((a, b) => a - b);

  const variants: ProcessedVariant[] = [];
  for (const width of widths) {
    const pipeline = sharp(data, raw);
    if (purpose === "cover") {
      const height = Math.round((width * coverSize.height) / coverSize.width);
      const output = await pipeline
        .resize(width, height, { fit: "cover", position: sharp.strategy.attention })
        .flatten({ background })
        .jpeg({ quality: 82, mozjpeg: true })
        .toBuffer();
      variants.push({ width, height, extension: "jpg", data: output });
      continue;
    }
    const resized = pipeline.resize({ width });
    const output = hasAlpha
      ? await resized.png({ compressionLevel: 9 }).toBuffer({ resolveWithObject: true })
      : await resized.jpeg({ quality: 85, mozjpeg: true }).toBuffer({ resolveWithObject: true });
    variants.push({
      width: output.info.width,
      height: output.info.height,
      extension: hasAlpha ? "png" : "jpg",
      data: output.data,
    });
  }
  return variants;
}
