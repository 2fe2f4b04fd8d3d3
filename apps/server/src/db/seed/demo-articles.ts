import { marketArticles } from "./demo-articles-markets";
import { networkArticles } from "./demo-articles-networks";
import { newsroomArticles } from "./demo-articles-newsroom";

/** One demo article as written by the desk; the seed turns it into a row with a cover. */
export interface DemoArticle {
  title: string;
  /** Category slug (demo-categories.ts). */
  category: string;
  tags: string[];
  excerpt: string;
  /** HTML as the editor produces it; sanitized on seeding like every save. */
  body: string;
  /** Published this many hours before the seed ran; negative means scheduled in the future. */
  hoursAgo: number;
  author: "admin" | "editor" | "author";
  featured?: boolean;
  premium?: boolean;
  status?: "draft" | "published";
}

/**
 * Original demo articles: explainers and analysis written to stay true whatever the day. They
 * describe how things work rather than invent events, prices or quotes.
 */
export const demoArticles: DemoArticle[] = [
  ...newsroomArticles,
  ...marketArticles,
  ...networkArticles,
];
