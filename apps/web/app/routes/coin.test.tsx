import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { LineChart } from "../features/sentiment/line-chart";
import { CoinFigures } from "./coin";

/** The markup as a reader sees it, without React's text separators. */
const render = (node: React.ReactElement) => renderToString(node).replaceAll("<!-- -->", "");

const figures = { price: 43_250, change24h: 2.45, marketCap: 846e9, volume: 28.5e9 };

describe("a coin page's market figures", () => {
  it("label the built-in sample prices as sample data, on every card", () => {
    const html = render(<CoinFigures figures={figures} source="sample" updatedAt={null} />);
    expect(html).toContain("$43,250.00");
    expect(html).toContain("Sample data: no live market feed is connected.");
    expect(html).toContain(">Sample data<");
    // Price, 24h change, market cap and volume each carry the mark.
    expect(html.match(/coin-figure-sample/g)).toHaveLength(4);
  });

  it("say live figures are live, with no sample mark", () => {
    const html = render(
      <CoinFigures figures={figures} source="live" updatedAt="2026-11-27T06:00:00.000Z" />,
    );
    expect(html).not.toContain("Sample");
    expect(html).toContain("Live data, updated Nov 27, 2026 06:00 UTC");
  });
});

describe("the 30-day sentiment line", () => {
  it("draws days with no neighbour as dots, not as a stray stroke", () => {
    const points = [...Array.from({ length: 27 }, () => null), 48, null, 55];
    const html = render(
      <LineChart points={points} label="Bitcoin" min={0} max={100} guide={50} minPoints={1} />,
    );
    expect(html.match(/class="line-chart-dot"/g)).toHaveLength(2);
    expect(html).not.toContain("<path");
    expect(html).toContain('stroke-dasharray="4 4"');
  });

  it("joins consecutive days into a line", () => {
    const html = render(<LineChart points={[40, 50, 60]} label="Bitcoin" />);
    expect(html.match(/<path/g)).toHaveLength(1);
    expect(html).not.toContain("line-chart-dot");
  });

  it("says so when there is nothing to draw", () => {
    const html = render(
      <LineChart points={[null, null]} label="Bitcoin" minPoints={1} empty="No coverage." />,
    );
    expect(html).toContain("No coverage.");
    expect(html).not.toContain("<svg");
  });
});
