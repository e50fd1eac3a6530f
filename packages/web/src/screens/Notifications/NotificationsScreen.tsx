import { useState } from 'react';
import { messages } from '@askbox/common';
import { EmptyState } from '../../components/EmptyState';

export function NotificationsScreen() {
  const [tab, setTab] = useState<'activity' | 'answers'>('activity');
  return (
    <div className="screen">
      <h1 className="screen-title">{messages.navNotifications}</h1>
      <div role="tablist" aria-label={messages.navNotifications} style={{ display: 'flex', gap: 8 }}>
        <button type="button" role="tab" aria-selected={tab === 'activity'} className={`btn btn-small ${tab === 'activity' ? 'btn-primary' : 'btn-secondary'}`} onClick={() => setTab('activity')}>
          {messages.activity}
        </button>
        <button type="button" role="tab" aria-selected={tab === 'answers'} className={`btn btn-small ${tab === 'answers' ? 'btn-primary' : 'btn-secondary'}`} onClick={() => setTab('answers')}>
          {messages.answers}
        </button>
      </div>
      <div role="tabpanel">{tab === 'activity' ? <EmptyState title={messages.noNotifications} /> : <EmptyState title={messages.noAnswersYet} />}</div>
    </div>
  );
}
