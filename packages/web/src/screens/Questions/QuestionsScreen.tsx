import { messages } from '@askbox/common';
import { EmptyState } from '../../components/EmptyState';

export function QuestionsScreen() {
  return (
    <div className="screen">
      <h1 className="screen-title">{messages.navQuestions}</h1>
      <EmptyState title={messages.noQuestions} />
    </div>
  );
}
