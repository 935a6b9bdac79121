import { describe, expect, it } from 'vitest';
import { isInterview } from './interview-filter';

const episode = (title: string, description = '', kind: 'episode' | 'interview' = 'episode') => ({ title, description, kind });

describe('the Interviews tab filter', () => {
  it('keeps everything the interview form made, whatever it is called', () => {
    expect(isInterview(episode('Veckans nyheter', 'Sammanfattning', 'interview'))).toBe(true);
  });

  it.each([
    ['An Interview with the minister', ''],
    ['Morning show', 'A conversation on housing'],
    ['The editor meets the mayor', ''],
    ['Weekly', 'She talks about the election'],
    ['Weekly', 'He speaks with farmers'],
    ['Coffee with Anna', ''],
    ['Intervjun: Havsforskaren', ''],
    ['Morgonekot', 'Ett samtal om skolan'],
    ['Redaktören MÖTER konstnären', ''],
    ['Veckan', 'Hon pratar med väljare i Umeå'],
  ])('keeps an episode titled %j described %j', (title, description) => {
    expect(isInterview(episode(title, description))).toBe(true);
  });

  it('leaves out other episodes, and "with " only counts in the title', () => {
    expect(isInterview(episode('Morgonekot: valet', 'Veckans politik'))).toBe(false);
    expect(isInterview(episode('Budget news', 'Analysis with charts'))).toBe(false);
  });
});
