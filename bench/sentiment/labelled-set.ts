import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export type Label = "positive" | "neutral" | "negative";
export const labels: readonly Label[] = ["positive", "neutral", "negative"];

/** The project's own labelled sentences (README.md here): one file per label, one a line. */
export function readLabelledSet(): { text: string; label: Label }[] {
  const folder = path.dirname(fileURLToPath(import.meta.url));
  return labels.flatMap((label) =>
    readFileSync(path.join(folder, `${label}.txt`), "utf8")
      .split("\n")
      .map((line) => line.trim())
      .filter(Boolean)
      .map((text) => ({ text, label })),
  );
}
