/** Built by the admin-screens issue. */
export function AiTab() {
  return null;
}
