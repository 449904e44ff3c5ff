/**
 * Scorecards (issue 40): each job names the attributes its interviewers rate (Greenhouse's "interview kit");
 * an interviewer rates each on a 4-point scale, gives an overall recommendation and a note. An interviewer
 * sees the others' scorecards only once their own is in, and cannot change it after, so no one's view leans
 * on another's.
 */
export const SCORECARD_LIMITS = { attributes: 20, attribute: 80, note: 5000 } as const

export const RATINGS = [1, 2, 3, 4] as const
export type Rating = (typeof RATINGS)[number]
export const RATING_LABELS: Record<Rating, string> = { 1: 'Poor', 2: 'Mixed', 3: 'Good', 4: 'Strong' }

export const RECOMMENDATIONS = ['strong-no', 'no', 'yes', 'strong-yes'] as const
export type Recommendation = (typeof RECOMMENDATIONS)[number]
export const RECOMMENDATION_LABELS: Record<Recommendation, string> = {
  'strong-no': 'Definitely not',
  no: 'No',
  yes: 'Yes',
  'strong-yes': 'Strong yes',
}

export interface Scorecard {
  staffId: number
  /** Who wrote it (their name then). */
  by: string
  ratings: Record<string, Rating>
  overall: Recommendation
  note: string
  submittedAt: string
}

export const SCORECARD_MESSAGES = {
  noAttributes: "This job's scorecard has no attributes yet",
  unrated: (attribute: string) => `Rate "${attribute}"`,
  unknownAttribute: (attribute: string) => `"${attribute}" is not on this job's scorecard`,
  attributeTwice: (attribute: string) => `"${attribute}" is on the scorecard twice`,
  alreadyIn: 'Your scorecard for this candidate is in: it cannot be changed',
} as const

/** A card's rating of one attribute; an attribute named like a built-in ("constructor") is no exception. */
export const ratingOf = (ratings: Record<string, Rating>, attribute: string): Rating | undefined =>
  Object.hasOwn(ratings, attribute) ? ratings[attribute] : undefined

/** The scorecards one reader may see: everyone's, or an interviewer's own and the others' only once theirs is in. */
export function visibleScorecards(
  cards: Scorecard[],
  reader: { staffId: number; interviewer: boolean },
): { cards: Scorecard[]; hidden: number } {
  if (!reader.interviewer || cards.some((card) => card.staffId === reader.staffId)) return { cards, hidden: 0 }
  return { cards: [], hidden: cards.length }
}

export interface ScorecardSummary {
  count: number
  overall: Record<Recommendation, number>
  /** Each attribute's mean rating, one decimal; null when no one rated it. */
  averages: { attribute: string; average: number | null }[]
}

/** What the candidate's page sums up: how many said what overall, and each attribute's mean. */
export function scorecardSummary(cards: Scorecard[], attributes: string[]): ScorecardSummary {
  const overall = Object.fromEntries(RECOMMENDATIONS.map((value) => [value, 0])) as Record<Recommendation, number>
  for (const card of cards) overall[card.overall]++
  const averages = attributes.map((attribute) => {
    const ratings = cards.map((card) => ratingOf(card.ratings, attribute)).filter((rating) => rating !== undefined)
    const sum = ratings.reduce((total, rating) => total + rating, 0)
    return { attribute, average: ratings.length ? Math.round((sum / ratings.length) * 10) / 10 : null }
  })
  return { count: cards.length, overall, averages }
}
