import type { ReactNode } from "react";

/**
 * The outline button under a list of article cards that fetches them (All Stories' 'Load More
 * Articles', Related Articles' 'Retry'): while its request runs it is disabled and reads
 * 'Loading...'.
 */
export function LoadArticlesButton({
  loading,
  onClick,
  children,
}: {
  loading: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  const className = "aw-button aw-button--outline";
  return (
    <button type="button" className={className} onClick={onClick} disabled={loading}>
      {loading ? "Loading..." : children}
    </button>
  );
}
