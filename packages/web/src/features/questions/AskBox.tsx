/**
 * The 'Ask me a question' box on a profile (spec §2, §5). Filled in by the questions feature.
 * On the own profile the question goes to yourself.
 */
export function AskBox(_props: { receiverUsername: string; isOwnProfile: boolean }) {
  return null;
}
