import type { Article, ArticleInputParsed, ArticleStatus } from "@aurumwire/shared/articles";
import type { ArticleWrite } from "../../api/admin-articles";

/** What the editor form holds: every field of spec point 2, in the shapes the inputs use. */
export type ArticleFormValues = {
  title: string;
  excerpt: string;
  content: string;
  /** "" until a category is chosen, so the schema can answer 'Category is required'. */
  categoryId: number | "";
  tags: string[];
  featuredImage: string | null;
  metaTitle: string;
  metaDescription: string;
  status: ArticleStatus;
  isFeatured: boolean;
  isPremium: boolean;
};

export const emptyArticleForm: ArticleFormValues = {
  title: "",
  excerpt: "",
  content: "",
  categoryId: "",
  tags: [],
  featuredImage: null,
  metaTitle: "",
  metaDescription: "",
  status: "draft",
  isFeatured: false,
  isPremium: false,
};

export function toFormValues(article: Article): ArticleFormValues {
  return {
    title: article.title,
    excerpt: article.excerpt,
    content: article.content ?? "",
    categoryId: article.categoryId ?? "",
    tags: article.tags,
    featuredImage: article.featuredImage,
    metaTitle: article.metaTitle ?? "",
    metaDescription: article.metaDescription ?? "",
    status: article.status,
    isFeatured: article.isFeatured,
    isPremium: article.isPremium,
  };
}

/** The form's values as the schema wants to read them ("" category means none chosen). */
export function toSchemaInput(values: ArticleFormValues) {
  return { ...values, categoryId: values.categoryId === "" ? undefined : values.categoryId };
}

export type SaveAction = "draft" | "save" | "publish";

/**
 * The request body for each button (spec point 4): Save Draft sets draft and clears publishedAt;
 * Publish sets published with publishedAt now; the main save button keeps the chosen status,
 * stamps now when the article becomes published, and clears the date otherwise. An article that
 * was already published keeps its original date on later saves.
 */
export function toRequestBody(
  parsed: ArticleInputParsed,
  action: SaveAction,
  storedStatus: ArticleStatus | null,
  now: Date = new Date(),
): ArticleWrite {
  const { publishedAt: _ignored, generateImage: _generate, ...fields } = parsed;
  if (action === "draft") return { ...fields, status: "draft", publishedAt: null };
  if (action === "publish") {
    return { ...fields, status: "published", publishedAt: now.toISOString() };
  }
  if (fields.status !== "published") return { ...fields, publishedAt: null };
  if (storedStatus === "published") return fields;
  return { ...fields, publishedAt: now.toISOString() };
}
