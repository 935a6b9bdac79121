import { t } from './i18n.js';

/** Sizes, speeds and durations as the upload list shows them. */
export function bytes(value: number): string {
  if (value < 1024 * 1024) return `${Math.round(value / 1024)} KB`;
  if (value < 1024 ** 3) return `${(value / 1024 / 1024).toFixed(1)} MB`;
  return `${(value / 1024 ** 3).toFixed(2)} GB`;
}

export const speed = (bytesPerSecond: number) => `${bytes(bytesPerSecond)}/s`;

export function remaining(seconds: number | null): string {
  if (seconds === null) return t('time.waiting');
  if (seconds < 60) return t('time.seconds', { n: Math.max(1, Math.round(seconds)) });
  const minutes = Math.round(seconds / 60);
  return minutes < 60 ? t('time.minutes', { n: minutes }) : t('time.hours', { h: Math.floor(minutes / 60), m: minutes % 60 });
}
