import type SharpModule from "sharp";
import { createConcurrencyLimit } from "./concurrency-limit";

let loading: Promise<typeof SharpModule> | undefined;

/**
 * sharp (with libvips) is loaded the first time an image is processed, not at start: a server that
 * only reads articles never pays its ~25 MB of resident memory (decision 038).
 */
export function loadSharp(): Promise<typeof SharpModule> {
  loading ??= import("sharp").then((module) => {
    // libvips' operation cache keeps decoded images around for reuse we never make (every upload
    // is a new picture); without it their memory goes back as soon as an upload is done.
    module.default.cache(false);
    return module.default;
  });
  return loading;
}

/**
 * The most pixels an uploaded image may have (decision 077). A decoded picture takes width x
 * height x 4 bytes whatever its file size: 25 megapixels is 100 MB while it is worked on.
 */
export const maxImagePixels = 25_000_000;

/** Images decoded at once; further uploads wait their turn (decision 077). */
export const maxConcurrentImageDecodes = 2;

const decodeLimit = createConcurrencyLimit(maxConcurrentImageDecodes);
let decoding = 0;
let mostAtOnce = 0;

/** Runs image work (decode, resize, encode) in one of the few decode slots. */
export function withImageDecodeSlot<T>(task: () => Promise<T>): Promise<T> {
  return decodeLimit(async () => {
    decoding += 1;
    mostAtOnce = Math.max(mostAtOnce, decoding);
    try {
      return await task();
    } finally {
      decoding -= 1;
    }
  });
}

/** How many decodes ran at once at most since start: for tests and diagnostics. */
export function imageDecodesAtOnce(): number {
  return mostAtOnce;
}

/** "The image is 64 megapixels (8000 x 8000)..." for an image past maxImagePixels, else null. */
export function tooManyPixelsMessage(width: number | undefined, height: number | undefined) {
  if (!width || !height || width * height <= maxImagePixels) return null;
  const megapixels = Math.round((width * height) / 1_000_000);
  return `The image is ${megapixels} megapixels (${width} x ${height}); the most this site takes is ${maxImagePixels / 1_000_000} megapixels. Please make it smaller and try again.`;
}
