/** One part of the admin catalogue: English (the spec's words) and Swedish with exactly the same keys. */
export const area = <E extends Record<string, string>>(en: E, sv: { [K in keyof E]: string }) => ({ en, sv });
