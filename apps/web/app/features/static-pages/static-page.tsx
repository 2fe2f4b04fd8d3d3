import { site } from "@aurumwire/shared/limits";
import type { ReactNode } from "react";
import "../../components/site.css";
import "./static-pages.css";

/** The frame of the static pages: title, optional 'Last updated' line and the text. */
export function StaticPage({
  title,
  lead,
  showUpdated,
  children,
}: {
  title: string;
  lead?: ReactNode;
  showUpdated?: boolean;
  children: ReactNode;
}) {
  return (
    <article className="aw-static">
      <h1>{title}</h1>
      {showUpdated && <p className="aw-static__updated">Last updated {site.staticPagesUpdated}</p>}
      {lead && <p className="aw-static__lead">{lead}</p>}
      {children}
    </article>
  );
}
