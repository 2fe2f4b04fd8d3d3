/**
 * The finance and crypto vocabulary of the offline classifier (decision 190). General word lists
 * (AFINN) call most financial news positive or miss it: "rose" and "fell" carry no sentiment until
 * we know what rose, and "hack", "delist" or "liquidation" are not in them at all. So the words
 * come in three kinds:
 *
 * - movements: a direction (+1 up, -1 down) whose sentiment depends on what moved: profit up is
 *   good, a loss or costs up is bad ("loss narrowed" is good news);
 * - things that move: the bad ones (losses, costs, debt, outflows) turn a movement around; any
 *   other subject (price, sales, profit, the coin itself) is taken as good;
 * - words with a sentiment of their own, scored from -3 to +3.
 *
 * Phrases (several words), intensifiers and negations are in `finance-phrases.ts`. Forms are listed
 * as they appear, so the classifier needs no stemmer.
 */

function wordList(text: string): string[] {
  return text.split(/\s+/).filter(Boolean);
}

const upWords = `rise rises rising rose risen increase increased increases increasing grow grows growing
grew grown gain gains gained gaining climb climbs climbed climbing jump jumps jumped jumping surge surges
surged surging soar soars soared soaring rally rallies rallied rallying advance advances advanced
advancing up higher improve improves improved improving improvement improvements boost boosts boosted
expand expands expanded expanding expansion double doubled doubles tripled quadrupled rebound rebounds
rebounded recover recovers recovered recovering strengthen strengthens strengthened strengthening
widen widens widened widening raise raises raised raising lift lifts lifted lifting spike spikes spiked
outperform outperforms outperformed outperforming accelerate accelerates accelerated accelerating
exceed exceeds exceeded exceeding growth upturn uptick`;

const downWords = `fall falls falling fell fallen decrease decreased decreases decreasing decline declines
declined declining drop drops dropped dropping slide slides slid sliding slump slumps slumped slumping
plunge plunges plunged plunging tumble tumbles tumbled tumbling sink sinks sank sunk sinking dip dips
dipped dipping down lower lowered lowers lowering shrink shrinks shrank shrunk shrinking
contracted contracting contraction weaken weakens weakened weakening narrow narrows narrowed
narrowing reduce reduces reduced reducing reduction cut cuts cutting slash slashes slashed slashing
crash crashes crashed crashing tank tanks tanked slip slips slipped slipping ease eased eases easing
plummet plummets plummeted plummeting deteriorate deteriorated deteriorates deteriorating worsen
worsened worsens worsening halve halved halves downturn lose loses losing lost erode eroded eroding
underperform underperforms underperformed underperforming`;

/** Subjects that are bad news when they grow: a movement of one of these counts the other way. */
const badThings = `loss losses costs cost expenses expense debt debts deficit deficits unemployment
layoffs layoff outflows outflow liquidations inflation defaults default delinquencies churn provisions
provision impairment impairments write-downs writedowns write-down bankruptcies fraud hacks exploits
complaints volatility fees fee jobless liabilities borrowing leverage short-selling shorts arrears gearing
redundancies claims wages fears concerns worries doubts`;

/**
 * Good things that are often the subject of a movement ("order intake decreased"): the movement
 * already says it, so their own score is not counted again.
 */
export const goodThingWords = new Set(
  wordList(`order orders intake demand confidence profitability efficiency savings adoption inflows
inflow momentum contract contracts backlog profit profits earnings revenue revenues sales income
margin margins dividend`),
);

/**
 * Words that are good or bad news on their own. Weights sit between 0.5 (a hint) and 3 (a hack or
 * a bankruptcy); a sentence needs about 1 to leave neutral (see the thresholds in classifier.ts).
 */
