/** Built by the admin-screens issue. */
export function StaffTab() {
  return null;
}
