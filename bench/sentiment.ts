/**
 * `npm run bench:sentiment` (decision 190): the offline classifier and the npm libraries it was
 * compared with, on the project's labelled set (bench/sentiment): accuracy, macro-F1, the
 * confusion matrix, how much of the neutral text each calls positive, sentences per second on one
 * core and the memory each adds. Each classifier runs in a child process of its own.
 * `SENTIMENT_BENCH_SECONDS` (3) is the speed run per classifier; `SENTIMENT_BENCH_ERRORS=1` lists
 * our classifier's mistakes.
 */
import { execFileSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type Label, labels, readLabelledSet } from "./sentiment/labelled-set";

const here = path.dirname(fileURLToPath(import.meta.url));
const classifiers = [
  "aurumwire",
  "sentiment (AFINN-165)",
  "vader-sentiment",
  "wink-nlp (eng-lite-web-model)",
  "natural (AFINN, Porter stemmer)",
];
const set = readLabelledSet();

interface WorkerResult {
  name: string;
  predictions: Label[];
  perSecond: number;
  rssAddedMb: number;
}

function run(name: string): WorkerResult {
  const output = execFileSync(
    process.execPath,
    ["--expose-gc", "--import", "tsx", path.join(here, "sentiment/classify-worker.ts"), name],
    { cwd: here, encoding: "utf8", env: { ...process.env, DOTENV_CONFIG_QUIET: "true" } },
  );
  const line = output.trim().split("\n").pop()!;
  return JSON.parse(line) as WorkerResult;
}

function report(result: WorkerResult) {
  const matrix = labels.map(() => labels.map(() => 0));
  set.forEach((item, index) => {
    matrix[labels.indexOf(item.label)]![labels.indexOf(result.predictions[index]!)]! += 1;
  });
  const correct = labels.reduce((sum, _, index) => sum + matrix[index]![index]!, 0);
  const f1s = labels.map((_, index) => {
    const truePositives = matrix[index]![index]!;
    const predicted = labels.reduce((sum, __, row) => sum + matrix[row]![index]!, 0);
    const actual = matrix[index]!.reduce((sum, value) => sum + value, 0);
    const precision = predicted ? truePositives / predicted : 0;
    const recall = actual ? truePositives / actual : 0;
    return precision + recall ? (2 * precision * recall) / (precision + recall) : 0;
  });
  const neutralRow = matrix[1]!;
  const neutralTotal = neutralRow.reduce((sum, value) => sum + value, 0);
  console.log(`\n${result.name}`);
  console.log(
    `  accuracy ${((correct / set.length) * 100).toFixed(1)}%  macro-F1 ${(
      f1s.reduce((sum, value) => sum + value, 0) / 3
    ).toFixed(
      3,
    )}  (F1 positive ${f1s[0]!.toFixed(2)}, neutral ${f1s[1]!.toFixed(2)}, negative ${f1s[2]!.toFixed(2)})`,
  );
  console.log(
    `  neutral sentences called positive: ${((neutralRow[0]! / neutralTotal) * 100).toFixed(1)}%`,
  );
  console.log(
    `  ${Math.round(result.perSecond).toLocaleString("en-US")} sentences/s on one core, +${result.rssAddedMb.toFixed(1)} MB RSS`,
  );
  console.log("  confusion (rows: labelled, columns: predicted)");
  console.log(`  ${"".padEnd(10)}${labels.map((label) => label.padStart(10)).join("")}`);
  labels.forEach((label, index) => {
    console.log(
      `  ${label.padEnd(10)}${matrix[index]!.map((value) => String(value).padStart(10)).join("")}`,
    );
  });
  if (result.name === "aurumwire" && process.env.SENTIMENT_BENCH_ERRORS === "1") {
    set.forEach((item, index) => {
      if (item.label !== result.predictions[index]) {
        console.log(`  [${item.label} -> ${result.predictions[index]}] ${item.text}`);
      }
    });
  }
}

const counts = labels.map(
  (label) => `${set.filter((item) => item.label === label).length} ${label}`,
);
console.log(`Labelled set: ${set.length} sentences (${counts.join(", ")})`);
const only = process.env.SENTIMENT_BENCH_ONLY;
for (const name of classifiers) {
  if (only && !name.startsWith(only)) continue;
  report(run(name));
}
