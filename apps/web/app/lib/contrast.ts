/** WCAG 2 relative luminance of a #rrggbb colour (sRGB channels linearised). */
function relativeLuminance(hex: string): number | null {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) return null;
  const [r, g, b] = match.slice(1).map((part) => {
    const channel = Number.parseInt(part, 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The WCAG contrast ratio of two #rrggbb colours (1 to 21). */
export function contrastRatio(first: string, second: string): number {
  const a = relativeLuminance(first) ?? 0;
  const b = relativeLuminance(second) ?? 0;
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

// Pure black: with it, one of the two always reaches 4.5:1 (at worst 4.58:1, mid-grey blue).
const darkText = "#000000";
const lightText = "#FFFFFF";

function computeReadableTextColor(background: string): string {
  if (relativeLuminance(background) === null) return darkText;
  return contrastRatio(background, darkText) >= contrastRatio(background, lightText)
    ? darkText
    : lightText;
}

/**
 * Answers by colour: a page shows a handful of category colours on dozens of chips, and working
 * one out (five regular expressions, nine powers) was ~2.5% of an uncached home render (decision
 * 313). Bounded: emptied when it holds more colours than any site has categories.
 */
const textColors = new Map<string, string>();
const mostColorsKept = 256;

/**
 * The text colour for a chip on a category colour: whichever of near-black and white contrasts
 * more (an editor picks any colour; #ff4d4f takes black at 6.2:1, where white gave 3.3:1).
 */
export function readableTextColor(background: string): string {
  let color = textColors.get(background);
  if (color === undefined) {
    color = computeReadableTextColor(background);
    if (textColors.size >= mostColorsKept) textColors.clear();
    textColors.set(background, color);
  }
  return color;
}
