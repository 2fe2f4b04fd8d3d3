import { isRouteErrorResponse, Link, useRouteError, useRouteLoaderData } from "react-router";
import "../../components/site.css";

/**
 * Error screen of a public page, inside the site layout (header and footer stay): the loader's
 * 404 sentence ('Article not found', 'Category not found') or 'An error occurred'.
 */
export function PageError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const title = notFound && typeof error.data === "string" ? error.data : "An error occurred";
  const root = useRouteLoaderData("root") as { siteName?: string } | undefined;
  return (
    <div className="aw-empty" style={{ margin: "48px auto", maxWidth: 640 }}>
      {/* The failed route's meta gives no title; React puts this one into the head. */}
      <title>{`${title} | ${root?.siteName ?? "AurumWire"}`}</title>
      <h1 style={{ color: "#FFD700", margin: "0 0 12px" }}>{title}</h1>
      <p style={{ marginBottom: 24 }}>
        {notFound
          ? "It may have been moved or unpublished."
          : "Something went wrong while loading this page. Please try again."}
      </p>
      <Link to="/" className="aw-button">
        Back to Home
      </Link>
    </div>
  );
}
