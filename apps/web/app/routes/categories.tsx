import type { Category } from "@aurumwire/shared/articles";
import { Link } from "react-router";
import { PageHeading } from "../components/page-heading";
import "../components/site.css";
import "../features/articles/articles.css";
import { readableTextColor } from "../lib/contrast";
import { readingPage } from "../lib/reading-page";
import { seoMeta } from "../lib/seo";
import type { Route } from "./+types/categories";

/** Scripts start after the content has painted (decision 150). */
export const handle = readingPage;

export async function loader({ context }: Route.LoaderArgs) {
  try {
    return {
      categories: await context.services.categories.list({ includeHierarchy: true }),
      error: null,
    };
  } catch (error) {
    console.error("categories failed", error);
    return { categories: [] as Category[], error: "Failed to load categories" };
  }
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({
    matches,
    title: "Categories",
    description:
      "Browse AurumWire by topic: Bitcoin, Ethereum, DeFi, NFT, markets, trading, technical analysis and more.",
    path: "/categories",
  });

function CategoryTile({ category }: { category: Category }) {
  return (
    <div className="aw-category-tile" style={{ borderTopColor: category.color }}>
      <Link to={`/category/${category.slug}`} className="aw-category-tile__link">
        <span
          className="aw-chip"
          style={{ background: category.color, color: readableTextColor(category.color) }}
        >
          {category.articleCount} {category.articleCount === 1 ? "article" : "articles"}
        </span>
        <h2>{category.name}</h2>
        {category.description && <p>{category.description}</p>}
      </Link>
      {category.children && category.children.length > 0 && (
        <ul aria-label={`${category.name} subcategories`}>
          {category.children.map((child) => (
            <li key={child.id}>
              <Link to={`/category/${child.slug}`}>
                <span className="aw-dot" style={{ background: child.color }} />
                {child.name} <span className="aw-muted">({child.articleCount})</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export default function CategoriesPage({ loaderData }: Route.ComponentProps) {
  const { categories, error } = loaderData;
  return (
    <>
      <PageHeading title="Categories" subtitle="Every desk of the newsroom, by topic." />
      {error ? (
        <div className="aw-alert" role="alert">
          {error}
        </div>
      ) : (
        <div className="aw-grid aw-grid--3">
          {categories.map((category) => (
            <CategoryTile key={category.id} category={category} />
          ))}
        </div>
      )}
    </>
  );
}
