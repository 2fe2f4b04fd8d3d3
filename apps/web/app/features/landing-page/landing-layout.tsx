import { Footer, type FooterColumn, legalColumn } from "../../components/layout/footer";
import { SiteLink } from "../../components/site-link";
import { SkipLink } from "../../components/skip-link";
import type { LandingArticle, LandingPageData } from "./compose-landing-page";
import { LandingSection, type LandingSlots } from "./landing-section";
import "./landing.css";

const footerColumns: FooterColumn[] = [
  {
    title: "Company",
    links: [
      { label: "About Us", to: "/about" },
      { label: "Careers", to: "/careers" },
      { label: "Contact", to: "/contact" },
      { label: "Advertise", to: "/advertise" },
    ],
  },
  {
    title: "Products",
    links: [
      { label: "News", to: "/articles" },
      { label: "Markets", to: "/markets" },
      { label: "Market Analysis", to: "/analysis" },
      { label: "Trending", to: "/trending" },
    ],
  },
  legalColumn,
  {
    title: "Resources",
    links: [
      { label: "Categories", to: "/categories" },
      { label: "RSS Feed", to: "/rss.xml", document: true },
      { label: "Sitemap", to: "/sitemap.xml", document: true },
      { label: "Public API", to: "/public/docs", document: true },
    ],
  },
];
/**
 * The alternate landing layout (spec point 2; decision 120): its own top bar with search and
 * category links, the editor's banner, the manager's active sections in order, the Daily
 * Newsletter box and a footer with Company, Products, Legal and Resources columns.
 */
export function LandingLayout<CardArticle extends LandingArticle>({
  data,
  siteName,
  slots,
  embedded = false,
}: {
  data: LandingPageData<CardArticle>;
  siteName: string;
  slots: LandingSlots<CardArticle>;
  /**
   * Shown inside another page (the manager's Preview): that page owns the h1 and the landmarks,
   * so the layout's header, main and footer become plain boxes and its title an h2.
   */
  embedded?: boolean;
}) {
  const { content } = data;
  const Header = embedded ? "div" : "header";
  const Main = embedded ? "div" : "main";
  const Title = embedded ? "h2" : "h1";
  return (
    <div className="aw-landing">
      {!embedded && <SkipLink />}
      <Header className="aw-landing-top">
        <div className="aw-container aw-landing-top__bar">
          <SiteLink to="/" className="aw-landing-top__brand">
            {siteName}
          </SiteLink>
          <form className="aw-landing-search" method="get" action="/search" role="search">
            <label className="aw-visually-hidden" htmlFor="landing-search">
              Search articles
            </label>
            <input
              id="landing-search"
              type="search"
              name="q"
              placeholder="Search crypto news..."
              required
            />
            <button type="submit">Search</button>
          </form>
          <SiteLink to="/login" className="aw-landing-top__login">
            Login
          </SiteLink>
        </div>
        {data.categories.length > 0 && (
          <nav className="aw-container aw-landing-categories" aria-label="Categories">
            {data.categories.map((category) => (
              <SiteLink key={category.id} to={`/category/${category.slug}`}>
                {category.name}
              </SiteLink>
            ))}
          </nav>
        )}
      </Header>
      <Main
        className="aw-container aw-main"
        {...(embedded ? {} : { id: "main-content", tabIndex: -1 })}
      >
        <section className="aw-landing-banner" aria-labelledby="landing-banner-title">
          <Title id="landing-banner-title" className="aw-landing-banner__title">
            {content.heroTitle}
          </Title>
          {content.heroSubtitle && (
            <p className="aw-landing-banner__subtitle">{content.heroSubtitle}</p>
          )}
          <div className="aw-landing-banner__buttons">
            {content.primaryButtonText && content.primaryButtonLink && (
              <SiteLink to={content.primaryButtonLink} className="aw-landing-button">
                {content.primaryButtonText}
              </SiteLink>
            )}
            {content.secondaryButtonText && content.secondaryButtonLink && (
              <SiteLink
                to={content.secondaryButtonLink}
                className="aw-landing-button aw-landing-button--outline"
              >
                {content.secondaryButtonText}
              </SiteLink>
            )}
          </div>
        </section>
        {data.error && (
          <div className="aw-alert" role="alert" style={{ marginBottom: 24 }}>
            {data.error}
          </div>
        )}
        {data.blocks.map((block, index) => (
          <LandingSection key={block.id} block={block} slots={slots} first={index === 0} />
        ))}
        {slots.newsletter}
        {(content.aboutTitle || content.aboutContent) && (
          <section className="aw-section aw-landing-about" aria-labelledby="landing-about-title">
            <h2 id="landing-about-title" className="aw-section__title">
              {content.aboutTitle}
            </h2>
            <p>{content.aboutContent}</p>
          </section>
        )}
      </Main>
      <Footer siteName={siteName} columns={footerColumns} columnsAsNav embedded={embedded} />
    </div>
  );
}
