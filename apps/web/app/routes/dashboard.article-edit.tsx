import { useParams } from "react-router";
import { ArticleEditor } from "../features/article-editor/article-editor";

export default function DashboardArticleEditPage() {
  const { id } = useParams();
  // A fresh editor per article, so nothing of one article's form leaks into the next.
  return <ArticleEditor key={id} articleId={Number(id)} />;
}
