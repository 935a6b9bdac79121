/** Built by the admin-screens issue. */
export function AiGenerator() {
  return null;
}
