import type { FormEvent } from 'react';

/**
 * What a submitted form's fields hold, read from the form itself. A reader's form on a server-rendered page keeps its
 * fields there, not in React state: a reader may type and press submit before the page is interactive (the press is
 * replayed once it is, shared/src/helpers/early-taps.ts), and then only the form has what they typed; a field bound
 * to state would submit the state's empty value and be emptied on the next render.
 */
export function formValues<Name extends string>(event: FormEvent<HTMLFormElement>, names: readonly Name[]): Record<Name, string> {
  const data = new FormData(event.currentTarget);
  return Object.fromEntries(names.map((name) => [name, String(data.get(name) ?? '')])) as Record<Name, string>;
}
