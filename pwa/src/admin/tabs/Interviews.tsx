/** Built by the admin-screens issue. */
export function InterviewsTab() {
  return null;
}
