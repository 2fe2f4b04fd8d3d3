import {
  type GenerateArticleInputParsed,
  type GenerationSource,
  generatorSectionCounts,
  generatorWordRanges,
} from "@aurumwire/shared/ai-writer";
import type { ChatMessage } from "./provider";

/**
 * The writer's prompts. The model writes from our own reporting: the sources are the archive
 * passages found for the topic, and it is told to use no facts, figures or quotes beyond them
 * and the editor's topic.
 */

const audienceNotes: Record<GenerateArticleInputParsed["targetAudience"], string> = {
  general: "a general audience: explain terms briefly",
  beginners: "crypto beginners: explain every term, avoid jargon",
  intermediate: "readers who know the basics of crypto",
  advanced: "experienced crypto readers: skip the basics",
  investors: "investors: focus on risks, market impact and what to watch",
  developers: "developers: be precise about protocols and technical details",
};

function sourceBlock(sources: GenerationSource[]): string {
  if (sources.length === 0) {
    return "No archive articles were found for this topic. Do not state any figures, prices, dates or quotes; write only general, well-known background and say plainly where readers should check current data.";
  }
  return sources
    .map(
      (source, index) =>
        `[${index + 1}] "${source.title}" (${source.publishedAt?.slice(0, 10) ?? "undated"}, link /article/${source.slug})\n${source.passage}`,
    )
    .join("\n\n");
}

function systemPrompt(input: GenerateArticleInputParsed, styleGuide: string): string {
  return [
    "You are a staff writer at AurumWire, a cryptocurrency news site. You write a draft that an editor will review before anything is published.",
    "Use only facts, figures, prices, dates and quotes found in the numbered sources below or in the topic. Never invent numbers. When a source is used, cite it by its number in square brackets, like [1].",
    `Article type: ${input.articleType}. Tone: ${input.tone}. Write for ${audienceNotes[input.targetAudience]}.`,
    "This is not financial advice; never tell readers to buy or sell.",
    styleGuide ? `House style guide:\n${styleGuide}` : "",
  ]
    .filter(Boolean)
    .join("\n");
}

export function outlineMessages(
  input: GenerateArticleInputParsed,
  sources: GenerationSource[],
  styleGuide = "",
): ChatMessage[] {
  const sections = generatorSectionCounts[input.length];
  const words = generatorWordRanges[input.length];
  return [
    { role: "system", content: systemPrompt(input, styleGuide) },
    {
      role: "user",
      content: [
        `Topic: ${input.prompt}`,
        input.keywords.length ? `Keywords to cover: ${input.keywords.join(", ")}` : "",
        `The article will be ${words.min}-${words.max} words in ${sections} sections.`,
        "",
        "Sources:",
        sourceBlock(sources),
        "",
        "Answer with one JSON object and nothing else, with these fields:",
        '{"title": "headline, 30 to 60 characters", "excerpt": "summary of 100 to 200 characters", "metaTitle": "50 to 60 characters", "metaDescription": "120 to 160 characters", "tags": ["3 to 6 lowercase tags"],',
        `"sections": [${sections} objects {"heading": "section heading", "points": "what the section covers, which sources it uses"}]}`,
      ]
        .filter((line) => line !== null)
        .join("\n"),
    },
  ];
}

export function sectionMessages(options: {
  input: GenerateArticleInputParsed;
  sources: GenerationSource[];
  title: string;
  headings: string[];
  index: number;
  points: string;
  styleGuide?: string;
}): ChatMessage[] {
  const { input, sources, title, headings, index, points } = options;
  const words = generatorWordRanges[input.length];
  const perSection = Math.round((words.min + words.max) / 2 / headings.length);
  return [
    { role: "system", content: systemPrompt(input, options.styleGuide ?? "") },
    {
      role: "user",
      content: [
        `Article: "${title}" (topic: ${input.prompt})`,
        `Outline: ${headings.map((heading, i) => `${i + 1}. ${heading}`).join("; ")}`,
        "",
        "Sources:",
        sourceBlock(sources),
        "",
        `Write section ${index + 1} of ${headings.length}, "${headings[index]}", about ${perSection} words. It covers: ${points || headings[index]}.`,
        "Answer with the section body only, as HTML paragraphs (<p>, and <ul>/<li> or <strong> where useful). No heading, no <html>, no Markdown, no scripts.",
      ].join("\n"),
    },
  ];
}
