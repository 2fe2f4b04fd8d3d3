import { Fragment } from "react";
import { Link } from "react-router";
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
                <Link to={item.path}>{item.name}</Link>
              )}
            </li>
          </Fragment>
        ))}
      </ol>
    </nav>
  );
}
