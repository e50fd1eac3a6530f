import { Link } from 'react-router';
import { messages } from '@askbox/common';
import { useViewer } from '../../features/session/api';

export function EditProfileScreen() {
  const me = useViewer();
  return (
    <div className="screen">
      <h1 className="screen-title">{messages.editProfile}</h1>
      <div className="field">
        <span className="label">Username</span>
        <span>@{me.username}</span>
        <span className="hint">{messages.usernameCannotChange}</span>
      </div>
      <Link to="/profile" className="btn btn-secondary">
        {messages.cancel}
      </Link>
    </div>
  );
}
