import { messages } from '@askbox/common';
import { EmptyState } from '../../components/EmptyState';

/** A profile's answered questions, 20 a page (spec §2). Filled in by the questions feature. */
export function AnswersList(_props: { username: string; isOwnProfile: boolean }) {
  return <EmptyState title={messages.noAnswersNow} />;
}
