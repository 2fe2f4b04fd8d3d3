import { imageVariantWidths } from "@aurumwire/shared/media";
import { loadSharp } from "../../lib/sharp";
import type { FileStorage } from "./file-storage";

export const coverSize = { width: 1200, height: 600 } as const;
/** The Open Graph share image: the one place a cover may carry the headline. */
export const shareImageSize = { width: 1200, height: 630 } as const;

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
 * A branded cover: the dark gold AurumWire look, a tint of the category colour, and a few
 * chart-like lines and rings that vary with the title. Drawn locally with sharp from SVG: no
 * network, no AI service needed. On the site (1200x600, `headline` off) it is artwork only: cards
 * print the title and category beside it, and thumbnails would crop drawn words into fragments.
 * The share image (1200x630, `headline` on) adds the category label, the title and the site name,
 * because a link preview shows nothing else.
 */
export function brandedCoverSvg(options: {
  title: string;
  label: string;
  color: string;
  siteName: string;
  headline?: boolean;
}): string {
  const { width, height } = options.headline ? shareImageSize : coverSize;
  const random = seededRandom(options.title);
  const color = /^#[0-9a-f]{6}$/i.test(options.color) ? options.color : "#FFD700";
  const lines = wrapTitle(options.title, 30, 4);
  const fontSize = lines.length > 3 ? 54 : 60;
  const lineHeight = fontSize * 1.18;
  const titleTop = height - 120 - lineHeight * (lines.length - 1);
  // With a headline the artwork keeps to the right; without one it spans the frame.
  const artLeft = options.headline ? 560 : 64;
  // Without a headline below it, the artwork sits in the middle of the frame.
  const artTop = options.headline ? 0 : 120;
  const points = Array.from({ length: Math.floor((width - artLeft) / 55) + 1 }, (_, index) => {
    const x = artLeft + index * 55;
    const y = artTop + 110 + random() * 150 - index * 4;
    return `${x},${y.toFixed(1)}`;
  }).join(" ");
  const rings = Array.from({ length: 3 }, () => {
    const cx = artLeft + 260 + random() * (width - artLeft - 280);
    const cy = artTop + 60 + random() * 220;
    const r = 60 + random() * 140;
    return `<circle cx="${cx.toFixed(0)}" cy="${cy.toFixed(0)}" r="${r.toFixed(0)}" fill="none" stroke="${color}" stroke-opacity="0.18" stroke-width="2"/>`;
  }).join("");
  const bars = Array.from({ length: Math.floor((width - artLeft - 40) / 36) }, (_, index) => {
    const barHeight = 20 + random() * 90;
    return `<rect x="${artLeft + 40 + index * 36}" y="${(artTop + 330 - barHeight).toFixed(0)}" width="18" height="${barHeight.toFixed(0)}" rx="3" fill="${color}" fill-opacity="0.12"/>`;
  }).join("");
  const titleText = lines
    .map(
      (line, index) =>
        `<text x="64" y="${(titleTop + index * lineHeight).toFixed(0)}" font-size="${fontSize}" font-weight="700" fill="#F5F5F7">${escapeSvgText(line)}</text>`,
    )
    .join("");
  const label = escapeSvgText(options.label.toUpperCase());
  const labelWidth = 34 + label.length * 13;
  const headlineText = `<g font-family="Liberation Sans, DejaVu Sans, Arial, sans-serif">
<rect x="64" y="56" width="${labelWidth}" height="40" rx="20" fill="${color}" fill-opacity="0.9"/>
<text x="${64 + labelWidth / 2}" y="83" font-size="20" font-weight="700" fill="#0B0B0F" text-anchor="middle" letter-spacing="1">${label}</text>
${titleText}
<rect x="64" y="${height - 70}" width="56" height="4" fill="url(#gold)"/>
<text x="136" y="${height - 60}" font-size="24" font-weight="700" fill="#FFD700" letter-spacing="2">${escapeSvgText(options.siteName.toUpperCase())}</text>
</g>`;
  // Without words, a soft glow of the category colour balances the chart.
  const artworkAccent = `<circle cx="300" cy="${height / 2}" r="230" fill="${color}" fill-opacity="0.08"/>`;
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
${options.headline ? headlineText : artworkAccent}
</svg>`;
}

export async function drawBrandedCover(options: Parameters<typeof brandedCoverSvg>[0]) {
  const sharp = await loadSharp();
  return sharp(Buffer.from(brandedCoverSvg(options)))
    .jpeg({ quality: 82, progressive: true })
    .toBuffer();
}

/**
 * Draws a cover into the file storage in every srcset width (`covers/<stem>-400.jpg` ... like
 * uploads) and answers the URL of the largest.
 */
export async function saveBrandedCover(
  files: FileStorage,
  fileStem: string,
  options: Parameters<typeof brandedCoverSvg>[0],
): Promise<string> {
  const stem = fileStem.replace(/[^a-z0-9-]/gi, "-").slice(0, 90) || "cover";
  const sharp = await loadSharp();
  const drawn = await drawBrandedCover(options);
  let largest = "";
  for (const width of imageVariantWidths) {
    const data =
      width === coverSize.width
        ? drawn
        : await sharp(drawn).resize(width).jpeg({ quality: 82, mozjpeg: true }).toBuffer();
    largest = await files.put(`covers/${stem}-${width}.jpg`, data, { contentType: "image/jpeg" });
  }
  return largest;
}
