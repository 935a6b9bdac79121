/** Values read back the same from both engines: SQLite gives 0/1 and text, PostgreSQL booleans, Dates and parsed JSON. */

export const nowIso = (): string => new Date().toISOString();

export function toIso(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value as string);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

export const toBool = (value: unknown): boolean => value === true || value === 1 || value === '1' || value === 'true';

export function fromJson<T>(value: unknown, fallback: T): T {
  if (value === null || value === undefined) return fallback;
  if (typeof value !== 'string') return value as T;
  try {
    return JSON.parse(value) as T;
  } catch {
    return fallback;
  }
}

/** JSON columns are written as text on both engines. */
export const toJson = (value: unknown): string => JSON.stringify(value);

/** The id of an insert on both engines (SQLite answers numbers, PostgreSQL rows for `returning`). */
export function insertedId(result: unknown[]): number {
  const first = result[0] as number | { id: number };
  return typeof first === 'number' ? first : first.id;
}

/** A count(*) arrives as a number on SQLite and a string on PostgreSQL. */
export const toCount = (row: unknown): number => Number((row as { count?: unknown } | undefined)?.count ?? 0);
