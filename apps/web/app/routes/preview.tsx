import { withMuiTheme } from "../components/mui-theme";
import { ArticlePreview } from "../features/article-preview/article-preview";
import { pageMeta, siteNameFrom } from "../lib/meta";
import type { Route } from "./+types/preview";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(siteNameFrom(matches), "Article preview"),
  { name: "robots", content: "noindex" },
];

function PreviewPage() {
  return <ArticlePreview />;
}

export default withMuiTheme(PreviewPage);
