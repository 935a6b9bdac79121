/** Sizes, speeds and durations as the upload list shows them. */
export function bytes(value: number): string {
  if (value < 1024 * 1024) return `${Math.round(value / 1024)} KB`;
  if (value < 1024 ** 3) return `${(value / 1024 / 1024).toFixed(1)} MB`;
  return `${(value / 1024 ** 3).toFixed(2)} GB`;
}

export const speed = (bytesPerSecond: number) => `${bytes(bytesPerSecond)}/s`;

export function remaining(seconds: number | null): string {
  if (seconds === null) return 'waiting for the connection';
  if (seconds < 60) return `${Math.max(1, Math.round(seconds))} s left`;
  const minutes = Math.round(seconds / 60);
  return minutes < 60 ? `${minutes} min left` : `${Math.floor(minutes / 60)} h ${minutes % 60} min left`;
}
