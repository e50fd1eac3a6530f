import { messages } from '@askbox/common';
import { EmptyState } from '../../components/EmptyState';

export function HomeScreen() {
  return (
    <div className="screen">
      <h1 className="screen-title">{messages.navHome}</h1>
      <EmptyState title={messages.noPosts} detail={messages.followMore} />
    </div>
  );
}
