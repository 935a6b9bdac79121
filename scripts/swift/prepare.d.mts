/** The packages Swift needs, as apt names them. */
export const SWIFT_PACKAGES: string[];
/** The cache folder the packages are kept in (SWIFT_CACHE_DIR, else ~/.cache/redaktion-swift). */
export function swiftCacheDir(env?: NodeJS.ProcessEnv): string;
/** Downloads and unpacks Swift if not done yet; returns the unpacked tree (its usr/bin, usr/lib/python3/...). */
export function prepareSwift(env?: NodeJS.ProcessEnv): string;