const scoredWords: Record<string, number> = {
  // good news
  approval: 2,
  approve: 1.5,
  approves: 2,
  approved: 2,
  greenlight: 2,
  greenlights: 2,
  greenlighted: 2,
  bullish: 2.5,
  optimistic: 2,
  optimism: 2,
  upbeat: 2,
  confident: 1.5,
  confidence: 0.5,
  strong: 1.5,
  stronger: 1.5,
  strongest: 1.5,
  robust: 1.5,
  solid: 1,
  healthy: 1,
  firm: 0.5,
  profitable: 1.5,
  profitability: 0.8,
  success: 1.5,
  successful: 1.5,
  successfully: 1.5,
  positive: 1.2,
  favourable: 1.5,
  favorable: 1.5,
  beat: 2,
  beats: 2,
  beating: 2,
  surpassed: 2,
  surpasses: 2,
  outperformed: 2,
  upgrade: 0.5,
  upgraded: 2,
  upgrades: 0.5,
  breakthrough: 2,
  milestone: 1.5,
  win: 1.5,
  wins: 1.5,
  won: 1.5,
  awarded: 1.5,
  order: 0.8,
  orders: 0.6,
  contract: 0.6,
  agreement: 0.5,
  partnership: 0.8,
  adoption: 1,
  inflows: 1.5,
  inflow: 1.5,
  buyback: 1.5,
  buybacks: 1.5,
  recovery: 1.5,
  rebound: 1.5,
  boom: 2,
  record: 1,
  best: 1.5,
  better: 1.2,
  welcomed: 1.5,
  cheered: 2,
  secured: 1.2,
  secures: 1.2,
  listing: 0.6,
  halving: 0.5,
  momentum: 1,
  demand: 0.5,
  good: 1.2,
  excellent: 2,
  favour: 1,
  resume: 0.8,
  resumed: 1,
  reopened: 1,
  refunded: 1.5,
  strengthening: 1,
  efficiency: 0.6,
  savings: 1,
  premium: 0.5,
  // bad news
  hack: 3,
  hacked: 3,
  hacker: 2.5,
  hackers: 2.5,
  exploit: 3,
  exploited: 3,
  exploits: 3,
  breach: 2.5,
  breached: 2.5,
  stolen: 2.5,
  stole: 2.5,
  steal: 2.5,
  theft: 2.5,
  drained: 2.5,
  drain: 2,
  drains: 2,
  scam: 3,
  scams: 3,
  fraud: 3,
  fraudulent: 3,
  ponzi: 3,
  lawsuit: 2,
  lawsuits: 2,
  sued: 2,
  sues: 2,
  sue: 1.5,
  charged: 1.5,
  indicted: 2.5,
  arrested: 2.5,
  investigation: 1.2,
  probe: 1.2,
  fined: 2,
  fine: 1,
  penalty: 1.5,
  damages: 1.5,
  ban: 2,
  banned: 2,
  bans: 2,
  crackdown: 2,
  delist: 2.5,
  delisted: 2,
  delisting: 2,
  delists: 2.5,
  halted: 2,
  halts: 2,
  halt: 1.5,
  suspended: 1.5,
  suspends: 1.5,
  suspend: 1.5,
  paused: 1.2,
  pauses: 1.2,
  frozen: 1.5,
  freeze: 1.5,
  froze: 1.5,
  freezing: 1.5,
  seized: 1.5,
  sanctions: 1.2,
  liquidation: 2,
  liquidations: 2,
  liquidated: 2,
  insolvency: 3,
  insolvent: 3,
  bankrupt: 3,
  bankruptcy: 3,
  collapse: 3,
  collapsed: 3,
  collapses: 3,
  selloff: 2,
  "sell-off": 2,
  bearish: 2.5,
  pessimistic: 2,
  warning: 1.5,
  warns: 1.5,
  warned: 1.5,
  downgrade: 2,
  downgraded: 2,
  downgrades: 2,
  missed: 1.5,
  misses: 1.5,
  disappointing: 2,
  disappointed: 2,
  disappointment: 2,
  weak: 1.5,
  weaker: 1.5,
  weakness: 1.5,
  sluggish: 1.5,
  slowdown: 1.5,
  slowed: 1.2,
  stalled: 1.5,
  recession: 2,
  uncertainty: 1,
  concerns: 1,
  concern: 1,
  worries: 1.2,
  fears: 1.5,
  fear: 1.5,
  panic: 2,
  turmoil: 2,
  loss: 1.2,
  losses: 1.2,
  outflows: 1.5,
  outflow: 1.5,
  depeg: 3,
  depegged: 3,
  "de-peg": 3,
  vulnerability: 2,
  vulnerabilities: 2,
  bug: 1.5,
  outage: 2,
  outages: 2,
  downtime: 1.5,
  layoffs: 2,
  redundancies: 2,
  impairment: 1.5,
  "write-down": 2,
  writedown: 2,
  defaulted: 2.5,
  default: 1.5,
  delay: 1,
  delayed: 1.2,
  delays: 1.2,
  postponed: 1.2,
  rejected: 2,
  rejects: 2,
  denied: 1.5,
  dumped: 1.5,
  dumping: 1.5,
  capitulation: 2,
  lowest: 1.2,
  worst: 2,
  risky: 1,
  attack: 2,
  attacks: 2,
  attacker: 2.5,
  attackers: 2.5,
  compromised: 2.5,
  phishing: 2,
  ransomware: 2.5,
  manipulation: 2,
  criminal: 2,
  illegal: 2,
  shortfall: 2,
  negative: 1.2,
  struggle: 1.5,
  struggles: 1.5,
  struggled: 1.5,
  struggling: 1.5,
  failure: 2,
  failed: 1.5,
  fails: 1.5,
  recall: 1.5,
  recalled: 1.5,
  cancelled: 1.5,
  canceled: 1.5,
  closure: 1.2,
  closed: 0.5,
  shut: 1.5,
  strike: 1,
  threat: 1.5,
  hurt: 1.5,
  pressure: 1,
  worse: 1.5,
  deteriorated: 2,
  unlock: 0.8,
  fled: 1.5,
  resigned: 1,
  fire: 1,
};

