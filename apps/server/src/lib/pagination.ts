import type { Pagination } from "@aurumwire/shared/articles";

/** A list request's page (1-based) and page size. */
export interface PageRequest {
  page: number;
  limit: number;
}

/** How many rows come before the requested page. */
export const pageOffset = ({ page, limit }: PageRequest): number => (page - 1) * limit;

/**
 * The `pagination` object of every paged list answer. `atLeastOnePage`: an empty list still has
 * page 1 of 1 (the audit log and the admin article list say so; the other lists answer 0 pages).
 */
export function pagination(
  { page, limit }: PageRequest,
  total: number,
  options: { atLeastOnePage?: boolean } = {},
): Pagination {
  const pages = Math.ceil(total / limit);
  return {
    page,
    limit,
    total,
    totalPages: options.atLeastOnePage ? Math.max(1, pages) : pages,
  };
}
