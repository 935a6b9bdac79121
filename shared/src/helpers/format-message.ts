/**
 * The one message formatter of the three catalogues (the reader's, the admin screens', the desktop shell's): a
 * message is plain text with `{name}` placeholders, filled from the values a screen passes.
 */

export type MessageValues = Readonly<Record<string, string | number>>;

/**
 * Fills each `{name}` with its value. A value that is missing (absent, null or undefined) leaves its `{name}` in
 * the text: a screen that forgot a value then shows the gap where a reader, a test or a translator sees it, rather
 * than a fluent sentence with a word silently gone ("Sign in to " instead of "Sign in to {name}"). 0 and '' are values.
 */
export function formatMessage(template: string, values: MessageValues = {}): string {
  return template.replace(/\{(\w+)\}/g, (placeholder, name: string) => String(values[name] ?? placeholder));
}

/**
 * A catalogue's translate function. The catalogues' types hold every key, so the fallbacks guard only a key made at
 * run time: it shows the fallback catalogue's text (the one every message is written in first), else the key itself,
 * the same rule as a missing value (the gap shows its name).
 */
export function messageTranslator<K extends string>(catalogue: Readonly<Record<K, string>>, fallback: Readonly<Record<K, string>>) {
  return (key: K, values?: MessageValues): string => formatMessage(catalogue[key] ?? fallback[key] ?? key, values);
}
