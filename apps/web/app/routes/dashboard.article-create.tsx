import { ArticleEditor } from "../features/article-editor/article-editor";

export default function DashboardArticleCreatePage() {
  return <ArticleEditor />;
}
