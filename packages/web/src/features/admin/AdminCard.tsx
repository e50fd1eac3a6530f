/** Settings' 'Admin Features' card, admins only (spec §2). Filled in by the admin feature. */
export function AdminCard() {
  return null;
}
