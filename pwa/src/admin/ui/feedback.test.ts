import { describe, expect, it } from 'vitest';
import { ApiError } from '@redaktion/shared/client';
import { adminTranslator } from '../i18n';
import { failureText } from './feedback';

describe('failureText', () => {
  const sv = adminTranslator('sv');

  it("shows the server's reason, in Swedish when it is a known one", () => {
    expect(failureText(new ApiError(400, 'Title is required', 'validation_failed'), 'Kunde inte spara', sv)).toBe('Titel krävs');
    expect(failureText(new ApiError(409, 'Something only the server says', 'conflict'), 'Kunde inte spara', sv)).toBe('Something only the server says');
  });

  it("keeps the upload's own words and never shows the browser's 'Failed to fetch'", () => {
    expect(failureText(new Error('Network error'), 'Kunde inte spara', sv)).toBe('Nätverksfel');
    expect(failureText(new TypeError('Failed to fetch'), 'Kunde inte spara', sv)).toBe('Kunde inte spara');
  });
});
