import { site } from "@aurumwire/shared/limits";
import { SiteLink } from "../site-link";
import "./public-layout.css";

const columns = [
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
  {
    title: "Legal",
    links: [
      { label: "Privacy Policy", to: "/privacy" },
      { label: "Terms of Service", to: "/terms" },
      { label: "Cookie Policy", to: "/cookies" },
      { label: "Disclaimer", to: "/disclaimer" },
    ],
  },
];

export function Footer({ siteName }: { siteName: string }) {
  return (
    <footer className="aw-footer">
      <div className="aw-container">
        <div className="aw-footer__grid">
          <div className="aw-footer__brand">
            <p className="aw-footer__name">{siteName}</p>
            <p className="aw-footer__text">{site.footerText}</p>
          </div>
          {columns.map((column) => (
            <div key={column.title} className="aw-footer__column">
              <h2 className="aw-footer__title">{column.title}</h2>
              <ul className="aw-footer__links">
                {column.links.map((link) => (
                  <li key={link.to}>
                    <SiteLink to={link.to}>{link.label}</SiteLink>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
        <p className="aw-footer__legal">
          © {new Date().getFullYear()} {siteName}. Not financial advice.
        </p>
      </div>
    </footer>
  );
}
