import type { ReactNode } from "react";
import "./site.css";

/**
 * A page's title and subtitle. Plain HTML with site.css (the sizes MUI's Typography h3 and body1
 * gave): public pages load no MUI for their heading (decision 150).
 */
export function PageHeading({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="aw-page-heading">
      <h1 className="aw-page-heading__title">{title}</h1>
      {subtitle && <p className="aw-page-heading__subtitle">{subtitle}</p>}
      {children}
    </div>
  );
}
