/**
 * Four feeds as the newswires send them (RSS 2.0, Atom, RSS 1.0 and one with hostile markup), for
 * the feed parser's test and the breaking-news test that serves them from a stand-in.
 */

export const rssFeed = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/">
  <channel>
    <title>Chain Daily</title>
    <link>https://chaindaily.example/</link>
    <item>
      <title>Bitcoin ETF inflows hit a record &amp; analysts react</title>
      <link>https://chaindaily.example/news/etf-inflows?utm_source=rss#top</link>
      <guid isPermaLink="false">cd-1001</guid>
      <description><![CDATA[<p>Spot <b>bitcoin</b> funds took in more than ever in one day.</p><script>alert(1)</script>]]></description>
      <pubDate>Tue, 10 Dec 2024 09:00:00 GMT</pubDate>
      <category>Markets</category>
      <category>ETF</category>
    </item>
    <item>
      <title>Ethereum developers set a date for the next upgrade</title>
      <link>https://chaindaily.example/news/eth-upgrade</link>
      <guid isPermaLink="false">cd-1002</guid>
      <description>Core developers agreed on a schedule.</description>
      <pubDate>Tue, 10 Dec 2024 11:00:00 GMT</pubDate>
    </item>
    <item>
      <title>Ethereum developers set a date for the next upgrade</title>
      <link>https://chaindaily.example/news/eth-upgrade</link>
      <guid isPermaLink="false">cd-1002</guid>
      <description>The same item listed twice.</description>
      <pubDate>Tue, 10 Dec 2024 11:00:00 GMT</pubDate>
    </item>
  </channel>
</rss>`;

export const atomFeed = `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <title type="text">Ledger Wire</title>
  <id>urn:uuid:feed-ledger-wire</id>
  <updated>2024-12-10T12:00:00Z</updated>
  <entry>
    <title type="html">DeFi lender pauses &lt;em&gt;withdrawals&lt;/em&gt; after exploit</title>
    <link rel="alternate" href="https://ledgerwire.example/defi-exploit"/>
    <link rel="enclosure" href="https://ledgerwire.example/image.jpg"/>
    <id>urn:uuid:entry-1</id>
    <published>2024-12-10T12:00:00Z</published>
    <summary type="html">&lt;p&gt;The protocol said funds are safe.&lt;/p&gt;</summary>
    <category term="DeFi"/>
    <category term="Security"/>
  </entry>
  <entry>
    <title>Bitcoin ETF inflows hit a record and analysts react</title>
    <link href="https://chaindaily.example/news/etf-inflows"/>
    <id>urn:uuid:entry-2-syndicated</id>
    <updated>2024-12-10T09:30:00Z</updated>
    <summary>Syndicated copy of the Chain Daily story.</summary>
  </entry>
</feed>`;

export const rdfFeed = `<?xml version="1.0"?>
<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/">
  <channel rdf:about="https://old.example/"><title>Old School Crypto</title></channel>
  <item rdf:about="https://old.example/nft-market">
    <title>NFT market volume cools</title>
    <link>/nft-market</link>
    <description>Trading slowed across marketplaces.</description>
    <dc:date>2024-12-09T08:00:00Z</dc:date>
    <dc:subject>NFT</dc:subject>
  </item>
</rdf:RDF>`;

export const hostileFeed = `<?xml version="1.0"?>
<rss version="2.0"><channel><title>Sketchy &lt;b&gt;Feed&lt;/b&gt;</title>
  <item>
    <title>&lt;img src=x onerror=alert(1)&gt;Solana outage report</title>
    <link>javascript:alert(1)</link>
    <guid>https://sketchy.example/solana-outage</guid>
    <description>&lt;a href="javascript:alert(2)"&gt;click&lt;/a&gt; "quoted" &amp; more</description>
  </item>
</channel></rss>`;
