import { useParams } from "react-router";
import { LiveCoverageDesk } from "../features/article-editor/live-coverage-desk";

export default function DashboardArticleLivePage() {
  const { id } = useParams();
  return <LiveCoverageDesk key={id} articleId={Number(id)} />;
}
