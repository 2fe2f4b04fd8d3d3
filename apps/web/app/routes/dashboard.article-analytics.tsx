import { useParams } from "react-router";
import { ArticleAnalyticsView } from "../features/analytics/article-analytics";

export default function DashboardArticleAnalyticsPage() {
  const { id } = useParams();
  return <ArticleAnalyticsView articleId={Number(id)} />;
}
