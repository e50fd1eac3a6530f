import { messages } from '@askbox/common';
import { EmptyState } from '../../components/EmptyState';

export function FriendsScreen() {
  return (
    <div className="screen">
      <h1 className="screen-title">{messages.navFriends}</h1>
      <h2 className="section-title">{messages.recommendedFriends}</h2>
      <EmptyState title={messages.noRecommendations} />
    </div>
  );
}
