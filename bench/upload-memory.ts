/**
 * Issue 17: a burst of large image uploads must not leave the server holding the memory it used.
 * Eight uploads at once of a 24-megapixel PNG (under the 25 MP and 10 MiB limits, so every one is
 * decoded), twice, then 20 s idle: the server's resident memory before, at its peak, right after
 * the burst and after the pause. The target is that the pause ends within 64 MB of where it
 * started (decision 077: two decode slots, no libvips cache, MALLOC_ARENA_MAX=2).
 *
 * Issue 33: six uploads at once of a 24.9 MP photo (6100 x 4080, as a camera makes) took the
 * server from 340 to 783 MB. The target is a peak at most 200 MB above the idle server
 * (decision 277).
 */
import sharp from "sharp";

export interface UploadMemoryResult {
  statuses: number[];
  beforeMb: number;
  peakMb: number;
  afterBurstMb: number;
  afterPauseMb: number;
}

/** A smooth picture (6000 x 4000: 24 MP of pixels), a few MB as a PNG. */
async function largePng(width = 6000, height = 4000): Promise<Buffer> {
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
  /** Uploads at once, rounds of them, and the picture's size. */
  atOnce?: number;
  rounds?: number;
  width?: number;
  height?: number;
}): Promise<UploadMemoryResult> {
  const { atOnce = 8, rounds = 2 } = options;
  const png = await largePng(options.width, options.height);
  const beforeMb = options.rssMb();
  let peakMb = beforeMb;
  const sampler = setInterval(() => {
    peakMb = Math.max(peakMb, options.rssMb());
  }, 100);
  const statuses: number[] = [];
  try {
    for (let round = 0; round < rounds; round++) {
      const answers = await Promise.all(
        Array.from({ length: atOnce }, async () => {
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

/** Both scenarios against one running server: issue 33's six at once, then issue 17's burst. */
export async function uploadMemoryScenarios(options: {
  origin: string;
  token: string;
  rssMb: () => number;
}) {
  const sixAtOnce = await uploadBurstMemory({
    ...options,
    atOnce: 6,
    rounds: 1,
    width: 6100,
    height: 4080,
  });
  const burst = await uploadBurstMemory(options);
  return { sixAtOnce, burst };
}

/** The report's lines, with each target's verdict. */
export function formatUploadMemory({
  sixAtOnce,
  burst,
}: Awaited<ReturnType<typeof uploadMemoryScenarios>>): string[] {
  const mb = (value: number) => value.toFixed(0);
  const refused = (result: UploadMemoryResult) => {
    const count = result.statuses.filter((status) => status !== 200).length;
    return count ? `, ${count} uploads not accepted!` : "";
  };
  const above = sixAtOnce.peakMb - sixAtOnce.beforeMb;
  const givenBack = burst.afterPauseMb - burst.beforeMb <= 64;
  return [
    `image uploads at once (6 x 24.9 MP PNG, 6100 x 4080): RSS ${mb(sixAtOnce.beforeMb)} MB idle, peak ${mb(sixAtOnce.peakMb)} MB (+${mb(above)} MB; target <= +200 MB ${above <= 200 ? "ok" : "MISSED"})${refused(sixAtOnce)}`,
    `image upload burst (16 x 24 MP PNG, 8 at a time): RSS ${mb(burst.beforeMb)} MB before, peak ${mb(burst.peakMb)} MB, ${mb(burst.afterBurstMb)} MB right after, ${mb(burst.afterPauseMb)} MB after 20 s idle (within 64 MB of before ${givenBack ? "ok" : "MISSED"})${refused(burst)}`,
  ];
}
