import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { resetAdminScreens, jsonFetch, renderAdmin, staffUser } from '../test/render';
import { AiTab } from './AiCards';

afterEach(resetAdminScreens);

describe('the AI generator tab', () => {
  it('describes article generation, image generation and topic suggestions, each leading to the generator', () => {
    renderAdmin(<AiTab />, { fetch: jsonFetch({}).fetch, user: staffUser() });
    for (const title of ['Article generation', 'Image generation', 'Topic suggestions']) {
      const card = within(screen.getByRole('heading', { name: title }).closest('li')!);
      expect(card.getByRole('link', { name: `Open AI Generator: ${title}` }).getAttribute('href')).toBe('/admin/ai-generator');
    }
    expect(screen.getByText('Short (400-600 words) · Medium (800-1200 words) · Long (1500-2000 words)')).toBeTruthy();
    expect(screen.getByText('News · Politics · Society · Culture · Business · Technology')).toBeTruthy();
  });
});
