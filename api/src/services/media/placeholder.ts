/** A brand-coloured placeholder with its size written in the middle. */
export function placeholderSvg(width: number, height: number): string {
  const fontSize = Math.max(10, Math.round(Math.min(width, height) / 8));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${width} × ${height}">`
    + `<rect width="100%" height="100%" fill="#e7e2d8"/>`
    + `<text x="50%" y="50%" dominant-baseline="middle" text-anchor="middle" font-family="system-ui, sans-serif" font-size="${fontSize}" fill="#8a8375">${width} × ${height}</text>`
    + '</svg>';
}
