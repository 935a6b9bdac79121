/** Built by the admin-screens issue. */
export function PodcastsTab() {
  return null;
}
