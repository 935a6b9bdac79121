import type { Episode } from '@redaktion/shared';

/**
 * Words that make an episode an interview (admin-area.md §2), with the Swedish ones of contract.md §7,
 * for episodes made before `kind` existed.
 */
const INTERVIEW_WORDS = ['interview', 'conversation', 'meets', 'talks about', 'speaks with', 'intervju', 'samtal', 'möter', 'pratar med'];

/** True for an interview: made by the interview form, or an episode whose title or description says it is one. */
export function isInterview(episode: Pick<Episode, 'kind' | 'title' | 'description'>): boolean {
  if (episode.kind === 'interview') return true;
  const title = episode.title.toLocaleLowerCase('sv-SE');
  const text = `${title}\n${(episode.description ?? '').toLocaleLowerCase('sv-SE')}`;
  return title.includes('with ') || INTERVIEW_WORDS.some((word) => text.includes(word));
}
