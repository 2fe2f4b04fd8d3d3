import type { DemoArticle } from "./demo-articles";

/** Markets, trading, technical analysis and bitcoin price. */
export const marketArticles: DemoArticle[] = [
  {
    title: "Market Structure 101: Spot, Futures, Options and Where Price Is Found",
    category: "markets",
    tags: ["markets", "derivatives", "education", "trading"],
    excerpt:
      "Crypto prices are set across dozens of venues and several kinds of instrument at once. A clear map of spot, futures and options markets, and how they pull on each other every second.",
    hoursAgo: 14,
    author: "editor",
    featured: true,
    body: `
<p>Ask where the price of bitcoin comes from and you will get many answers, because there is no single exchange that sets it. Price is discovered across a web of venues and instruments, each with its own participants, and arbitrage keeps them stitched together.</p>
<h2>Spot markets</h2>
<p>Spot exchanges swap coins for cash or stablecoins, settled immediately. They are where long-term buyers and sellers meet, and where coins actually change hands. Index providers usually build reference prices from a basket of large spot venues.</p>
<h2>Futures and perpetuals</h2>
<p>Futures let traders bet on price with leverage and without holding the coin. Perpetual futures, which never expire, dominate crypto volume. Because leverage amplifies positions, large moves often start or accelerate in derivatives before spot follows.</p>
<h2>Options</h2>
<p>Options give the right, but not the obligation, to buy or sell at a set price. Their prices reveal the market's expectation of future volatility, and large positions around particular strikes can influence how dealers hedge near expiry.</p>
<h2>How they connect</h2>
<ul>
<li>Arbitrageurs buy on one venue and sell on another when prices drift apart.</li>
<li>Basis traders hold spot and short futures to capture the premium between them.</li>
<li>Option dealers hedge in spot and futures, feeding volatility expectations back into price.</li>
</ul>
<p>Understanding this map helps explain moves that seem to come from nowhere: often they started in a corner of the market you were not watching.</p>
`,
  },
  {
    title: "Correlation Season: When Crypto Trades Like a Tech Stock",
    category: "markets",
    tags: ["macro", "correlation", "bitcoin", "markets"],
    excerpt:
      "For stretches of time bitcoin moves in lockstep with equity indexes, then suddenly goes its own way. We look at why correlations rise and fall, and what that means for diversification.",
    hoursAgo: 420,
    author: "admin",
    premium: true,
    body: `
<p>Bitcoin was pitched as an asset uncorrelated with everything else. In practice, there have been long stretches when it moved almost in step with technology stocks, and others when it ignored them entirely. Both periods are real, and both have explanations.</p>
<h2>Why correlations rise</h2>
<p>When the same investors hold crypto and equities, they buy and sell them together. Broad shifts in interest rates, dollar strength and risk appetite then hit both at once. In a market stress event, everything that can be sold is sold, and correlations tend toward one.</p>
<h2>Why they fall</h2>
<p>Crypto-specific events, such as a network upgrade, an exchange failure or a supply change, can overwhelm macro forces. So can a change in who owns the asset. When long-term holders dominate, macro headlines move prices less.</p>
<h2>What to do with it</h2>
<ul>
<li>Measure correlation over several windows; a single number hides the regime changes.</li>
<li>Do not assume diversification benefits that only show up in calm markets.</li>
<li>Watch for divergences: when crypto ignores a big macro move, something specific is driving it.</li>
</ul>
<p>Correlation is not a fixed property of an asset but a description of who is trading it and why, right now.</p>
`,
  },
  {
    title: "Position Sizing: The Trading Skill Nobody Posts About",
    category: "trading",
    tags: ["risk-management", "trading", "education"],
    excerpt:
      "Entry signals get the attention, but position size decides whether a trader survives a bad month. A practical framework for sizing trades around risk instead of conviction.",
    hoursAgo: 9,
    author: "editor",
    body: `
<p>Trading content is obsessed with entries: the perfect indicator, the breakout, the setup. Experienced traders will tell you the unglamorous truth. How much you put on a trade matters more than exactly where you enter it.</p>
<h2>Risk per trade, not money per trade</h2>
<p>Start with the amount you are willing to lose if the trade fails, usually a small percentage of your account. Then find the price at which your idea is wrong and place your stop there. Your position size is the risk amount divided by the distance to that stop.</p>
<pre class="ql-syntax" spellcheck="false">position size = (account x risk per trade) / (entry price - stop price)</pre>
<h2>Why it works</h2>
<p>Sizing by risk means a wide stop leads to a smaller position, and a tight stop to a larger one. Every losing trade costs roughly the same, so a run of losses, which will happen, does not end your trading.</p>
<h2>Common mistakes</h2>
<ul>
<li>Moving the stop further away after entering, which quietly increases risk.</li>
<li>Ignoring leverage fees and slippage in the calculation.</li>
<li>Sizing up after wins because confidence feels like information.</li>
</ul>
<blockquote>You cannot control whether a trade works. You can control what it costs you when it does not.</blockquote>
`,
  },
  {
    title: "Reading an Order Book Without Getting Fooled by Spoofs",
    category: "trading",
    tags: ["order-books", "liquidity", "trading"],
    excerpt:
      "Big walls of bids and asks look like support and resistance, but orders can vanish in milliseconds. How to read depth, spot suspicious behaviour and use the book as one input among many.",
    hoursAgo: 98,
    author: "author",
    body: `
<p>The order book is the most direct view of a market's supply and demand, listing every resting buy and sell order at each price. It is also easy to misread, because the orders you see are intentions, not commitments.</p>
<h2>Depth and spread</h2>
<p>The spread is the gap between the best bid and the best ask. Depth is how much volume sits at each level around it. Tight spreads with deep books mean you can trade size without moving price much; wide spreads and thin books mean the opposite.</p>
<h2>Walls and why they move</h2>
<p>A large order sitting at a round number looks like a barrier. Sometimes it is genuine. Sometimes it is placed to influence others and pulled before it can be filled, a practice known as spoofing. Watching whether a wall stays as price approaches tells you more than its size.</p>
<h2>Practical tips</h2>
<ol>
<li>Compare the book across several venues; one exchange's wall may be irrelevant elsewhere.</li>
<li>Watch executed trades, not just resting orders. The tape shows what actually happened.</li>
<li>Be sceptical of walls that appear only when price is far away.</li>
</ol>
<p>Treat the order book as a weather report for the next few minutes. Useful for timing, unreliable for long forecasts.</p>
`,
  },
  {
    title: "Dollar-Cost Averaging Into Crypto: The Math and the Psychology",
    category: "trading",
    tags: ["dca", "investing", "bitcoin", "education"],
    excerpt:
      "Buying a fixed amount on a schedule removes timing decisions from volatile markets. We look at what DCA does and does not achieve, and why its greatest strength is behavioural.",
    hoursAgo: 620,
    author: "admin",
    body: `
<p>Dollar-cost averaging, or DCA, means buying a fixed amount of an asset at regular intervals regardless of price. In crypto, where volatility is extreme and timing is hard, it has become the default advice for newcomers. It deserves that place, though not always for the reasons people give.</p>
<h2>The math</h2>
<p>A fixed amount buys more units when prices are low and fewer when they are high, so your average cost per unit ends up below the average price over the period. Compared with investing a lump sum on day one, DCA usually lags in rising markets and helps in falling ones.</p>
<h2>The psychology</h2>
<p>The real benefit is that DCA removes the most damaging decision: when to buy. It protects you from piling in at a euphoric peak and from freezing during a crash. A plan you can stick with beats a better plan you abandon.</p>
<h2>Making it work</h2>
<ul>
<li>Automate purchases so you are not tempted to skip them.</li>
<li>Watch fees: small, frequent buys can be expensive on some platforms.</li>
<li>Decide in advance what would make you stop, and write it down.</li>
</ul>
<p>DCA is not a guarantee of profit. It is a way to take market timing off your list of things to get wrong.</p>
`,
  },
  {
    title: "Support and Resistance: Why Round Numbers Keep Mattering",
    category: "technical-analysis",
    tags: ["technical-analysis", "charts", "trading", "bitcoin"],
    excerpt:
      "Prices pause at levels where they turned before and at big round numbers. We explain the crowd behaviour behind support and resistance, and how to draw levels that actually help.",
    hoursAgo: 6,
    author: "author",
    premium: true,
    body: `
<p>Support and resistance are the first ideas most traders learn, and they remain useful for a simple reason: they describe memory. Markets remember where they turned before, and traders place orders accordingly.</p>
<h2>Why levels form</h2>
<p>When price bounces off a level, buyers who missed it resolve to buy if it returns. Sellers who held through a drop resolve to sell when they get back to break even. Those intentions pile up as orders around the same prices, which is why levels often hold the first time they are retested.</p>
<h2>Round numbers</h2>
<p>Humans like round numbers, and so do their orders. Stops, take-profit targets and options strikes cluster at them. That concentration of orders can slow price down, or, once broken, accelerate it as stops trigger.</p>
<h2>Drawing better levels</h2>
<ol>
<li>Use zones rather than exact lines; markets are not precise.</li>
<li>Prefer levels visible on higher timeframes, such as daily and weekly charts.</li>
<li>Give more weight to levels where volume was heavy.</li>
<li>Expect a broken support to act as resistance, and the reverse.</li>
</ol>
<blockquote>A level is only a place where decisions were made before. Price respects it until it does not.</blockquote>
`,
  },
  {
    title: "Moving Averages Without the Mystique",
    category: "technical-analysis",
    tags: ["technical-analysis", "indicators", "education"],
    excerpt:
      "The 50-day and 200-day averages appear in countless charts and headlines. What they measure, why crossovers get attention, and the lag that every moving average carries.",
    hoursAgo: 44,
    author: "editor",
    body: `
<p>A moving average smooths price by averaging it over a window, such as the last fifty days. It is the most widely used indicator in markets, and one of the easiest to overinterpret.</p>
<h2>What it shows</h2>
<p>An average turns a noisy line into a trend. Price above a rising average suggests an uptrend; price below a falling one, a downtrend. Longer windows show longer trends and react more slowly.</p>
<h2>Crossovers</h2>
<p>When a short average crosses above a long one, chartists call it a golden cross; the opposite is a death cross. These events make headlines because they are easy to spot, but by construction they arrive after much of the move has happened.</p>
<h2>The lag problem</h2>
<ul>
<li>Every average reflects the past. The longer the window, the later the signal.</li>
<li>In sideways markets, averages whipsaw and generate false signals.</li>
<li>Exponential averages react faster, at the cost of more noise.</li>
</ul>
<p>Moving averages work best as a filter rather than a trigger: a quick way to tell whether you are trading with the trend or against it.</p>
`,
  },
  {
    title: "RSI Divergence: What the Indicator Is Really Telling You",
    category: "technical-analysis",
    tags: ["technical-analysis", "rsi", "momentum", "indicators"],
    excerpt:
      "The relative strength index is simple to read and easy to misuse. A guide to overbought and oversold readings, divergences, and why momentum can stay extreme longer than traders expect.",
    hoursAgo: 150,
    author: "author",
    premium: true,
    body: `
<p>The relative strength index, or RSI, compares the size of recent gains with recent losses and scales the result from zero to one hundred. Readings above seventy are called overbought, below thirty oversold. That is where most explanations stop, and where most mistakes begin.</p>
<h2>Overbought is not a sell signal</h2>
<p>In strong trends, RSI can stay above seventy for weeks. An overbought reading means momentum is strong, not that it is about to reverse. Selling every overbought reading in a bull market is a reliable way to miss it.</p>
<h2>Divergence</h2>
<p>A more useful signal is divergence. When price makes a higher high but RSI makes a lower high, upward momentum is fading even as price climbs. The mirror case, a lower low in price with a higher low in RSI, suggests sellers are running out of strength.</p>
<h2>Using it well</h2>
<ol>
<li>Confirm divergences on higher timeframes before acting on them.</li>
<li>Wait for price to confirm, for example by breaking a recent swing level.</li>
<li>Combine with volume: divergence on shrinking volume is more convincing.</li>
</ol>
<p>RSI measures the speed of a move. Speed matters, but it is not the same as direction.</p>
`,
  },
  {
    title: "Volume Profile: Finding the Prices Where the Market Agreed",
    category: "technical-analysis",
    tags: ["technical-analysis", "volume", "charts", "trading"],
    excerpt:
      "Most charts show volume over time. Volume profile shows it by price, revealing where the market did most of its business and which levels may act as magnets or gaps.",
    hoursAgo: 890,
    author: "editor",
    body: `
<p>Standard volume bars tell you when trading happened. Volume profile turns the chart on its side and tells you where it happened, stacking traded volume at each price level across a period.</p>
<h2>Key parts of a profile</h2>
<ul>
<li><strong>Point of control</strong>: the single price with the most traded volume.</li>
<li><strong>Value area</strong>: the range holding most of the period's volume.</li>
<li><strong>Low-volume nodes</strong>: prices the market moved through quickly, with little agreement.</li>
</ul>
<h2>Why it helps</h2>
<p>High-volume zones are prices participants accepted, so price often returns to them and pauses there. Low-volume gaps are prices the market rejected, so it tends to move through them quickly when it revisits them.</p>
<h2>Limitations</h2>
<p>Crypto volume is spread across many venues, and a profile built from a single exchange shows only part of the picture. Choose a period that matches your trading horizon, and treat the profile as a map of past agreement rather than a forecast.</p>
`,
  },
  {
    title: "What Moves the Bitcoin Price? A Field Guide for New Readers",
    category: "bitcoin-price",
    tags: ["bitcoin", "bitcoin-price", "macro", "education"],
    excerpt:
      "Supply is fixed, so demand does the work. We sort the forces that move bitcoin's price into long-term drivers, medium-term flows and short-term noise, and show how to tell them apart.",
    hoursAgo: 2,
    author: "admin",
    featured: true,
    body: `
<p>Bitcoin's supply schedule is public and predictable, so its price is set almost entirely by changes in demand. That demand comes from very different people on very different timescales, which is why the price can seem to move for no reason at all.</p>
<h2>Long-term drivers</h2>
<ul>
<li><strong>Adoption</strong>: more people, companies and funds choosing to hold it.</li>
<li><strong>Monetary conditions</strong>: real interest rates and the appetite for scarce assets.</li>
<li><strong>Issuance</strong>: the halving cycle reduces new supply every four years or so.</li>
</ul>
<h2>Medium-term flows</h2>
<p>Fund flows, exchange balances and long-term holder behaviour shape trends over weeks and months. When coins leave exchanges for long-term storage, the supply available to trade shrinks.</p>
<h2>Short-term noise</h2>
<p>Leverage, liquidations, funding rates and headlines drive the hourly chart. They feel important in the moment, but they rarely change the larger trend on their own.</p>
<blockquote>Before reacting to a move, ask which timescale it belongs to. Most panics are short-term noise mistaken for a long-term signal.</blockquote>
<p>Sorting news into these three buckets will not predict the price, but it will make the price far less confusing.</p>
`,
  },
  {
    title: "The Halving and the Price: Separating Supply Shock From Story",
    category: "bitcoin-price",
    tags: ["bitcoin", "halving", "bitcoin-price", "mining"],
    excerpt:
      "Every halving cuts bitcoin's new supply in half, and every halving comes with confident price predictions. We look at how large the supply effect really is and what else has been going on.",
    hoursAgo: 1150,
    author: "editor",
    premium: true,
    body: `
<p>Roughly every four years, the reward miners receive for each block is cut in half. Because the event is scheduled and public, it has become the centre of bitcoin's most popular price theory: less new supply, higher prices.</p>
<h2>How big is the shock?</h2>
<p>Each halving reduces the rate at which new coins enter circulation, not the existing supply. With each cycle, the new issuance becomes a smaller share of the total, so the direct effect of each halving on available supply shrinks over time.</p>
<h2>Why the story persists</h2>
<p>Previous halvings were followed by strong rallies, which gives the theory a simple track record. But those rallies also coincided with expanding adoption, new products and loose monetary conditions. With only a handful of examples, separating cause from coincidence is impossible.</p>
<h2>What to watch instead</h2>
<ul>
<li>Miner selling, which falls when rewards drop and inefficient miners switch off.</li>
<li>Demand from new holders, which has to absorb supply at any reward level.</li>
<li>Fee revenue, which matters more to miners as the subsidy shrinks.</li>
</ul>
<p>The halving is real, predictable and important for miners. For price, it is one input among many, and possibly a smaller one each time.</p>
`,
  },
  {
    title: "Slippage, Spreads and Fees: The Hidden Costs of Every Crypto Trade",
    category: "trading",
    tags: ["trading", "fees", "slippage", "education"],
    excerpt:
      "The price on the screen is rarely the price you pay. A breakdown of the costs that quietly eat into returns, from exchange fees and spreads to slippage and funding, and how to keep them small.",
    hoursAgo: 57,
    author: "author",
    body: `
<p>Two traders can make the same call at the same time and end the month with very different results. Often the difference is not skill but cost: the small charges that add up on every trade.</p>
<h2>Exchange fees</h2>
<p>Most venues charge makers, who add orders to the book, less than takers, who remove them. Using limit orders where possible can cut fees substantially over a year.</p>
<h2>The spread</h2>
<p>The gap between the best bid and ask is a cost you pay every time you cross it. On major pairs it is tiny; on thin tokens it can exceed the exchange fee several times over.</p>
<h2>Slippage</h2>
<p>Large orders eat through several price levels, so the average fill is worse than the quoted price. Splitting orders and trading during busier hours both help.</p>
<h2>Funding and borrowing</h2>
<p>Leveraged positions pay funding or interest for as long as they stay open. A trade that looks profitable over a day can lose money over a month.</p>
<ol>
<li>Know your fee tier and the maker and taker rates.</li>
<li>Check depth before trading anything but the largest pairs.</li>
<li>Include funding in the plan for any position you expect to hold.</li>
</ol>
`,
  },
  {
    title: "Fibonacci Retracements: A Sceptic's Guide to a Popular Tool",
    category: "technical-analysis",
    tags: ["technical-analysis", "fibonacci", "charts"],
    excerpt:
      "Retracement levels at 38.2, 50 and 61.8 percent appear on countless crypto charts. Why traders watch them, why they sometimes seem to work, and how to use them without superstition.",
    hoursAgo: 700,
    author: "editor",
    body: `
<p>Draw a line from a swing low to a swing high, and charting software will mark levels at fixed percentages of the move. Traders call these Fibonacci retracements, after the number sequence the ratios come from.</p>
<h2>Why people watch them</h2>
<p>After a strong move, prices often pull back before continuing. Retracement levels give traders a way to plan where a pullback might pause, and to place orders in advance.</p>
<h2>Why they sometimes work</h2>
<p>The honest explanation is less mystical than the name. So many traders watch the same levels that orders cluster there, and clustered orders can slow price down. The tool partly works because people believe it does.</p>
<h2>Using them sensibly</h2>
<ul>
<li>Treat levels as zones that line up with other evidence, such as prior support.</li>
<li>Different swing points give different levels; be consistent in how you choose them.</li>
<li>Never size a position as if a level were guaranteed to hold.</li>
</ul>
`,
  },
  {
    title: "Options Expiry Days and Why Volatility Clusters Around Them",
    category: "trading",
    tags: ["options", "derivatives", "volatility", "trading"],
    excerpt:
      "Large monthly and quarterly option expiries can pin prices near popular strikes, then release them. A look at the dealer hedging that creates the effect, scheduled for our next markets briefing.",
    hoursAgo: -72,
    author: "editor",
    body: `
<p>On the last Friday of the month, crypto options worth large sums expire at once. Traders have noticed that prices often behave strangely around these dates, pinned near round-number strikes beforehand and moving sharply afterwards.</p>
<h2>Dealer hedging</h2>
<p>Option market makers hedge their exposure by trading the underlying asset. Depending on their position, that hedging can dampen moves, buying dips and selling rallies, or amplify them. Near big strikes, the effect can hold price in a narrow range.</p>
<h2>After expiry</h2>
<p>When options expire, the hedges come off. The force that held price in place disappears, and pent-up moves can play out quickly.</p>
<p>Expiry effects are tendencies, not rules, and they are weaker when the market has strong directional news of its own.</p>
`,
  },
];
