/** Built by the admin-screens issue. */
export function SettingsTab() {
  return null;
}
