import { site } from "@aurumwire/shared/limits";
import { SiteLink } from "../site-link";
import "./public-layout.css";

/** A footer column; `document` links are served by the server (feeds, API docs), not the web app. */
export interface FooterColumn {
  title: string;
  links: ReadonlyArray<{ label: string; to: string; document?: boolean }>;
}

/** The legal pages: the same column in the site's footer and the landing layout's. */
export const legalColumn: FooterColumn = {
  title: "Legal",
  links: [
    { label: "Privacy Policy", to: "/privacy" },
    { label: "Terms of Service", to: "/terms" },
    { label: "Cookie Policy", to: "/cookies" },
    { label: "Disclaimer", to: "/disclaimer" },
  ],
};

const siteColumns: FooterColumn[] = [
  {
    title: "Categories",
    links: [
      { label: "Bitcoin", to: "/category/bitcoin" },
      { label: "Ethereum", to: "/category/ethereum" },
      { label: "DeFi", to: "/category/defi" },
      { label: "NFT", to: "/category/nft" },
      { label: "News", to: "/category/news" },
    ],
  },
  {
    title: "Explore",
    links: [
      { label: "News", to: "/articles" },
      { label: "Markets", to: "/markets" },
      { label: "Analysis", to: "/analysis" },
      { label: "Trending", to: "/trending" },
    ],
  },
  {
    title: "Company",
    links: [
      { label: "About", to: "/about" },
      { label: "Contact", to: "/contact" },
      { label: "Careers", to: "/careers" },
      { label: "Advertise", to: "/advertise" },
    ],
  },
  legalColumn,
];

/**
 * The site's footer: the brand, its link columns and the legal line. The landing layout passes its
 * own columns (as named navigation landmarks), and renders it as a plain box inside the manager's
 * preview, whose page has a footer of its own.
 */
export function Footer({
  siteName,
  columns = siteColumns,
  columnsAsNav = false,
  embedded = false,
}: {
  siteName: string;
  columns?: FooterColumn[];
  columnsAsNav?: boolean;
  embedded?: boolean;
}) {
  const Root = embedded ? "div" : "footer";
  return (
    <Root className="aw-footer">
      <div className="aw-container">
        <div className="aw-footer__grid">
          <div className="aw-footer__brand">
            <p className="aw-footer__name">{siteName}</p>
            <p className="aw-footer__text">{site.footerText}</p>
          </div>
          {columns.map((column) => {
            const Column = columnsAsNav ? "nav" : "div";
            return (
              <Column
                key={column.title}
                className="aw-footer__column"
                aria-label={columnsAsNav ? column.title : undefined}
              >
                <h2 className="aw-footer__title">{column.title}</h2>
                <ul className="aw-footer__links">
                  {column.links.map((link) => (
                    <li key={link.to}>
                      {link.document ? (
                        <a href={link.to}>{link.label}</a>
                      ) : (
                        <SiteLink to={link.to}>{link.label}</SiteLink>
                      )}
                    </li>
                  ))}
                </ul>
              </Column>
            );
          })}
        </div>
        <p className="aw-footer__legal">
          © {new Date().getFullYear()} {siteName}. Not financial advice.
        </p>
      </div>
    </Root>
  );
}
