import type { DemoArticle } from "./demo-articles";

/** Bitcoin, Ethereum, DeFi and NFT desks. */
export const networkArticles: DemoArticle[] = [
  {
    title: "How Bitcoin Miners Survive a Halving",
    category: "bitcoin",
    tags: ["bitcoin", "mining", "halving", "energy"],
    excerpt:
      "Overnight, every miner's reward per block is cut in half while the electricity bill stays the same. How the industry adapts: efficient machines, cheaper power, hedging and consolidation.",
    hoursAgo: 4,
    author: "admin",
    featured: true,
    body: `
<p>For bitcoin miners, the halving is a scheduled shock. On a known block, the number of new coins they earn per block drops by half. Their machines, power contracts and loans do not change. What follows is a predictable squeeze and a scramble for efficiency.</p>
<h2>The efficiency race</h2>
<p>The key metric is energy per unit of hashing work. Newer machines do the same work with far less electricity, so after a halving, older models often become unprofitable and are switched off or sold to regions with cheaper power.</p>
<h2>Cheaper power</h2>
<p>Miners chase electricity that others cannot use: stranded gas at oil fields, surplus hydro in wet seasons, or grid power they agree to curtail at peak times. Flexible demand turns them into a useful partner for some grids.</p>
<h2>Financial tools</h2>
<ul>
<li>Hedging future production with futures or forward sales.</li>
<li>Holding fewer mined coins in treasury to fund operations.</li>
<li>Raising capital before the halving, while margins are still healthy.</li>
</ul>
<h2>Consolidation</h2>
<p>Every halving pushes weaker operators to sell out to larger ones. That raises a fair question about concentration, but hashing power has so far continued to spread across many countries and companies.</p>
<p>The network itself adjusts too: when miners switch off, the difficulty falls, making the remaining machines more profitable until balance returns.</p>
`,
  },
  {
    title: "Self-Custody Without Stress: A Practical Bitcoin Wallet Setup",
    category: "bitcoin",
    tags: ["bitcoin", "wallets", "security", "custody"],
    excerpt:
      "Holding your own keys is the point of bitcoin, and also where most losses happen. A calm, step-by-step approach to choosing a wallet, backing up a seed phrase and testing your recovery.",
    hoursAgo: 36,
    author: "editor",
    body: `
<p>"Not your keys, not your coins" is good advice with a catch: once the keys are yours, so are the mistakes. The goal of a good self-custody setup is not maximum paranoia. It is a system you understand well enough to use correctly for years.</p>
<h2>Choose the right wallet for the amount</h2>
<ul>
<li><strong>Mobile wallets</strong> are fine for spending money.</li>
<li><strong>Hardware wallets</strong> keep keys off internet-connected devices and suit long-term savings.</li>
<li><strong>Multisignature setups</strong> spread control across several keys, removing single points of failure for larger holdings.</li>
</ul>
<h2>Back up the seed phrase properly</h2>
<p>Write the recovery words on paper or stamp them into metal. Never photograph them, type them into a computer or store them in the cloud. Keep the backup somewhere safe from fire and water, and away from the device itself.</p>
<h2>Test your recovery</h2>
<p>Before moving serious money, send a small amount to the wallet, wipe the device, restore it from your backup and check the funds appear. This single rehearsal catches most of the errors that cause permanent losses.</p>
<h2>Plan for others</h2>
<p>Think about what happens if you are not around. A sealed letter explaining where the backup is, without revealing the words themselves, can save your family a great deal of grief.</p>
`,
  },
  {
    title: "The Lightning Network in Five Minutes",
    category: "bitcoin",
    tags: ["bitcoin", "lightning", "payments", "scaling"],
    excerpt:
      "Lightning lets people send bitcoin instantly for tiny fees by moving most payments off the main chain. How payment channels work, what routing means, and where the trade-offs are.",
    hoursAgo: 260,
    author: "author",
    body: `
<p>Bitcoin's base layer confirms a block roughly every ten minutes and has limited space. That is a deliberate choice for security, but it makes small, instant payments impractical. The Lightning Network is the most widely used answer.</p>
<h2>Payment channels</h2>
<p>Two parties lock bitcoin into a shared on-chain address and then trade signed balance updates between themselves, as many times as they like, without touching the blockchain. Only the opening and closing of the channel are recorded on-chain.</p>
<h2>Routing</h2>
<p>You do not need a channel with everyone. Payments hop across a network of connected channels, with each hop forwarding the money for a tiny fee. Cryptographic locks ensure that either the whole payment completes or none of it does.</p>
<h2>The trade-offs</h2>
<ul>
<li>Channels need liquidity on the right side to route payments.</li>
<li>Running your own node takes some care; custodial wallets are easier but reintroduce trust.</li>
<li>Large payments can struggle to find a route with enough capacity.</li>
</ul>
<p>For everyday amounts, Lightning already works remarkably well. It is best seen as bitcoin's cash register, while the main chain remains its vault.</p>
`,
  },
  {
    title: "Bitcoin Transaction Fees: Why They Spike and How to Pay Less",
    category: "bitcoin",
    tags: ["bitcoin", "fees", "mempool", "education"],
    excerpt:
      "Fees rise when more people want space in the next block than it can hold. How the mempool auction works, why fees are priced per byte, and practical ways to avoid overpaying.",
    hoursAgo: 730,
    author: "admin",
    body: `
<p>Every bitcoin block has limited space, and transactions compete for it. The waiting room is called the mempool, and the competition works like an auction: miners generally include the transactions that pay the most per unit of space.</p>
<h2>Fees are about size, not amount</h2>
<p>Sending a large amount costs no more than sending a small one. What matters is how many bytes your transaction takes, which depends on how many inputs it spends and the type of address used. Modern address types produce smaller transactions and lower fees.</p>
<h2>Why fees spike</h2>
<p>Demand for block space comes in waves: market volatility, popular token launches, or exchanges consolidating coins. When the queue grows faster than blocks can clear it, the price of getting into the next block rises quickly.</p>
<h2>How to pay less</h2>
<ol>
<li>If you are not in a hurry, set a lower fee and wait.</li>
<li>Use wallets that support replace-by-fee, so you can raise the fee later if needed.</li>
<li>Consolidate many small coins into one when fees are low, not when they are high.</li>
<li>Use modern address formats.</li>
</ol>
`,
  },
  {
    title: "Why Bitcoin Upgrades Take Years, and Why That Is a Feature",
    category: "bitcoin",
    tags: ["bitcoin", "governance", "upgrades", "development"],
    excerpt:
      "Changing bitcoin's rules requires broad agreement among developers, miners, businesses and node operators. We explain the soft-fork process and why the caution frustrates and protects in equal measure.",
    hoursAgo: 1300,
    author: "editor",
    body: `
<p>New features on many blockchains ship every few months. Bitcoin upgrades can take years from proposal to activation. Critics see stagnation; supporters see the discipline that a multi-hundred-billion-dollar monetary network requires.</p>
<h2>No one is in charge</h2>
<p>There is no company that can push an update. Developers propose changes, but node operators choose which software to run. An upgrade succeeds only when enough of the network adopts it voluntarily.</p>
<h2>Soft forks</h2>
<p>Most bitcoin upgrades are soft forks: they tighten the rules in a way old software still accepts. Users who do not upgrade keep working, which lowers the risk of splitting the network.</p>
<h2>The cost of caution</h2>
<ul>
<li>Useful features arrive slowly.</li>
<li>Debates can become bitter and personal.</li>
<li>Experimentation moves to other layers and other chains.</li>
</ul>
<p>For a system whose main promise is that its rules will not change under your feet, moving slowly is not an accident. It is the product.</p>
`,
  },
  {
    title: "Ethereum Gas Fees Explained Without the Jargon",
    category: "ethereum",
    tags: ["ethereum", "gas", "fees", "education"],
    excerpt:
      "Gas is the fee you pay for computation on Ethereum. How the base fee and priority fee work, why some transactions cost more than others, and how rollups changed the picture for everyday users.",
    hoursAgo: 7,
    author: "author",
    featured: true,
    body: `
<p>Every action on Ethereum, from sending ether to swapping tokens, requires computation by the network. Gas is the unit that measures that computation, and the fee you pay is the gas used multiplied by the price per unit.</p>
<h2>Base fee and priority fee</h2>
<p>The network sets a <strong>base fee</strong> that rises when blocks are full and falls when they are not. This fee is burned, removed from circulation. On top, you add a small <strong>priority fee</strong> as a tip to the validator who includes your transaction.</p>
<h2>Why costs differ</h2>
<p>A simple transfer uses little gas. A complex swap through several contracts uses much more. The same action costs more when many others are competing for block space at the same moment.</p>
<h2>Rollups changed the picture</h2>
<p>Layer-two rollups bundle many transactions together and post compressed data to Ethereum. Users share the cost of that posting, which makes everyday actions far cheaper than on the main chain. Upgrades that added a dedicated space for rollup data cut those costs further.</p>
<h2>Tips to pay less</h2>
<ul>
<li>Use a rollup for everyday activity.</li>
<li>Avoid the busiest hours for non-urgent main-chain transactions.</li>
<li>Let your wallet estimate fees rather than guessing high.</li>
</ul>
`,
  },
  {
    title: "Staking Ether: Solo, Pooled or Liquid?",
    category: "ethereum",
    tags: ["ethereum", "staking", "validators", "defi"],
    excerpt:
      "There are three main ways to earn staking rewards on Ethereum, each with a different balance of control, convenience and risk. A clear comparison to help you choose.",
    hoursAgo: 65,
    author: "editor",
    premium: true,
    body: `
<p>Ethereum is secured by validators who lock ether as collateral and earn rewards for proposing and attesting to blocks. You can take part in several ways, and the right one depends on how much ether you have, your technical comfort and how much trust you are willing to place in others.</p>
<h2>Solo staking</h2>
<p>Running your own validator requires a fixed amount of ether, a reliable machine and an internet connection. You keep full control and all rewards, and you strengthen the network's decentralization. In exchange, you are responsible for uptime and for avoiding mistakes that lead to penalties.</p>
<h2>Pooled staking</h2>
<p>Pools combine deposits from many people to run validators. They lower the entry amount and remove the operational work, at the cost of fees and trust in the pool operator.</p>
<h2>Liquid staking</h2>
<p>Liquid staking protocols give you a token representing your staked ether, which you can trade or use in other applications. It is convenient and flexible, but it adds smart contract risk and the possibility that the token trades below its backing during stress.</p>
<h2>Questions to ask</h2>
<ol>
<li>Who controls the withdrawal keys?</li>
<li>How is the operator set chosen, and how concentrated is it?</li>
<li>What happens to my position if the protocol is exploited?</li>
</ol>
`,
  },
  {
    title: "Rollups, Explained: How Layer Twos Inherit Ethereum's Security",
    category: "ethereum",
    tags: ["ethereum", "layer-2", "rollups", "scaling"],
    excerpt:
      "Optimistic and zero-knowledge rollups both move execution off the main chain while posting data back to it. What that means for security, withdrawals and the risks that remain.",
    hoursAgo: 180,
    author: "author",
    body: `
<p>Ethereum's scaling plan rests on rollups: separate chains that execute transactions cheaply and then post their data and results to Ethereum. The promise is that users get lower fees while keeping much of the main chain's security.</p>
<h2>Optimistic rollups</h2>
<p>These assume transactions are valid and allow anyone to challenge a wrong result during a dispute window. Security depends on at least one honest party watching. Withdrawals to the main chain usually wait out that window, often around a week, unless you use a third-party bridge.</p>
<h2>Zero-knowledge rollups</h2>
<p>These post a cryptographic proof that the batch of transactions was executed correctly. Ethereum verifies the proof, so withdrawals can be faster. The cryptography is complex, and proving is computationally expensive.</p>
<h2>Risks that remain</h2>
<ul>
<li><strong>Upgrade keys</strong>: many rollups can still be changed by a small group.</li>
<li><strong>Sequencers</strong>: a single operator often orders transactions and could censor or go offline.</li>
<li><strong>Bridges</strong>: the contracts holding deposited funds are valuable targets.</li>
</ul>
<p>Rollups are steadily removing these training wheels. Until they do, it is worth knowing which ones a rollup still has.</p>
`,
  },
  {
    title: "Smart Contract Wallets and the End of the Seed Phrase",
    category: "ethereum",
    tags: ["ethereum", "wallets", "account-abstraction", "security"],
    excerpt:
      "Account abstraction lets wallets be programs instead of single keys. Social recovery, spending limits and gas paid in stablecoins are now possible. What changes for users, and what to watch.",
    hoursAgo: 540,
    author: "admin",
    body: `
<p>For most of Ethereum's history, an account has been controlled by a single private key. Lose the key and you lose the account; leak it and someone else owns it. Smart contract wallets replace that key with a program, and the program can enforce whatever rules you choose.</p>
<h2>What becomes possible</h2>
<ul>
<li><strong>Social recovery</strong>: trusted friends or devices can help restore access.</li>
<li><strong>Spending limits</strong> and allowlists that block large or unusual transfers.</li>
<li><strong>Batched actions</strong>: approve and swap in a single step.</li>
<li><strong>Paying fees</strong> in tokens other than ether, or having an app pay them for you.</li>
</ul>
<h2>What to watch</h2>
<p>A smart contract wallet is only as safe as its code and its recovery setup. Choose audited wallets, understand who your guardians are, and test recovery before you need it.</p>
<p>The seed phrase will not disappear overnight, but for many newcomers the first wallet they use may never show them one.</p>
`,
  },
  {
    title: "Ethereum's Supply: Issuance, Burn and the Ultrasound Debate",
    category: "ethereum",
    tags: ["ethereum", "monetary-policy", "supply", "eip-1559"],
    excerpt:
      "Ether's supply grows through staking rewards and shrinks through the fee burn. Whether it inflates or deflates depends on network activity. Here is how to read the numbers honestly.",
    hoursAgo: 980,
    author: "editor",
    body: `
<p>Unlike bitcoin, ether has no fixed supply cap. Its supply changes every block based on two opposing forces: new ether issued to validators and ether burned as part of transaction fees.</p>
<h2>Issuance</h2>
<p>Validators earn newly created ether for securing the network. Issuance depends on how much ether is staked; more stake means more total issuance, though less per validator.</p>
<h2>The burn</h2>
<p>Since a fee-market upgrade, the base fee of every transaction is destroyed. When activity is high, the burn can exceed issuance and total supply falls. When activity moves to cheaper rollups, the burn on the main chain shrinks.</p>
<h2>Reading the numbers</h2>
<ul>
<li>Short periods of deflation or inflation say little about the long run.</li>
<li>Supply changes are small relative to total supply either way.</li>
<li>The bigger question is whether demand for block space keeps growing.</li>
</ul>
<p>The "ultrasound money" slogan captured a period when the burn dominated. The honest summary is that ether's monetary policy is dynamic by design, and its supply tracks how much the network is used.</p>
`,
  },
  {
    title: "Automated Market Makers: How DeFi Trades Without an Order Book",
    category: "defi",
    tags: ["defi", "amm", "liquidity", "dex"],
    excerpt:
      "Decentralized exchanges price tokens with a formula instead of matching buyers and sellers. We explain liquidity pools, price impact and why the simple constant-product rule works so well.",
    hoursAgo: 11,
    author: "author",
    featured: true,
    body: `
<p>Traditional exchanges match buyers with sellers through an order book. Most decentralized exchanges do something stranger and simpler: they let you trade against a pool of two tokens, with prices set by a mathematical rule.</p>
<h2>The constant-product rule</h2>
<p>In the classic design, a pool holds amounts of token A and token B whose product must stay constant. When you buy token A, you add B and remove A, and the price of A rises to keep the product unchanged.</p>
<pre class="ql-syntax" spellcheck="false">reserve_a x reserve_b = k</pre>
<h2>Price impact</h2>
<p>Small trades barely move the ratio. Large trades relative to the pool's size move it a lot, which means a worse average price. That is why deep pools matter and why aggregators split big trades across several pools.</p>
<h2>Who provides liquidity</h2>
<p>Anyone can deposit both tokens into a pool and earn a share of trading fees. Newer designs let providers concentrate their funds in a price range, earning more fees while price stays there.</p>
<h2>Why it works</h2>
<p>An AMM is always open, needs no market maker on the other side, and can list any token pair. Arbitrageurs keep its prices in line with the rest of the market, for a profit that is, in effect, a cost paid by the pool's providers.</p>
`,
  },
  {
    title: "Impermanent Loss, Explained With One Simple Example",
    category: "defi",
    tags: ["defi", "liquidity", "impermanent-loss", "risk"],
    excerpt:
      "Liquidity providers can end up with less value than if they had simply held their tokens. A worked example of impermanent loss, when fees make up for it, and when they do not.",
    hoursAgo: 88,
    author: "editor",
    body: `
<p>Providing liquidity to a decentralized exchange earns trading fees, but it comes with a cost that surprises many newcomers: impermanent loss. The name is confusing, so let us use an example instead.</p>
<h2>The example</h2>
<p>You deposit one ether and an equal value of a stablecoin into a pool. Then ether's price doubles. Arbitrageurs buy the cheaper ether from your pool until its price matches the market. You now hold less ether and more stablecoin than you started with.</p>
<p>Your position is worth more than at the start, but less than if you had simply held your original ether and stablecoin. That gap is impermanent loss. For a doubling in price, it is roughly six percent of the value you would have had by holding.</p>
<h2>Why "impermanent"?</h2>
<p>If the price returns to where it was when you deposited, the loss disappears. If you withdraw while prices differ, it becomes very permanent.</p>
<h2>When fees make up for it</h2>
<ul>
<li>Pools of closely related assets, such as two stablecoins, have little divergence.</li>
<li>High-volume pools can earn fees that outweigh moderate divergence.</li>
<li>Volatile, low-volume pairs usually do not.</li>
</ul>
<p>Before providing liquidity, compare expected fees with how far the two prices are likely to drift apart.</p>
`,
  },
  {
    title: "DeFi Lending: Overcollateralization, Liquidations and Health Factors",
    category: "defi",
    tags: ["defi", "lending", "liquidations", "risk"],
    excerpt:
      "On-chain lending protocols let you borrow against crypto without a credit check. The trade-off is strict collateral rules enforced by code. How health factors and liquidations work in practice.",
    hoursAgo: 275,
    author: "admin",
    premium: true,
    body: `
<p>Decentralized lending protocols have no loan officers and no credit scores. Instead, borrowers lock more value in collateral than they borrow, and code liquidates positions that fall below safe levels.</p>
<h2>Overcollateralization</h2>
<p>If a protocol lets you borrow up to seventy-five percent of your collateral's value, depositing one hundred dollars of ether lets you borrow up to seventy-five dollars of stablecoins. The buffer protects lenders if prices move.</p>
<h2>The health factor</h2>
<p>Most protocols summarise your position with a single number. Above one, you are safe. At or below one, your position can be liquidated. The number falls when your collateral loses value or your debt grows with interest.</p>
<h2>Liquidations</h2>
<p>When a position becomes unsafe, anyone can repay part of the debt and receive a portion of the collateral at a discount. That discount is the penalty you pay, and it can be substantial.</p>
<h2>Staying safe</h2>
<ol>
<li>Borrow well below the maximum.</li>
<li>Set alerts for your health factor.</li>
<li>Keep funds ready to add collateral or repay during volatile periods.</li>
<li>Understand which price oracle the protocol uses.</li>
</ol>
`,
  },
  {
    title: "Oracles: The Quiet Infrastructure DeFi Cannot Live Without",
    category: "defi",
    tags: ["defi", "oracles", "security", "infrastructure"],
    excerpt:
      "Smart contracts cannot see the outside world, so oracles bring prices and data on chain. Why oracle design decides whether a lending market survives a volatile day, and how attacks happen.",
    hoursAgo: 470,
    author: "author",
    body: `
<p>A lending protocol needs to know what collateral is worth. A derivatives platform needs a reference price. Blockchains cannot fetch that information themselves, so they rely on oracles: systems that bring external data on-chain.</p>
<h2>How oracles work</h2>
<p>Most price oracles aggregate data from many sources, have several independent operators sign the result, and publish it on-chain at regular intervals or when price moves beyond a threshold.</p>
<h2>How they fail</h2>
<ul>
<li><strong>Manipulation</strong>: a protocol that reads price from a single thin pool can be tricked by someone who moves that pool's price with a large trade.</li>
<li><strong>Staleness</strong>: during extreme volatility, updates can lag the market.</li>
<li><strong>Centralization</strong>: too few operators create a single point of failure.</li>
</ul>
<h2>Better designs</h2>
<p>Time-weighted averages, multiple independent feeds, circuit breakers and sanity checks against other sources all make manipulation harder. When you evaluate a protocol, its oracle design is one of the first things worth reading about.</p>
`,
  },
  {
    title: "How to Read a DeFi Audit Report",
    category: "defi",
    tags: ["defi", "security", "audits", "smart-contracts"],
    excerpt:
      "'Audited' appears on almost every DeFi website. Audit reports are public, and knowing how to skim one tells you far more than the badge. What to look for in scope, findings and fixes.",
    hoursAgo: 1020,
    author: "editor",
    body: `
<p>An audit is a review of a protocol's code by an external security firm. Nearly every project advertises one, but the word alone means little. The report behind it is usually public, and a quick read can be revealing.</p>
<h2>Check the scope</h2>
<p>Audits cover specific contracts at a specific version. If the protocol has since deployed new code, that code may never have been reviewed. Compare the commit or version in the report with what is live.</p>
<h2>Read the findings</h2>
<p>Findings are ranked by severity. Critical and high issues should be fixed, with the fix verified by the auditors. Look for issues marked acknowledged rather than resolved, and read why.</p>
<h2>Look for patterns</h2>
<ul>
<li>Many critical findings suggest code that was not ready for review.</li>
<li>Multiple audits from different firms add confidence.</li>
<li>A bug bounty program shows ongoing commitment to security.</li>
</ul>
<blockquote>An audit is a snapshot of a codebase on a given day, not a guarantee for every day after.</blockquote>
`,
  },
  {
    title: "NFT Royalties: What Happened to the Creator's Cut",
    category: "nft",
    tags: ["nft", "royalties", "creators", "marketplaces"],
    excerpt:
      "Creator royalties were one of the NFT market's founding promises. Marketplace competition made them optional. How we got here, and the on-chain tools creators now use to protect income.",
    hoursAgo: 22,
    author: "author",
    body: `
<p>When NFTs took off, one promise stood out for artists: every time their work was resold, they would receive a percentage automatically. For a while, that is roughly how it worked. Then the market changed.</p>
<h2>Royalties were never enforced by the token</h2>
<p>Most NFT standards let a collection declare a royalty, but paying it was up to the marketplace. When new marketplaces competed for traders by making royalties optional, many buyers and sellers chose not to pay.</p>
<h2>The response</h2>
<ul>
<li>Some collections restricted trading to marketplaces that honour royalties.</li>
<li>Newer token standards allow creators to enforce rules on transfers.</li>
<li>Many artists shifted to primary sales, memberships and commissions instead.</li>
</ul>
<h2>What it means for collectors</h2>
<p>Before buying, check how a collection handles royalties and on which marketplaces it can trade. Restrictions protect creators but can limit where you can sell.</p>
`,
  },
  {
    title: "Beyond Profile Pictures: Where NFTs Are Finding Real Uses",
    category: "nft",
    tags: ["nft", "ticketing", "gaming", "identity"],
    excerpt:
      "The speculative boom has cooled, but the technology remains. Ticketing, game items, memberships and on-chain credentials are quieter uses where NFTs solve practical problems.",
    hoursAgo: 390,
    author: "editor",
    body: `
<p>For many people NFTs mean expensive cartoon apes. That era's prices have cooled considerably, but the underlying idea, a unique token that proves ownership of something, is finding more practical work.</p>
<h2>Ticketing</h2>
<p>Tickets issued as tokens can be verified instantly, resold under rules the organiser sets, and kept as collectibles after the event. Fraud and touting become harder when every ticket's history is visible.</p>
<h2>Game items</h2>
<p>Items owned as tokens can, in principle, be traded outside a game's own shop. The idea works best where the game's design actually benefits from open trading.</p>
<h2>Memberships and credentials</h2>
<p>Communities use tokens as keys to events and content. Universities and training providers experiment with certificates that anyone can verify without calling the issuer.</p>
<p>None of these uses make headlines like record auction prices did. That may be a good sign.</p>
`,
  },
  {
    title: "Evaluating an NFT Collection Before You Buy",
    category: "nft",
    tags: ["nft", "due-diligence", "risk", "collecting"],
    excerpt:
      "Floor prices and volume charts tell only part of the story. A checklist for judging an NFT collection: who made it, who holds it, where the art lives, and what the roadmap actually promises.",
    hoursAgo: 1400,
    author: "admin",
    body: `
<p>Buying an NFT is closer to buying art or a collectible than a stock, and the same instinct applies: know what you are buying and from whom.</p>
<h2>The creators</h2>
<p>Are they identifiable, with a track record? Anonymous teams are not automatically suspect, but they make accountability harder.</p>
<h2>The holders</h2>
<p>Look at how many unique wallets own pieces, and whether a few hold a large share. Concentrated ownership means a few sellers can crash the floor.</p>
<h2>Where the art lives</h2>
<p>Some collections store their images on-chain. Others point to files on a server that could disappear. Check the token's metadata before you pay.</p>
<h2>The roadmap</h2>
<ul>
<li>Promises of future games or tokens are not guarantees.</li>
<li>Value built on the art and community alone is easier to judge.</li>
<li>Wash trading can inflate volume; compare sales with unique buyers.</li>
</ul>
`,
  },
  {
    title: "Stablecoin Yields Explained: Where the Interest Really Comes From",
    category: "defi",
    tags: ["defi", "stablecoins", "yield", "risk"],
    excerpt:
      "Platforms offer interest on stablecoins that banks cannot match. Every yield has a source: borrowers, traders, token incentives or risk someone else is not pricing. How to find it.",
    hoursAgo: 33,
    author: "author",
    body: `
<p>Few offers in crypto are as tempting as a steady yield on a dollar-pegged token. The first question to ask about any such offer is also the simplest: who is paying it, and why?</p>
<h2>Borrowers</h2>
<p>In lending markets, depositors earn what borrowers pay. Borrowers want stablecoins to trade with leverage, to short, or to fund other strategies. When demand for leverage is high, rates rise; when markets are calm, they fall.</p>
<h2>Trading fees</h2>
<p>Liquidity providers in stablecoin pools earn a share of swap fees. The risk is lower than in volatile pairs, but not zero: if one coin in the pool loses its peg, providers end up holding more of it.</p>
<h2>Token incentives</h2>
<p>Many headline yields are boosted with a protocol's own tokens. That part of the return depends on the token's price and usually shrinks as incentives end.</p>
<h2>Real-world assets</h2>
<p>Some products pass through interest from government debt held off-chain. The yield is real, and so are the dependencies on issuers and custodians.</p>
<blockquote>If you cannot name the source of a yield, you are probably the source.</blockquote>
`,
  },
  {
    title: "Ordinals and Inscriptions: Art, Arguments and Block Space on Bitcoin",
    category: "nft",
    tags: ["bitcoin", "ordinals", "nft", "fees"],
    excerpt:
      "Inscriptions let people attach images and text to individual satoshis. They created a new market for digital artifacts on Bitcoin, and a heated debate about what block space is for.",
    hoursAgo: 250,
    author: "editor",
    body: `
<p>For years, collectibles lived almost entirely on other chains. Then a numbering scheme for individual satoshis, combined with space freed by earlier upgrades, made it possible to inscribe data directly into Bitcoin transactions.</p>
<h2>How inscriptions work</h2>
<p>The ordinal theory assigns every satoshi a serial number based on when it was mined. An inscription attaches content, such as an image or text, to a specific satoshi by embedding it in transaction data. Whoever holds that satoshi holds the inscription.</p>
<h2>The debate</h2>
<ul>
<li><strong>Supporters</strong> see new demand for block space that pays miners fees, which matters as the block subsidy shrinks.</li>
<li><strong>Critics</strong> see data that bloats the chain and crowds out payments when fees spike.</li>
</ul>
<h2>What it means for ordinary users</h2>
<p>When inscription activity surges, fees for everyone rise. Wallets that are not aware of inscriptions can also accidentally spend a valuable satoshi as an ordinary fee, so collectors use wallets built to protect them.</p>
`,
  },
  {
    title: "Draft: Layer-Two Bridges Compared, Costs and Trust Assumptions",
    category: "ethereum",
    tags: ["ethereum", "bridges", "layer-2"],
    excerpt:
      "A working draft comparing canonical rollup bridges with third-party bridges: the fees, the waiting times and the trust assumptions behind each option, for a future explainer.",
    hoursAgo: 0,
    author: "author",
    status: "draft",
    body: `
<p>Moving funds between Ethereum and its rollups can be done through the rollup's own bridge or through a third-party service. This draft collects the trade-offs before we turn it into a full explainer.</p>
<h2>Canonical bridges</h2>
<p>The rollup's own bridge inherits its security but may impose a waiting period on withdrawals.</p>
<h2>Third-party bridges</h2>
<p>Liquidity networks offer speed at the cost of trusting their contracts and operators.</p>
`,
  },
];
