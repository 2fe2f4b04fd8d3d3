import { Fragment } from "react";
import { SiteLink } from "../../components/site-link";
import "../../components/site.css";
import "./articles.css";

export interface Crumb {
  name: string;
  path: string;
}

/** Home > ... > current page; the last item is the page itself. */
export function Breadcrumb({ items }: { items: Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb">
      <ol className="aw-breadcrumb" style={{ listStyle: "none", padding: 0 }}>
        {items.map((item, index) => (
          <Fragment key={item.path}>
            {index > 0 && <li aria-hidden="true">›</li>}
            <li>
              {index === items.length - 1 ? (
                <span aria-current="page">{item.name}</span>
              ) : (
                <SiteLink to={item.path}>{item.name}</SiteLink>
              )}
            </li>
          </Fragment>
        ))}
      </ol>
    </nav>
  );
}
