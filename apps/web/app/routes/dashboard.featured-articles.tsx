import { FeaturedArticles } from "../features/featured-articles/featured-articles";

export default function DashboardFeaturedArticlesPage() {
  return <FeaturedArticles />;
}
