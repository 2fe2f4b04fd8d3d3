import { CategoryManagement } from "../features/categories/category-management";

export default function DashboardCategoriesPage() {
  return <CategoryManagement />;
}
