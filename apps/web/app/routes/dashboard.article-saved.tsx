import { useParams } from "react-router";
import { ArticleSaved } from "../features/article-editor/article-saved";

export default function DashboardArticleSavedPage() {
  const { id } = useParams();
  return <ArticleSaved articleId={Number(id)} />;
}
