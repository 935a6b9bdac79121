/** Built by the admin-screens issue. */
export function ApprovalsTab() {
  return null;
}
