import { buffer } from "node:stream/consumers";
import { type ImageCropRatio, imageCropRatios } from "@aurumwire/shared/image-widths";
import { loadSharp, maxImagePixels, withImageDecodeSlot } from "../../lib/sharp";
import { contentTypeOf, type FileStorage, isStorageKey } from "./file-storage";

const ratios: Record<ImageCropRatio, number> = { "16x9": 16 / 9, "4x3": 4 / 3, "1x1": 1 };

export function isCropRatio(value: string): value is ImageCropRatio {
  return (imageCropRatios as readonly string[]).includes(value);
}

/** Only stored pictures are cropped, and never a crop again. */
export function isCropSource(key: string): boolean {
  return isStorageKey(key) && !key.startsWith("crops/") && /\.(jpe?g|png|webp)$/i.test(key);
}

/**
 * The largest part of the picture in the ratio, around its most interesting region, in the
 * picture's own format. Nothing is enlarged: a 1200x600 cover gives 1067x600, 800x600 and 600x600
 * (each well above the 50,000 pixels search engines ask for).
 */
export async function cropToRatio(bytes: Buffer, ratio: ImageCropRatio): Promise<Buffer> {
  const sharp = await loadSharp();
  return withImageDecodeSlot(async () => {
    const image = sharp(bytes, { limitInputPixels: maxImagePixels, failOn: "warning" }).rotate();
    const { width = 0, height = 0, format } = await image.metadata();
    const wanted = ratios[ratio];
    const cropWidth = Math.min(width, Math.round(height * wanted));
    const cropHeight = Math.min(height, Math.round(width / wanted));
    const cropped = image.resize(cropWidth, cropHeight, {
      fit: "cover",
      position: sharp.strategy.attention,
    });
    if (format === "png") return cropped.png({ compressionLevel: 9 }).toBuffer();
    if (format === "webp") return cropped.webp({ quality: 82 }).toBuffer();
    return cropped.jpeg({ quality: 82, mozjpeg: true }).toBuffer();
  });
}

/**
 * The crop of a stored picture: read from the storage when it was made before, else made from
 * the original and stored for the next reader. Null when there is no such original.
 */
export async function storedCrop(
  files: FileStorage,
  ratio: ImageCropRatio,
  source: string,
): Promise<{ key: string; data: Buffer | null } | null> {
  const key = `crops/${ratio}/${source}`;
  if ((await files.sizeOf(key)) !== null) return { key, data: null };
  const original = await files.get(source);
  if (!original) return null;
  const data = await cropToRatio(await buffer(original.body), ratio);
  await files.put(key, data, { contentType: contentTypeOf(key) });
  return { key, data };
}
