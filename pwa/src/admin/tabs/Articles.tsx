/** Built by the admin-screens issue. */
export function ArticlesTab() {
  return null;
}
