/** Built by the admin-screens issue. */
export function AdsTab() {
  return null;
}
