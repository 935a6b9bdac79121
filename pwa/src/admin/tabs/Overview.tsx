/** Built by the admin-screens issue. */
export function OverviewTab() {
  return null;
}
