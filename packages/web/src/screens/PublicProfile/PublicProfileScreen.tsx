import { Link, Navigate, useParams } from 'react-router';
import { Lock } from 'lucide-react';
import { messages } from '@askbox/common';
import { PlainLayout } from '../../app/AppShell';
import { AskBox } from '../../features/questions/AskBox';
import { AnswersList } from '../../features/answers/AnswersList';
import { Spinner } from '../../components/Spinner';
import { useMe } from '../../features/session/api';

export function PublicProfileScreen() {
  const { username = '' } = useParams();
  const { data: me, isPending } = useMe();
  if (isPending) return <Spinner label="Loading" />;
  if (!me) {
    return (
      <PlainLayout>
        <div className="screen" style={{ textAlign: 'center', paddingTop: 'var(--space-6)' }}>
          <Lock size={56} color="var(--color-accent)" aria-hidden />
          <h1>{messages.authRequired}</h1>
          <p className="muted">{messages.authRequiredText}</p>
          <Link to="/login" className="btn btn-primary">
            {messages.logInButton}
          </Link>
        </div>
      </PlainLayout>
    );
  }
  if (me.username === username.toLowerCase()) return <Navigate to="/profile" replace />;
  return (
    <PlainLayout>
      <div className="screen">
        <h1>@{username}</h1>
        <AskBox receiverUsername={username} isOwnProfile={false} />
        <AnswersList username={username} isOwnProfile={false} />
      </div>
    </PlainLayout>
  );
}