/** The sign of each entry above that is bad news. */
const negativeWords = new Set(
  `hack hacked hacker hackers exploit exploited exploits breach breached stolen stole steal theft drained
drain drains scam scams fraud fraudulent ponzi lawsuit lawsuits sued sues sue charged indicted arrested
investigation probe fined fine penalty damages ban banned bans crackdown delist delisted delisting delists
halted halts halt suspended suspends suspend paused pauses frozen freeze froze freezing seized sanctions
liquidation liquidations liquidated insolvency insolvent bankrupt bankruptcy collapse collapsed collapses
selloff sell-off bearish pessimistic warning warns warned downgrade downgraded downgrades missed misses
disappointing disappointed disappointment weak weaker weakness sluggish slowdown slowed stalled recession
uncertainty concerns concern worries fears fear panic turmoil loss losses outflows outflow depeg depegged
de-peg vulnerability vulnerabilities bug outage outages downtime layoffs redundancies impairment
write-down writedown defaulted default delay delayed delays postponed rejected rejects denied dumped
dumping capitulation lowest worst risky attack attacks attacker attackers compromised phishing ransomware
manipulation criminal illegal shortfall negative struggle struggles struggled struggling failure failed
fails recall recalled cancelled canceled closure closed shut strike threat hurt pressure worse
deteriorated unlock fled resigned fire`.split(/\s+/),
);

export const movementDirection = new Map<string, 1 | -1>([
  ...wordList(upWords).map((word) => [word, 1] as [string, 1]),
  ...wordList(downWords).map((word) => [word, -1] as [string, -1]),
]);

export const badThingWords = new Set(wordList(badThings));

export const wordScores = new Map<string, number>(
  Object.entries(scoredWords).map(([word, weight]) => [
    word,
    negativeWords.has(word) ? -weight : weight,
  ]),
);
