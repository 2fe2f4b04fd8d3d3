import { ArticlesManagement } from "../features/articles-management/articles-management";

export default function DashboardArticlesPage() {
  return <ArticlesManagement />;
}
