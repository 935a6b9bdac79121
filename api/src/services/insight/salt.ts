import { createHash, randomBytes } from 'node:crypto';
import { stockholmDay } from '@redaktion/shared';
import type { Db } from '../../db/connection.js';

export type Clock = () => Date;

/**
 * The day's salt of the reader hash (contract §9 [insight]): one a Stockholm day, kept in the database so that every
 * process hashes a reader alike, and deleted once its day has ended, after which no one can tell whose a hash was.
 */
export function createSalts(db: Db, now: Clock) {
  // This process's copy of the current day's salt; a new day replaces it, so yesterday's leaves memory too.
  let cached: { day: string; salt: string } | null = null;

  /** Deletes the salts of the days before today's: called as a new day is first seen here, and by a recurring job. */
  const purgeEnded = async (): Promise<void> => { await db('insight_salts').where('day', '<', stockholmDay(now())).delete(); };

  /** Today's salt: the stored one, or a new one stored by whichever process asks first (the others then read it). */
  const today = async (): Promise<{ day: string; salt: string }> => {
    const day = stockholmDay(now());
    if (cached?.day === day) return cached;
    await db('insight_salts').insert({ day, salt: randomBytes(32).toString('hex') }).onConflict('day').ignore();
    const row = await db('insight_salts').where({ day }).first<{ salt: string } | undefined>();
    if (!row) throw new Error(`The insight salt of ${day} could not be stored`);
    cached = { day, salt: row.salt };
    await purgeEnded();
    return cached;
  };

  return {
    today,
    purgeEnded,
    /** The reader hash of the day: the address and user agent never leave this function. */
    readerHash: async (address: string, userAgent: string): Promise<{ day: string; reader: string }> => {
      const { day, salt } = await today();
      const reader = createHash('sha256').update(`${salt}\n${address}\n${userAgent}`).digest('hex');
      return { day, reader };
    },
  };
}

export type Salts = ReturnType<typeof createSalts>;
