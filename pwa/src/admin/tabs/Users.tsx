/** Built by the admin-screens issue. */
export function UsersTab() {
  return null;
}
