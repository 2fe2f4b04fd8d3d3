import type { DemoArticle } from "./demo-articles";

/** News, breaking news, market news and the trending desk. */
export const newsroomArticles: DemoArticle[] = [
  {
    title: "Exchange Pauses Withdrawals: A Reader's Checklist for the First Hour",
    category: "breaking-news",
    tags: ["exchanges", "security", "custody", "news"],
    excerpt:
      "When a crypto exchange halts withdrawals, the first hour decides how much you can protect. Here is what to check, what to ignore, and what never to do while the platform is silent.",
    hoursAgo: 1,
    author: "editor",
    featured: true,
    body: `
<p>Few messages unsettle crypto holders like a banner that reads <em>withdrawals temporarily suspended</em>. Sometimes it is routine wallet maintenance that ends within the hour. Sometimes it is the first public sign of a much deeper problem. You rarely know which at the start, so the useful question is not <strong>what happened</strong> but <strong>what you can still control</strong>.</p>
<h2>Check the source before you react</h2>
<p>Screenshots of a halt spread faster than the halt itself, and fakes are common. Open the exchange's status page and its verified announcement channel directly, never through a link in a reply. Note the exact wording: a pause on a single network, such as one token's deposits, is a very different signal from a platform-wide freeze on every asset.</p>
<h2>Write down what you hold</h2>
<p>Take a dated screenshot of your balances, open orders and recent deposit and withdrawal history. If the situation turns into an insolvency, claims processes rely on records, and exchange dashboards have a habit of disappearing at exactly the wrong moment.</p>
<ul>
<li>Export your transaction history as CSV if the option still works.</li>
<li>Record deposit addresses you have used, with transaction hashes.</li>
<li>Save any support ticket numbers and the time you opened them.</li>
</ul>
<h2>What not to do</h2>
<p>Do not send more funds to the platform to "unlock" a withdrawal, whoever asks. Do not trust direct messages offering recovery services; scammers watch every outage. And do not move your remaining holdings on other platforms in a panic without checking addresses character by character. Rushed transfers cause more losses than most outages do.</p>
<blockquote>The best time to reduce exchange risk is before the banner appears. The second best time is the day after it disappears.</blockquote>
<h2>After the pause ends</h2>
<p>If withdrawals reopen, queues are often long and fees briefly higher. Withdraw in a size you are comfortable with, confirm it arrives, then decide how much you actually need to keep on any exchange. For many readers the honest answer is: only what they are actively trading.</p>
`,
  },
  {
    title: "Stablecoin Depeg Alerts: How to Tell a Wobble From a Break",
    category: "breaking-news",
    tags: ["stablecoins", "defi", "risk", "news"],
    excerpt:
      "A stablecoin trading at 0.99 is not the same as one trading at 0.90. We explain the mechanics behind a depeg, the signals that separate noise from danger, and where the liquidity really sits.",
    hoursAgo: 5,
    author: "author",
    body: `
<p>Stablecoins are meant to be boring, which is why a dip below one dollar makes headlines within minutes. Yet small deviations happen all the time. The skill is telling a brief wobble caused by thin liquidity from a structural break in the mechanism that holds the peg.</p>
<h2>Three kinds of stablecoin, three kinds of risk</h2>
<ol>
<li><strong>Fiat-backed</strong> coins hold cash and short-term government debt. Their risk is the reserve: where it sits, who audits it, and whether redemptions keep flowing.</li>
<li><strong>Crypto-collateralized</strong> coins are backed by more crypto than they issue. Their risk is a fast collapse in collateral prices that liquidations cannot keep up with.</li>
<li><strong>Algorithmic</strong> designs lean on incentives rather than reserves. History shows they are the most fragile when confidence goes.</li>
</ol>
<h2>Signals worth watching</h2>
<p>Price alone tells you little. Look instead at whether primary redemptions are open, how deep the main on-chain pools are, and whether large holders are swapping out in size. A coin that slips to 0.995 on one venue while redemptions process normally is usually an arbitrage opportunity that closes quickly. A coin whose issuer has paused redemptions is a different story entirely.</p>
<h2>Pools tell on the panic</h2>
<p>Decentralized exchange pools that pair stablecoins against each other act as a live sentiment gauge. When one side of a pool swells far beyond the other, holders are voting with their feet. That imbalance often appears before the price move becomes dramatic.</p>
<blockquote>A peg is a promise. The question in a depeg is always who can still redeem, how fast, and at what price.</blockquote>
<p>If you hold stablecoins for savings rather than trading, diversification across issuers and designs is the cheapest insurance available. Concentrating everything in one token turns an issuer's bad week into yours.</p>
`,
  },
  {
    title: "Network Halts and Chain Reorganizations: What Actually Breaks",
    category: "breaking-news",
    tags: ["blockchain", "security", "consensus"],
    excerpt:
      "Block production stops, or a few blocks are rewritten. Both sound alarming. This explainer covers what really happens to transactions, bridges and balances when a chain stumbles.",
    hoursAgo: 30,
    author: "admin",
    body: `
<p>Every few months a blockchain somewhere stops producing blocks, or rewrites its most recent ones. The word <em>halt</em> conjures images of frozen funds, but the practical consequences depend heavily on the type of failure and on what you were doing when it happened.</p>
<h2>A halt is a pause, not a loss</h2>
<p>When validators stop agreeing on new blocks, nothing is confirmed, but nothing that was already final disappears. Balances stay where they were at the last finalized block. Pending transactions wait in the mempool or are dropped and must be sent again. For most users, the main cost is time.</p>
<h2>A reorganization rewrites recent history</h2>
<p>A reorg happens when the network switches to a competing chain of blocks, undoing the latest few on the old one. Transactions in those blocks usually reappear in the new chain, but not always in the same order, and some can drop out. This is why exchanges wait for a number of confirmations before crediting a deposit.</p>
<h2>Where the real risk sits</h2>
<ul>
<li><strong>Bridges</strong> that released funds on one chain based on an event later reorganized away on another.</li>
<li><strong>Liquidations</strong> that trigger the moment a halted chain resumes with stale prices.</li>
<li><strong>Merchants</strong> that accepted zero-confirmation payments.</li>
</ul>
<p>The lesson for everyday users is simple: during instability, wait for finality before you treat a transfer as done, and be wary of leveraged positions that depend on a chain you cannot currently use.</p>
`,
  },
  {
    title: "Why Funding Rates Are the Market's Mood Ring",
    category: "market-news",
    tags: ["derivatives", "funding-rates", "trading", "analysis"],
    excerpt:
      "Perpetual futures charge a small fee between longs and shorts every few hours. That fee, the funding rate, is one of the clearest public signals of crowd positioning in crypto.",
    hoursAgo: 3,
    author: "editor",
    featured: true,
    premium: true,
    body: `
<p>Perpetual futures are the most traded instruments in crypto, and they come with a quirk that makes them unusually transparent: a periodic payment between long and short traders called the <strong>funding rate</strong>. Because every major venue publishes it, the funding rate has become a public window into how the crowd is positioned.</p>
<h2>How funding works</h2>
<p>A perpetual contract never expires, so it needs a mechanism to stay close to the spot price. When the contract trades above spot, longs pay shorts; when it trades below, shorts pay longs. The payment is small, often a hundredth of a percent every eight hours, but it compounds quickly for leveraged positions.</p>
<h2>Reading the signal</h2>
<ul>
<li><strong>Persistently high positive funding</strong> means longs are paying up to stay in. The market is crowded on one side and vulnerable to a flush.</li>
<li><strong>Negative funding during a rally</strong> suggests shorts are fighting the move. Short squeezes often start here.</li>
<li><strong>Flat funding</strong> during big price moves points to spot buying rather than leverage, usually a healthier structure.</li>
</ul>
<h2>Caveats</h2>
<p>Funding is an average across traders with very different goals. Basis traders who hold spot and short the perpetual to collect funding can keep rates elevated without any directional bet. Treat funding as context, not as a timing tool, and always compare it with open interest: rising funding with falling open interest tells a different story from rising funding with surging open interest.</p>
<blockquote>Price tells you where the market is. Funding tells you how uncomfortable it is to be there.</blockquote>
`,
  },
  {
    title: "Spot Bitcoin ETFs and the Plumbing Behind Daily Flows",
    category: "market-news",
    tags: ["bitcoin", "etf", "institutional", "markets"],
    excerpt:
      "Daily ETF flow numbers move headlines, but few readers know how creations and redemptions actually turn into bitcoin bought or sold. We walk through the mechanics, step by step.",
    hoursAgo: 20,
    author: "admin",
    premium: true,
    body: `
<p>Exchange-traded funds that hold bitcoin report their flows every trading day, and those numbers have become a staple of market commentary. To read them well you need to understand the plumbing that connects a share bought on a stock exchange to coins moving into a custodian's vault.</p>
<h2>Creations and redemptions</h2>
<p>ETF shares are created and destroyed in large blocks by specialised firms called authorised participants. When demand for shares rises and the ETF trades at a premium to its holdings, an authorised participant can create new shares. The fund then needs more bitcoin, which is bought and delivered to the custodian. Redemptions run the same path in reverse.</p>
<h2>Why flows lag price</h2>
<p>Flows are reported after the fact and settle on a schedule, so the buying or selling they represent may already have happened in the futures or spot market as participants hedged. A big inflow day can therefore coincide with a flat price: the market moved earlier, when hedges were placed.</p>
<h2>What the numbers can and cannot say</h2>
<ul>
<li>They show the net demand from investors who prefer a brokerage account to a wallet.</li>
<li>They do not show who the buyers are, or whether positions are hedged elsewhere.</li>
<li>They are one slice of total demand, next to exchanges, miners and long-term holders.</li>
</ul>
<p>Used alongside on-chain data and derivatives positioning, flow data adds a valuable layer. Used alone, it invites stories that the plumbing does not support.</p>
`,
  },
  {
    title: "Liquidity Is Thinner on Weekends, and Your Orders Feel It",
    category: "market-news",
    tags: ["liquidity", "trading", "markets", "order-books"],
    excerpt:
      "Crypto never closes, but its liquidity does take time off. A look at why weekend order books are shallower, how that changes slippage, and simple habits that protect your fills.",
    hoursAgo: 52,
    author: "author",
    body: `
<p>One of crypto's selling points is that it trades every hour of every day. What the marketing leaves out is that liquidity follows people, and people still keep office hours. Weekend and holiday sessions often see order books a fraction as deep as a busy weekday.</p>
<h2>Why depth drops</h2>
<p>Market makers reduce their quoted size when traditional markets are closed and hedging is harder. Desks run with skeleton staff. Arbitrage between venues slows down. The result is wider spreads and fewer resting orders near the current price.</p>
<h2>What it means for you</h2>
<p>A market order that would barely move the price on Tuesday afternoon can sweep through several levels on Sunday night. Stop orders are especially exposed: they become market orders when triggered, and thin books turn small dips into long wicks.</p>
<h2>Habits that help</h2>
<ol>
<li>Use limit orders and accept that some will not fill.</li>
<li>Split larger trades into pieces rather than sending one order.</li>
<li>Place stops where a thin-book wick is less likely to reach, or size positions so you do not need tight stops at all.</li>
<li>Check the order book depth, not just the last price, before you trade.</li>
</ol>
<p>None of this makes weekends dangerous by default. It simply means the cost of impatience is higher when fewer people are on the other side of your trade.</p>
`,
  },
  {
    title: "The Stablecoin Supply as a Liquidity Gauge",
    category: "market-news",
    tags: ["stablecoins", "liquidity", "on-chain", "markets"],
    excerpt:
      "Growing stablecoin supply is often read as dry powder waiting to buy crypto. The relationship is real but looser than it looks. Here is how to use the metric without overreading it.",
    hoursAgo: 340,
    author: "editor",
    body: `
<p>Analysts love a single number that explains the market, and the total supply of stablecoins has become a favourite. The idea is intuitive: stablecoins are the cash of crypto, so more of them means more money ready to buy other assets.</p>
<h2>What supply growth captures</h2>
<p>New stablecoins are minted when someone deposits dollars with an issuer, and burned when they redeem. Net growth therefore tracks money entering the crypto economy through this door. Over long periods, expanding supply has tended to accompany healthier markets.</p>
<h2>What it misses</h2>
<ul>
<li>Stablecoins are used for payments, remittances and savings that never touch volatile assets.</li>
<li>Supply sitting in lending protocols or as collateral is not idle buying power.</li>
<li>Money can enter through other routes entirely, such as funds and brokerage products.</li>
</ul>
<h2>A better way to read it</h2>
<p>Compare supply with where the coins sit. Stablecoins flowing onto exchanges are closer to being spent on trades than those parked in long-term wallets. Combine that with changes in exchange balances of major assets and you get a richer picture than supply alone.</p>
`,
  },
  {
    title: "How Crypto Newsrooms Verify a Rumour Before It Becomes a Headline",
    category: "news",
    tags: ["journalism", "verification", "news"],
    excerpt:
      "Crypto rumours travel at the speed of a repost. A look inside the checks a careful desk runs before publishing: on-chain evidence, primary sources, and the discipline to wait.",
    hoursAgo: 12,
    author: "admin",
    body: `
<p>In crypto, a screenshot can move a market. That makes verification both harder and more important than in most beats. At AurumWire we run a short, repeatable checklist before a rumour becomes a story, and we think readers deserve to know what it looks like.</p>
<h2>Start with the chain</h2>
<p>Many claims can be checked directly on a public ledger. A reported hack leaves transactions. A rumoured treasury sale leaves movements from known addresses. If a claim should be visible on-chain and is not, that absence is itself information.</p>
<h2>Find the primary source</h2>
<p>We look for the original statement, filing or post, not the thread that quotes it. Official domains and verified accounts matter, but so does timing: an announcement that appears only after a price move deserves extra scrutiny.</p>
<h2>Two independent confirmations</h2>
<p>For anything not verifiable on-chain, we want two sources who do not depend on each other. One person repeating what they read elsewhere is not a second source.</p>
<blockquote>Being second and right beats being first and wrong. Corrections never travel as far as the original error.</blockquote>
<h2>Label what we do not know</h2>
<p>When we publish fast-moving stories, we say what is confirmed and what is not, and we update the article as facts arrive. Readers can judge a developing story far better when the uncertainty is on the page instead of hidden behind confident language.</p>
`,
  },
  {
    title: "A Plain-English Guide to Crypto Regulation Headlines",
    category: "news",
    tags: ["regulation", "policy", "compliance", "news"],
    excerpt:
      "Consultations, guidance, enforcement and legislation all get called 'regulation' in headlines. Knowing which one you are reading about changes how much it should matter to you.",
    hoursAgo: 160,
    author: "editor",
    body: `
<p>Headlines about crypto regulation arrive daily, and they tend to sound either apocalyptic or triumphant. Most of the difference between those two tones disappears once you know what kind of document or action sits behind the story.</p>
<h2>Four words that get blurred together</h2>
<ul>
<li><strong>Consultation</strong>: a regulator asking for views on an idea. Nothing has changed yet.</li>
<li><strong>Guidance</strong>: how a regulator reads existing rules. Influential, but it can be revised.</li>
<li><strong>Enforcement</strong>: action against a specific firm. It signals priorities but applies to one case.</li>
<li><strong>Legislation</strong>: law passed by a legislature. Slow, binding, and usually followed by detailed rules.</li>
</ul>
<h2>Questions to ask of any headline</h2>
<ol>
<li>Who is acting: a legislature, a regulator, a court, or a politician giving a speech?</li>
<li>Is this final, or a step in a longer process?</li>
<li>Who does it apply to: exchanges, issuers, developers, or users?</li>
<li>When does anything actually change?</li>
</ol>
<p>Answering these four questions turns most regulation headlines from noise into a timeline. The stories that truly matter to ordinary holders are fewer than the headline count suggests, and they usually come with long notice periods.</p>
`,
  },
  {
    title: "The Fear and Greed Index: Useful Signal or Comfort Blanket?",
    category: "trending",
    tags: ["sentiment", "analysis", "psychology", "markets"],
    excerpt:
      "Sentiment gauges are shared every morning across crypto social media. We look at what goes into them, when extreme readings have been useful, and why they are a poor timing tool on their own.",
    hoursAgo: 8,
    author: "author",
    featured: true,
    body: `
<p>Every morning a number between zero and one hundred does the rounds: the crypto fear and greed index. Extreme fear is shared as a buying opportunity, extreme greed as a warning. It is one of the most popular charts in the industry, and one of the most misunderstood.</p>
<h2>What goes into it</h2>
<p>Sentiment indexes typically blend price volatility, momentum, trading volume, social media activity and search trends into one score. Each input is reasonable. Combined, they mostly describe what the market has just done, which is why the index tends to read greedy after rallies and fearful after drops.</p>
<h2>When extremes help</h2>
<p>Readings at the very ends of the scale have historically coincided with stretched positioning. After long stretches of extreme fear, sellers are often exhausted; after extreme greed, late buyers have piled in. As a reminder to question the crowd, the index has value.</p>
<h2>Where it falls short</h2>
<ul>
<li>Markets can stay fearful or greedy far longer than a reading suggests.</li>
<li>The inputs lag price, so the index confirms moves more often than it predicts them.</li>
<li>Different providers weight inputs differently and can disagree on the same day.</li>
</ul>
<blockquote>A sentiment gauge is a mirror, not a map. It shows you the crowd; it does not show you the road.</blockquote>
<p>Use it to check your own emotions. If you feel the urge to buy everything on a greedy day, that is exactly the feeling the index is measuring.</p>
`,
  },
  {
    title: "Why Every Cycle Gets Its Own Narrative, and How to Spot the Next One",
    category: "trending",
    tags: ["narratives", "markets", "analysis", "altcoins"],
    excerpt:
      "Each crypto cycle rallies behind a story: digital gold, DeFi summer, NFTs, layer twos. Narratives move money. Understanding how they form helps you avoid buying the ending.",
    hoursAgo: 120,
    author: "editor",
    body: `
<p>Crypto markets run on stories. Each cycle rallies behind a narrative that explains why this time a particular corner of the industry deserves capital: store of value, decentralized finance, collectibles, scaling. Narratives are not lies, but they are simplifications, and they move faster than fundamentals.</p>
<h2>How a narrative forms</h2>
<ol>
<li><strong>A real development</strong>: a working product, an upgrade or a new kind of user.</li>
<li><strong>Early adopters</strong> who benefit and explain it loudly.</li>
<li><strong>A simple phrase</strong> that compresses the idea into something shareable.</li>
<li><strong>Capital</strong> that arrives because of the phrase, not the product.</li>
</ol>
<h2>Signs a narrative is late</h2>
<p>When every project in a sector rallies regardless of usage, when newcomers describe the idea in the same borrowed words, and when launches in the sector multiply faster than users do, the story has run ahead of reality.</p>
<h2>Looking for the next one</h2>
<p>The next narrative usually hides in plain sight: in developer activity, in products that people use without being paid to, and in problems the current favourite has not solved. Boring metrics such as fees paid and retention often turn into exciting stories months later.</p>
`,
  },
  {
    title: "Laser Eyes, Diamond Hands: A Short History of Crypto's Internet Language",
    category: "viral",
    tags: ["culture", "memes", "community"],
    excerpt:
      "HODL began as a typo. 'Few understand' started as a joke about jargon. Crypto's slang tells the story of its communities, and knowing it helps you read the mood of a market.",
    hoursAgo: 18,
    author: "author",
    body: `
<p>Crypto has a language of its own, and most of it was born in forums and group chats rather than whitepapers. The slang is funny, but it is also a record of how communities coped with volatility, hype and each other.</p>
<h2>HODL</h2>
<p>The most famous term began as a typo in a forum post from a frustrated holder who admitted he was a bad trader and would simply hold. The misspelling stuck because it captured a strategy and a mood at once: stubborn, self-mocking and long-term.</p>
<h2>Diamond hands and paper hands</h2>
<p>Borrowed from stock-trading forums, these describe holders who endure drawdowns and those who sell at the first sign of trouble. The terms turned patience into an identity, for better and worse.</p>
<h2>Laser eyes</h2>
<p>Profile pictures with glowing red eyes signalled conviction that bitcoin would reach a particular price. The meme spread to celebrities and executives and became shorthand for a bullish mood.</p>
<h2>Why it matters</h2>
<p>Slang is a sentiment indicator in disguise. When jokes about buying the top flood your feed, euphoria is near. When the memes turn bitter and quiet, the room has emptied. Reading the language is reading the crowd.</p>
`,
  },
  {
    title: "The Anatomy of a Meme Coin Rally",
    category: "viral",
    tags: ["memecoins", "risk", "culture", "trading"],
    excerpt:
      "Meme coins can multiply in days and vanish in hours. We break down the stages of a typical rally, who profits at each one, and the warning signs that arrive before the collapse.",
    hoursAgo: 75,
    author: "editor",
    body: `
<p>Meme coins are crypto at its most honest and its most brutal. There is rarely a product, a roadmap or a revenue model, only a joke, a community and a chart. Yet the pattern of their rallies is remarkably consistent.</p>
<h2>Stage one: the insiders</h2>
<p>A token launches with most of its supply held by a few wallets. Early buyers, often bots and those who created the token, accumulate at tiny prices. Nobody outside a small circle has heard of it.</p>
<h2>Stage two: the discovery</h2>
<p>A clever meme, a well-known account or a trending topic brings attention. Volume spikes. Screenshots of huge percentage gains start to circulate, pulling in the next wave.</p>
<h2>Stage three: the crowd</h2>
<p>Newcomers buy because the price is rising. Early holders sell into that demand. Liquidity looks deep, but much of it is temporary.</p>
<h2>Stage four: the exit</h2>
<p>Once the largest holders have sold enough, buying pressure fades and the price falls faster than it rose. Late buyers are left holding most of the losses.</p>
<h2>Warning signs</h2>
<ul>
<li>A handful of wallets holding a large share of supply.</li>
<li>Liquidity that the creators can remove at will.</li>
<li>Promotion that focuses only on gains, never on what the token does.</li>
</ul>
<p>If you play this game, size it like a lottery ticket. The math of meme coins is that most of them end near zero.</p>
`,
  },
  {
    title: "Restaking Explained: More Yield, More Layers of Risk",
    category: "hot-topics",
    tags: ["ethereum", "restaking", "staking", "defi"],
    excerpt:
      "Restaking lets staked ether secure additional services for extra rewards. The idea is elegant, the incentives are strong, and the stacked risks deserve a careful look before you chase the yield.",
    hoursAgo: 26,
    author: "author",
    featured: true,
    premium: true,
    body: `
<p>Restaking has become one of the most debated ideas in Ethereum. The pitch is simple: validators already lock ether to secure the network, so why not let that same stake secure other services too, and earn more for it?</p>
<h2>How it works</h2>
<p>Stakers opt in to extra rules set by additional services, such as data availability layers, oracles or bridges. In return for rewards from those services, they accept that their stake can be cut if they break the new rules. The same capital secures several systems at once.</p>
<h2>Where the extra yield comes from</h2>
<p>Services pay for security because building their own validator set is expensive. Restakers rent them existing economic security instead. That is a real efficiency, and it explains the demand.</p>
<h2>The stacked risks</h2>
<ul>
<li><strong>Slashing risk multiplies</strong>: each service adds its own ways to lose stake.</li>
<li><strong>Smart contract risk</strong> sits on top of the staking layer.</li>
<li><strong>Liquid restaking tokens</strong> add a further layer that can trade below its backing in a panic.</li>
<li><strong>Correlated failure</strong>: if many services rely on the same stakers, one incident can ripple across all of them.</li>
</ul>
<blockquote>Yield is the price of risk. When the yield stacks up, ask what else does.</blockquote>
<p>Restaking may turn out to be a durable part of Ethereum's economy. For now, the honest position is that its risks are still being discovered in production.</p>
`,
  },
  {
    title: "Real-World Assets on Chain: Treasury Bills, Invoices and the Limits of Tokenization",
    category: "hot-topics",
    tags: ["tokenization", "rwa", "defi", "institutional"],
    excerpt:
      "Tokenized government debt and private credit have grown quickly on public blockchains. We explain what a token actually represents, who you depend on, and why the legal wrapper matters most.",
    hoursAgo: 210,
    author: "admin",
    body: `
<p>Putting real-world assets on a blockchain has moved from conference slides to real products. Tokenized treasury funds, private credit pools and even invoices now trade or settle on public networks. The promise is faster settlement, global access and programmability. The reality depends on a piece of paper the blockchain cannot see.</p>
<h2>What the token represents</h2>
<p>A token is a claim. Behind it sits a legal structure, usually a fund or a special-purpose company, that holds the actual asset. The token is only as good as that structure, its custodian and the courts that would enforce it.</p>
<h2>Who you depend on</h2>
<ul>
<li>The issuer, to buy and hold the underlying asset.</li>
<li>The custodian, to keep it safe and separate.</li>
<li>The transfer agent or registry, to keep on-chain and off-chain records in sync.</li>
<li>The oracle or administrator, to publish accurate values.</li>
</ul>
<h2>Why it is still interesting</h2>
<p>Even with those dependencies, tokenized assets can settle in minutes instead of days, serve as collateral in on-chain protocols and reach investors that traditional channels ignore. For stablecoin issuers and treasuries, tokenized government debt is simply a more efficient pipe.</p>
<p>The key question for any holder is the oldest one in finance: if something goes wrong, who owes me what, and where do I go to collect?</p>
`,
  },
];
