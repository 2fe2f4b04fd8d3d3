/**
 * Issue 17: a burst of large image uploads must not leave the server holding the memory it used.
 * Eight uploads at once of a 24-megapixel PNG (under the 25 MP and 10 MiB limits, so every one is
 * decoded), twice, then 20 s idle: the server's resident memory before, at its peak, right after
 * the burst and after the pause. The target is that the pause ends within 64 MB of where it
 * started (decision 077: two decode slots, no libvips cache, MALLOC_ARENA_MAX=2).
 */
import sharp from "sharp";

export interface UploadMemoryResult {
  statuses: number[];
  beforeMb: number;
  peakMb: number;
  afterBurstMb: number;
  afterPauseMb: number;
}

/** A smooth 6000 x 4000 picture: 24 MP of pixels, a few MB as a PNG. */
async function largePng(): Promise<Buffer> {
  const width = 6000;
  const height = 4000;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 3;
      pixels[at] = (x >> 4) & 255;
      pixels[at + 1] = (y >> 4) & 255;
      pixels[at + 2] = ((x + y) >> 5) & 255;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 9 })
    .toBuffer();
}

export async function uploadBurstMemory(options: {
  origin: string;
  token: string;
  rssMb: () => number;
  pauseMs?: number;
}): Promise<UploadMemoryResult> {
  const png = await largePng();
  const beforeMb = options.rssMb();
  let peakMb = beforeMb;
  const sampler = setInterval(() => {
    peakMb = Math.max(peakMb, options.rssMb());
  }, 100);
  const statuses: number[] = [];
  try {
    for (let round = 0; round < 2; round++) {
      const answers = await Promise.all(
        Array.from({ length: 8 }, async () => {
          const form = new FormData();
          form.append("image", new Blob([new Uint8Array(png)], { type: "image/png" }), "large.png");
          const response = await fetch(`${options.origin}/api/articles/upload`, {
            method: "POST",
            headers: { authorization: `Bearer ${options.token}` },
            body: form,
          });
          await response.arrayBuffer();
          return response.status;
        }),
      );
      statuses.push(...answers);
    }
    const afterBurstMb = options.rssMb();
    await new Promise((resolve) => setTimeout(resolve, options.pauseMs ?? 20_000));
    return { statuses, beforeMb, peakMb, afterBurstMb, afterPauseMb: options.rssMb() };
  } finally {
    clearInterval(sampler);
  }
}
