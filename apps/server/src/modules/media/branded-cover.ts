import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { imageVariantWidths } from "@aurumwire/shared/media";
import { loadSharp } from "../../lib/sharp";

export const coverSize = { width: 1200, height: 600 } as const;

function escapeSvgText(text: string): string {
  return text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Greedy word wrap by character count: good enough for a cover's few large lines. */
export function wrapTitle(title: string, maxChars: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of title.split(/\s+/).filter(Boolean)) {
    if (line && `${line} ${word}`.length > maxChars) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    kept[maxLines - 1] = `${kept[maxLines - 1].replace(/[,.;:]?$/, "")}…`;
    return kept;
  }
  return lines;
}

/** A small deterministic generator, so one title always gets the same artwork. */
function seededRandom(text: string): () => number {
  let state = 2166136261;
  for (const char of text) state = Math.imul(state ^ char.charCodeAt(0), 16777619) >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 4294967296;
  };
}

/**
 * A branded cover (1200x600): the dark gold AurumWire look, a tint of the category colour, a few
 * chart-like lines and rings that vary with the title, the category label and the title itself.
 * Drawn locally with sharp from SVG: no network, no AI service needed.
 */
export function brandedCoverSvg(options: {
  title: string;
  label: string;
  color: string;
  siteName: string;
}): string {
  const { width, height } = coverSize;
  const random = seededRandom(options.title);
  const color = /^#[0-9a-f]{6}$/i.test(options.color) ? options.color : "#FFD700";
  const lines = wrapTitle(options.title, 30, 4);
  const fontSize = lines.length > 3 ? 54 : 60;
  const lineHeight = fontSize * 1.18;
  const titleTop = height - 120 - lineHeight * (lines.length - 1);
  const points = Array.from({ length: 13 }, (_, index) => {
    const x = 560 + index * 55;
    const y = 110 + random() * 150 - index * 4;
    return `${x},${y.toFixed(1)}`;
  }).join(" ");
  const rings = Array.from({ length: 3 }, () => {
    const cx = 820 + random() * 320;
    const cy = 60 + random() * 220;
    const r = 60 + random() * 140;
    return `<circle cx="${cx.toFixed(0)}" cy="${cy.toFixed(0)}" r="${r.toFixed(0)}" fill="none" stroke="${color}" stroke-opacity="0.18" stroke-width="2"/>`;
  }).join("");
  const bars = Array.from({ length: 16 }, (_, index) => {
    const barHeight = 20 + random() * 90;
    return `<rect x="${600 + index * 36}" y="${(330 - barHeight).toFixed(0)}" width="18" height="${barHeight.toFixed(0)}" rx="3" fill="${color}" fill-opacity="0.12"/>`;
  }).join("");
  const titleText = lines
    .map(
      (line, index) =>
        `<text x="64" y="${(titleTop + index * lineHeight).toFixed(0)}" font-size="${fontSize}" font-weight="700" fill="#F5F5F7">${escapeSvgText(line)}</text>`,
    )
    .join("");
  const label = escapeSvgText(options.label.toUpperCase());
  const labelWidth = 34 + label.length * 13;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs>
<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#0B0B0F"/><stop offset="0.55" stop-color="#15151C"/><stop offset="1" stop-color="${color}" stop-opacity="0.55"/></linearGradient>
<linearGradient id="gold" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#FFD700"/><stop offset="1" stop-color="#B8860B"/></linearGradient>
<linearGradient id="fade" x1="0" y1="0" x2="0" y2="1"><stop offset="0.35" stop-color="#0B0B0F" stop-opacity="0"/><stop offset="1" stop-color="#0B0B0F" stop-opacity="0.85"/></linearGradient>
</defs>
<rect width="${width}" height="${height}" fill="url(#bg)"/>
${rings}${bars}
<polyline points="${points}" fill="none" stroke="url(#gold)" stroke-width="4" stroke-linejoin="round" stroke-opacity="0.75"/>
<rect width="${width}" height="${height}" fill="url(#fade)"/>
<g font-family="Liberation Sans, DejaVu Sans, Arial, sans-serif">
<rect x="64" y="56" width="${labelWidth}" height="40" rx="20" fill="${color}" fill-opacity="0.9"/>
<text x="${64 + labelWidth / 2}" y="83" font-size="20" font-weight="700" fill="#0B0B0F" text-anchor="middle" letter-spacing="1">${label}</text>
${titleText}
<rect x="64" y="${height - 70}" width="56" height="4" fill="url(#gold)"/>
<text x="136" y="${height - 60}" font-size="24" font-weight="700" fill="#FFD700" letter-spacing="2">${escapeSvgText(options.siteName.toUpperCase())}</text>
</g>
</svg>`;
}

export async function drawBrandedCover(options: Parameters<typeof brandedCoverSvg>[0]) {
  const sharp = await loadSharp();
  return sharp(Buffer.from(brandedCoverSvg(options)))
    .jpeg({ quality: 82, progressive: true })
    .toBuffer();
}

/**
 * Draws a cover into DATA_DIR/uploads/covers in every srcset width (`<name>-400.jpg` ... like
 * uploads) and answers the public path of the largest.
 */
export async function saveBrandedCover(
  dataDir: string,
  fileStem: string,
  options: Parameters<typeof brandedCoverSvg>[0],
): Promise<string> {
  const directory = path.join(dataDir, "uploads", "covers");
  await mkdir(directory, { recursive: true });
  const stem = fileStem.replace(/[^a-z0-9-]/gi, "-").slice(0, 90);
  const sharp = await loadSharp();
  const drawn = await drawBrandedCover(options);
  let largest = "";
  for (const width of imageVariantWidths) {
    const fileName = `${stem}-${width}.jpg`;
    const data =
      width === coverSize.width
        ? drawn
        : await sharp(drawn).resize(width).jpeg({ quality: 82, mozjpeg: true }).toBuffer();
    await writeFile(path.join(directory, fileName), data);
    largest = `/uploads/covers/${fileName}`;
  }
  return largest;
}
