import { Link } from 'react-router';
import { Settings } from 'lucide-react';
import { messages } from '@askbox/common';
import { Avatar } from '../../components/Avatar';
import { AskBox } from '../../features/questions/AskBox';
import { AnswersList } from '../../features/answers/AnswersList';
import { useViewer } from '../../features/session/api';

export function ProfileScreen() {
  const me = useViewer();
  return (
    <div className="screen">
      <div style={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Link to="/settings" className="icon-btn" aria-label="Settings">
          <Settings size={22} aria-hidden />
        </Link>
      </div>
      <div style={{ textAlign: 'center' }}>
        <Avatar src={me.photoURL} name={me.fullname} size={96} />
        <h1 style={{ margin: 'var(--space-2) 0 0' }}>{me.fullname}</h1>
        <p className="muted" style={{ margin: 0 }}>@{me.username}</p>
        <Link to="/edit-profile" className="btn btn-secondary btn-small" style={{ marginTop: 'var(--space-3)' }}>
          {messages.editProfile}
        </Link>
      </div>
      <h2 className="section-title">{messages.answers}</h2>
      <AskBox receiverUsername={me.username} isOwnProfile />
      <AnswersList username={me.username} isOwnProfile />
    </div>
  );
}
