/**
 * The prompt for a featured image, from what the article is about. It asks for an editorial
 * illustration in the house look and, every time, for no text, logos or recognisable people:
 * models draw words badly, logos are others' marks, and a made-up picture of a real person in the
 * news is a fabrication.
 */
export const houseImageStyle =
  "premium editorial illustration for a crypto and finance newsroom, dark background with warm gold light, cinematic lighting, clean wide composition with the subject in the centre, subtle depth of field";

export const imageNegativePrompt =
  "text, letters, words, numbers, captions, typography, watermark, signature, logo, brand mark, coin logo, real person, celebrity, face, portrait, blurry, low quality, distorted";

function clean(text: string, max: number): string {
  const plain = text
    .replace(/<[^>]*>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return plain.length > max ? `${plain.slice(0, max - 1).replace(/\s+\S*$/, "")}…` : plain;
}

export function buildImagePrompt(article: {
  title: string;
  excerpt: string;
  category: string | null;
}): string {
  const parts = [
    `A ${houseImageStyle}.`,
    `Theme: ${clean(article.title, 200)}.`,
    article.excerpt.trim() ? `Context: ${clean(article.excerpt, 300)}` : "",
    article.category ? `Section: ${clean(article.category, 60)}.` : "",
    "Show the idea through symbolic objects, charts, light and places.",
    "No text, letters or numbers anywhere in the image, no logos, and no real or recognisable people's faces.",
  ];
  return parts.filter(Boolean).join(" ");
}
