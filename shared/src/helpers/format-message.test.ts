import { describe, expect, it } from 'vitest';
import { formatMessage, messageTranslator } from './format-message.js';

describe('formatMessage', () => {
  it('fills every placeholder, each as often as it appears', () => {
    expect(formatMessage('{h} h {m} min left', { h: 2, m: 5 })).toBe('2 h 5 min left');
    expect(formatMessage('{n} of {n}', { n: 3 })).toBe('3 of 3');
  });

  it('writes 0 and the empty string as values', () => {
    expect(formatMessage('{n} s left', { n: 0 })).toBe('0 s left');
    expect(formatMessage('[{name}]', { name: '' })).toBe('[]');
  });

  it('leaves the placeholder of a missing value visible', () => {
    expect(formatMessage('Sign in to {name}', {})).toBe('Sign in to {name}');
    expect(formatMessage('Sign in to {name}')).toBe('Sign in to {name}');
    expect(formatMessage('{sent} of {size}', { sent: '1 MB' })).toBe('1 MB of {size}');
  });

  it('keeps text without placeholders and other braces as they are', () => {
    expect(formatMessage('Just now', { n: 1 })).toBe('Just now');
    expect(formatMessage('{ not a placeholder } {a-b}', { a: 1 })).toBe('{ not a placeholder } {a-b}');
  });
});

describe('messageTranslator', () => {
  const en = { greet: 'Hello {name}', bye: 'Bye' };
  const sv = { greet: 'Hej {name}', bye: 'Hej då' };

  it("answers in its catalogue's language", () => {
    const t = messageTranslator(sv, en);
    expect(t('greet', { name: 'Anna' })).toBe('Hej Anna');
    expect(t('bye')).toBe('Hej då');
  });

  it('falls back to the first catalogue, then to the key, for a key only known at run time', () => {
    const t = messageTranslator({ greet: 'Hej {name}' } as typeof sv, en);
    expect(t('bye')).toBe('Bye');
    expect(t('gone' as keyof typeof en)).toBe('gone');
  });
});
