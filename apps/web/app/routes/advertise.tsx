import { StaticPage } from "../features/static-pages/static-page";
import { readingPage } from "../lib/reading-page";
import { seoMeta } from "../lib/seo";
import type { Route } from "./+types/advertise";

/** Scripts start after the content has painted (decision 150). */
export const handle = readingPage;

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({
    matches,
    title: "Advertise",
    description:
      "Reach an engaged crypto audience on AurumWire: banners, sponsored content, newsletter and video packages.",
    path: "/advertise",
  });

const stats = [
  { value: "2.5M+", label: "Monthly page views" },
  { value: "500K+", label: "Monthly readers" },
  { value: "85%", label: "Reader retention" },
  { value: "4.8/5", label: "Reader rating" },
];

const formats = [
  {
    name: "Banner Ads",
    price: "From $2,500 per month",
    text: "Display placements across the home page, article pages and section fronts.",
  },
  {
    name: "Sponsored Content",
    price: "From $5,000 per article",
    text: "An article written with our studio team and clearly labelled as sponsored.",
  },
  {
    name: "Newsletter",
    price: "From $3,000 per edition",
    text: "A featured slot in our daily newsletter, read by 50K+ subscribers.",
  },
  {
    name: "Video",
    price: "From $4,000 per campaign",
    text: "Pre-roll and sponsored segments in our market video briefings.",
  },
];

const packages = [
  {
    name: "Starter",
    price: "$2,500 per month",
    text: "Banner placements with monthly reporting. 30-day minimum.",
    popular: false,
  },
  {
    name: "Professional",
    price: "$7,500 per month",
    text: "Banners, one sponsored article and two newsletter slots each month.",
    popular: true,
  },
  {
    name: "Enterprise",
    price: "Custom",
    text: "A tailored campaign across every format with a dedicated account manager.",
    popular: false,
  },
];

export default function AdvertisePage() {
  return (
    <StaticPage
      title="Advertise With Us"
      lead="Put your brand in front of readers who follow crypto closely and decide carefully."
    >
      <div className="aw-static-cards">
        {stats.map((stat) => (
          <div key={stat.label} className="aw-static-card">
            <div className="aw-stat">{stat.value}</div>
            <p>{stat.label}</p>
          </div>
        ))}
      </div>
      <h2>Ad formats</h2>
      <div className="aw-static-cards">
        {formats.map((format) => (
          <div key={format.name} className="aw-static-card">
            <h3>{format.name}</h3>
            <p className="aw-price">{format.price}</p>
            <p>{format.text}</p>
          </div>
        ))}
      </div>
      <h2>Packages</h2>
      <div className="aw-static-cards">
        {packages.map((item) => (
          <div
            key={item.name}
            className={`aw-static-card${item.popular ? " aw-static-card--highlight" : ""}`}
          >
            {item.popular && <span className="aw-chip">Most popular</span>}
            <h3>{item.name}</h3>
            <p className="aw-price">{item.price}</p>
            <p>{item.text}</p>
            <button
              type="button"
              className={`aw-button${item.popular ? "" : " aw-button--outline"}`}
            >
              {item.price === "Custom" ? "Contact Sales" : "Get Started"}
            </button>
          </div>
        ))}
      </div>
      <p>Campaigns are set up within 24-48 hours of booking.</p>
    </StaticPage>
  );
}
